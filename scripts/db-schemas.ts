// Usage: npm run db:schemas
// Writes prisma/postgresql/schema.prisma from prisma/schema.prisma (the one data model);
// `npm run db:migration:create` runs it too. A test fails while the committed copy differs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { derivePostgresSchema, SCHEMA_FILES } from '../app/db/schemas'

const derived = derivePostgresSchema(readFileSync(SCHEMA_FILES.sqlite, 'utf8'))
mkdirSync(path.dirname(SCHEMA_FILES.postgresql), { recursive: true })
writeFileSync(SCHEMA_FILES.postgresql, derived)
console.log(`Wrote ${SCHEMA_FILES.postgresql}`)
