import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { derivePostgresSchema, SCHEMA_FILES } from './schemas'

test('the committed PostgreSQL schema is the one derived from the data model (npm run db:schemas)', () => {
	const source = readFileSync(SCHEMA_FILES.sqlite, 'utf8')
	expect(readFileSync(SCHEMA_FILES.postgresql, 'utf8')).toBe(derivePostgresSchema(source))
})

test('the derived schema differs only in its provider and client folder', () => {
	const derived = derivePostgresSchema(readFileSync(SCHEMA_FILES.sqlite, 'utf8'))
	expect(derived).toMatch(/datasource db \{\s*provider = "postgresql"/)
	expect(derived).toContain('output   = "../../app/generated/prisma-postgresql"')
	expect(derived).not.toContain('"sqlite"')
})

test('a native column type, which would mean different things on each engine, is refused', () => {
	const source = readFileSync(SCHEMA_FILES.sqlite, 'utf8').replace(
		'name            String    @map("nombre")',
		'name            String    @map("nombre") @db.VarChar(80)',
	)
	expect(() => derivePostgresSchema(source)).toThrow(/native type .*@db\.VarChar/)
})
