// Usage: npm run db:migration:create <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql for the change between the
// migration history and prisma/schema.prisma, and applies it to the development database
// (`prisma migrate dev --name <name>`, without the native engine).
import { createMigration } from '../app/db/migrate.server'
import { getEnv } from '../app/utils/env.server'

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

const result = await createMigration(env.databaseUrl, name)
for (const applied of result.applied) console.log(`Applied ${applied}`)
if (result.name === null) {
	console.log('No schema changes: no migration created.')
} else {
	console.log(`Created prisma/migrations/${result.name}/migration.sql`)
}
