// One-way copy of a SQLite database into PostgreSQL (`npm run db:copy-to-postgres`).
// The table list, columns, primary keys and foreign keys are read from the migrated
// PostgreSQL database itself, so a model added later is copied without a change here, and
// a table one side has and the other lacks stops the copy instead of being left behind.
// This module runs the copy; copy-tables.server.ts plans it, copy-rows.server.ts moves the
// rows, copy-report.ts says how it went.
import { existsSync } from 'node:fs'
import { PrismaPg } from '@prisma/adapter-pg'
import Database from 'better-sqlite3'
import pg from 'pg'
import { type PrismaClient } from '../generated/prisma/client'
import { PrismaClient as PostgresPrismaClient } from '../generated/prisma-postgresql/client'
import { engineOf, sqlitePath } from '../utils/env.server'
import { CopyRefusedError, countMatches, type CopyReport, type TableCount } from './copy-report'
import { copyTable, quote, resetSequences } from './copy-rows.server'
import { checkSameTables, copyOrder, readPostgresTables } from './copy-tables.server'
import {
	applyMigrations,
	compareMigrations,
	defaultMigrationPaths,
	readMigrations,
} from './migrate.server'
import { readAppliedMigrations } from './migration-state.server'

const STORED_FILES = 'stored_files'

export type CopyOptions = {
	/** Rows read and inserted at once (fewer for wide tables and tables with binary data). */
	batchRows?: number
	/** Told the name of each table as it starts. */
	onTable?: (table: string) => void
	/** The SQLite install's DATA_DIR, whose uploads and avatars go into stored_files. */
	dataDir?: string
}

/**
 * Copies every row of the SQLite database `from` (a `file:` URL) into the PostgreSQL
 * database `to`, after applying the PostgreSQL migrations. Rows whose primary key is
 * already there are skipped, so running it again copies only what is new. The SQLite side
 * is read inside one transaction: one point in time, even while the app keeps writing.
 */
export async function copySqliteToPostgres(
	from: string,
	to: string,
	options: CopyOptions = {},
): Promise<CopyReport> {
	if (engineOf(from) !== 'sqlite') throw new CopyRefusedError(['the source must be a file: URL'])
	if (engineOf(to) !== 'postgresql') {
		throw new CopyRefusedError(['the target must be a postgres:// or postgresql:// URL'])
	}
	const file = sqlitePath(from)
	if (!existsSync(file)) throw new CopyRefusedError([`there is no SQLite database at ${file}`])
	await checkSqliteVersion(from)
	const { applied } = await applyMigrations(to)

	const client = new pg.Client({ connectionString: to })
	await client.connect()
	const sqlite = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 })
	try {
		const tables = copyOrder(await readPostgresTables(client))
		checkSameTables(sqlite, tables)
		const copied = new Map<string, number>()
		sqlite.exec('BEGIN')
		try {
			for (const table of tables) {
				options.onTable?.(table.name)
				copied.set(table.name, await copyTable(sqlite, client, table, options.batchRows ?? 500))
			}
			await resetSequences(client, tables)
			const files = options.dataDir ? await copyFiles(options.dataDir, to) : undefined
			const counts: TableCount[] = []
			for (const table of tables) {
				const sql = `SELECT count(*) AS n FROM ${quote(table.name)}`
				const sqliteRow = sqlite.prepare(sql).get() as { n: number }
				const { rows } = await client.query<{ n: string }>(sql)
				counts.push({
					table: table.name,
					sqlite: sqliteRow.n,
					postgresql: Number(rows[0]?.n ?? 0),
					copied: copied.get(table.name) ?? 0,
					...(table.name === STORED_FILES && files ? { files: files.copied + files.skipped } : {}),
				})
				if (table.name === STORED_FILES && files) counts.at(-1)!.copied += files.copied
			}
			return {
				migrationsApplied: applied,
				tables: counts,
				countsMatch: counts.every(countMatches),
			}
		} finally {
			sqlite.exec('COMMIT')
		}
	} finally {
		sqlite.close()
		await client.end()
	}
}

/**
 * On SQLite uploads and avatars are files under DATA_DIR; on PostgreSQL they are rows, so
 * every process serves them. Loaded here, not at the top: the store reads the environment.
 */
async function copyFiles(dataDir: string, to: string) {
	const { copyDataDirFilesToDatabase } = await import('../storage/files.server')
	const adapter = new PrismaPg({ connectionString: to })
	const db = new PostgresPrismaClient({ adapter })
	try {
		return await copyDataDirFilesToDatabase(dataDir, db as unknown as PrismaClient)
	} finally {
		await db.$disconnect()
	}
}

/** The SQLite database must have exactly this version's migrations, like the app at start. */
async function checkSqliteVersion(from: string) {
	const local = readMigrations(defaultMigrationPaths('sqlite').migrationsDir)
	const { pending, problems } = compareMigrations(local, await readAppliedMigrations(from))
	if (problems.length > 0) throw new CopyRefusedError(problems)
	if (pending.length > 0) {
		throw new CopyRefusedError([
			`the SQLite database is behind this version (missing ${pending.join(', ')}): bring it up to date first with \`DATABASE_URL=${from} npm run db:migrate\`, then copy again`,
		])
	}
}
