// `npm run db:copy-to-postgres [-- --from file:… --to postgres://…]`: copies a SQLite
// database into PostgreSQL, one way (see README "Moving from SQLite to PostgreSQL").
// Source: --from, else a file: DATABASE_URL, else DATA_DIR/frasea.db. Target: --to, else
// POSTGRES_URL, else a postgres:// DATABASE_URL. Exits 1 when the row counts differ.
import { parseArgs } from 'node:util'
import { CopyRefusedError, countMatches, formatCounts, redactUrl } from '../app/db/copy-report'
import { copySqliteToPostgres } from '../app/db/copy-to-postgres.server'
import { engineOf, parseEnv } from '../app/utils/env.server'

const { values } = parseArgs({
	options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } },
})
if (values.help) {
	console.log(
		'Usage: npm run db:copy-to-postgres -- [--from file:./data/frasea.db] [--to postgres://…]',
	)
	process.exit(0)
}

const databaseUrl = process.env.DATABASE_URL?.trim() || undefined
const { dataDir, databaseUrl: defaultSqlite } = parseEnv({ DATA_DIR: process.env.DATA_DIR })
const from =
	values.from ?? (databaseUrl && engineOf(databaseUrl) === 'sqlite' ? databaseUrl : defaultSqlite)
const to =
	values.to ??
	(process.env.POSTGRES_URL?.trim() ||
		(databaseUrl && engineOf(databaseUrl) === 'postgresql' ? databaseUrl : undefined))
if (!to) {
	console.error(
		'No PostgreSQL database given: pass --to postgres://user:password@host:5432/frasea, or set POSTGRES_URL.',
	)
	process.exit(2)
}

// The password must not reach the terminal or a log, even inside a driver's message.
const password = URL.parse(to)?.password
const hide = (text: string) =>
	password ? text.replaceAll(password, '***').replaceAll(decodeURIComponent(password), '***') : text

console.log(`Copying ${from} and the uploads and avatars in ${dataDir} into ${redactUrl(to)}`)
try {
	const report = await copySqliteToPostgres(from, to, {
		dataDir,
		onTable: (table) => console.log(`  ${table}`),
	})
	if (report.migrationsApplied.length > 0) {
		console.log(`Applied PostgreSQL migration(s): ${report.migrationsApplied.join(', ')}`)
	}
	console.log(`\n${formatCounts(report.tables)}\n`)
	const copied = report.tables.reduce((sum, table) => sum + table.copied, 0)
	if (!report.countsMatch) {
		const tables = report.tables.filter((table) => !countMatches(table))
		console.error(
			`Row counts differ in ${tables.map((table) => table.table).join(', ')}. Rows written to SQLite after they were read are copied by running this again (stop the app first); rows PostgreSQL has that SQLite lacks were not put there by this copy.`,
		)
		process.exit(1)
	}
	console.log(
		`Done: ${copied} row(s) copied now; every table has the same number of rows in both databases.`,
	)
} catch (error) {
	if (error instanceof CopyRefusedError) {
		console.error(hide(error.message))
	} else {
		console.error(
			hide(`The copy failed: ${error instanceof Error ? error.message : String(error)}`),
		)
		console.error('Rows already copied stay; running the command again continues where it stopped.')
	}
	process.exit(1)
}
