// Reads `_prisma_migrations` with the plain driver, so checking an up-to-date database at
// start costs one small query instead of compiling 5 MB of WebAssembly.
import { existsSync } from 'node:fs'
import Database from 'better-sqlite3'
import pg from 'pg'
import { engineOf, sqlitePath } from '../utils/env.server'

export type AppliedMigration = {
	name: string
	checksum: string
	finished: boolean
	rolledBack: boolean
}

type Row = {
	name: string
	checksum: string
	finished_at: unknown
	rolled_back_at: unknown
}

const SELECT_ROWS = `SELECT migration_name AS name, checksum, finished_at, rolled_back_at
	FROM _prisma_migrations ORDER BY started_at`

const toApplied = (row: Row): AppliedMigration => ({
	name: row.name,
	checksum: row.checksum,
	finished: row.finished_at !== null,
	rolledBack: row.rolled_back_at !== null,
})

/** Every row of the database's migration table; none for a new database. */
export async function readAppliedMigrations(databaseUrl: string): Promise<AppliedMigration[]> {
	return engineOf(databaseUrl) === 'postgresql'
		? readFromPostgres(databaseUrl)
		: readFromSqlite(sqlitePath(databaseUrl))
}

function readFromSqlite(dbFile: string): AppliedMigration[] {
	if (!existsSync(dbFile)) return []
	const db = new Database(dbFile, { fileMustExist: true, timeout: 5000 })
	try {
		const hasTable = db
			.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`)
			.get()
		return hasTable ? (db.prepare(SELECT_ROWS).all() as Row[]).map(toApplied) : []
	} finally {
		db.close()
	}
}

async function readFromPostgres(databaseUrl: string): Promise<AppliedMigration[]> {
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	try {
		const { rows: tables } = await client.query(
			`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists`,
		)
		if (!tables[0]?.exists) return []
		const { rows } = await client.query<Row>(SELECT_ROWS)
		return rows.map(toApplied)
	} finally {
		await client.end()
	}
}
