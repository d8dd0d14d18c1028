// Applies pending migrations to the app's database (`prisma migrate deploy`, without the
// native engine). The app also does this at start; this script is for deploys and CI.
import { applyMigrations } from '../app/db/migrate.server'
import { getEnv, sqlitePath } from '../app/utils/env.server'

const { databaseUrl } = getEnv()
const { applied } = await applyMigrations(databaseUrl)
const file = sqlitePath(databaseUrl)
if (applied.length === 0) {
	console.log(`Database ${file} is up to date.`)
} else {
	console.log(`Applied ${applied.length} migration(s) to ${file}:`)
	for (const name of applied) console.log(`  - ${name}`)
}
