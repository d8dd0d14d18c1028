// Usage: npm run db:migration:create <name>
// After a change to prisma/schema.prisma: derives the PostgreSQL schema from it, then writes
// and applies a migration for each engine (`prisma migrate dev --name <name>`, without the
// native engine):
// - SQLite: prisma/migrations/<timestamp>_<name>, applied to the development database;
// - PostgreSQL: prisma/postgresql/migrations/<timestamp>_<name>, against DATABASE_URL when
//   it is a PostgreSQL URL, otherwise against a throw-away cluster started for the purpose.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createMigration } from '../app/db/migrate.server'
import { derivePostgresSchema, SCHEMA_FILES } from '../app/db/schemas'
import { getEnv } from '../app/utils/env.server'
import { startPostgresCluster } from './postgres-cluster.mjs'

const name = process.argv.slice(2).join('_')
if (!name) {
	console.error('Usage: npm run db:migration:create <name>')
	process.exit(1)
}

const env = getEnv()
if (env.NODE_ENV === 'production') {
	console.error(
		'Refusing to create migrations against a production database (NODE_ENV=production).',
	)
	process.exit(1)
}

mkdirSync(path.dirname(SCHEMA_FILES.postgresql), { recursive: true })
writeFileSync(
	SCHEMA_FILES.postgresql,
	derivePostgresSchema(readFileSync(SCHEMA_FILES.sqlite, 'utf8')),
)
console.log(`Wrote ${SCHEMA_FILES.postgresql}`)

function report(engine: string, result: Awaited<ReturnType<typeof createMigration>>) {
	for (const applied of result.applied) console.log(`${engine}: applied ${applied}`)
	console.log(
		result.name === null
			? `${engine}: no schema changes, no migration created.`
			: `${engine}: created ${result.name}/migration.sql`,
	)
}

const sqliteUrl =
	env.databaseEngine === 'sqlite' ? env.databaseUrl : `file:${path.join(env.dataDir, 'frasea.db')}`
report('SQLite', await createMigration(sqliteUrl, name))

if (env.databaseEngine === 'postgresql') {
	report('PostgreSQL', await createMigration(env.databaseUrl, name))
} else {
	const cluster = await startPostgresCluster()
	try {
		report('PostgreSQL', await createMigration(cluster.url(), name))
	} finally {
		await cluster.stop()
	}
}
