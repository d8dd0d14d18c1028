// One-way copy of a SQLite database into PostgreSQL (`npm run db:copy-to-postgres`).
// The table list, columns, primary keys and foreign keys are read from the migrated
// PostgreSQL database itself, so a model added later is copied without a change here, and
// a table one side has and the other lacks stops the copy instead of being left behind.
import { existsSync } from 'node:fs'
import { PrismaPg } from '@prisma/adapter-pg'
import Database from 'better-sqlite3'
import pg from 'pg'
import { type PrismaClient } from '../generated/prisma/client'
import { PrismaClient as PostgresPrismaClient } from '../generated/prisma-postgresql/client'
import { engineOf, sqlitePath } from '../utils/env.server'
import {
	applyMigrations,
	compareMigrations,
	defaultMigrationPaths,
	readMigrations,
} from './migrate.server'
import { readAppliedMigrations } from './migration-state.server'

const MIGRATIONS_TABLE = '_prisma_migrations'
/**
 * Not copied either: the configuration's version belongs to each database, whose triggers
 * raise it as the copied settings arrive.
 */
const CONFIG_VERSION_TABLE = 'config_version'
const NOT_COPIED = [MIGRATIONS_TABLE, CONFIG_VERSION_TABLE]
const STORED_FILES = 'stored_files'

/** The copy cannot start: the two databases are not at the same version of the model. */
export class CopyRefusedError extends Error {
	constructor(readonly problems: string[]) {
		super(`Nothing was copied:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
		this.name = 'CopyRefusedError'
	}
}

export type TableCount = {
	table: string
	sqlite: number
	postgresql: number
	/** Rows this run inserted; rows already there (an earlier run) are skipped. */
	copied: number
	/** stored_files only: DATA_DIR's uploads and avatars, which become rows of it. */
	files?: number
}

export type CopyReport = {
	/** PostgreSQL migrations applied before copying. */
	migrationsApplied: string[]
	/** In the order they were copied (parents before the rows that point at them). */
	tables: TableCount[]
	/** Every table has as many rows in PostgreSQL as in SQLite. */
	countsMatch: boolean
}

type Column = { name: string; type: string; serial: boolean }
type Table = { name: string; columns: Column[]; primaryKey: string[] }

export type CopyOptions = {
	/** Rows read and inserted at once (fewer for wide tables and tables with binary data). */
	batchRows?: number
	/** Told the name of each table as it starts. */
	onTable?: (table: string) => void
	/** The SQLite install's DATA_DIR, whose uploads and avatars go into stored_files. */
	dataDir?: string
}

/** A PostgreSQL URL with its password replaced, fit for logs. */
export function redactUrl(url: string): string {
	const parsed = URL.parse(url)
	if (!parsed) return '(an unreadable URL)'
	if (parsed.password) parsed.password = '***'
	return parsed.toString()
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

export const countMatches = (count: TableCount) =>
	count.postgresql === count.sqlite + (count.files ?? 0)

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

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

async function readPostgresTables(
	client: pg.Client,
): Promise<Array<Table & { parents: string[] }>> {
	const { rows: columns } = await client.query<{
		table: string
		column: string
		type: string
		serial: boolean
	}>(
		`SELECT c.table_name AS table, c.column_name AS column, c.data_type AS type,
			(c.column_default LIKE 'nextval(%' OR c.is_identity = 'YES') AS serial
		FROM information_schema.columns c
		JOIN information_schema.tables t
			ON t.table_schema = c.table_schema AND t.table_name = c.table_name
		WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
			AND c.table_name <> ALL($1)
		ORDER BY c.table_name, c.ordinal_position`,
		[NOT_COPIED],
	)
	const { rows: keys } = await client.query<{ table: string; column: string }>(
		`SELECT tc.table_name AS table, kcu.column_name AS column
		FROM information_schema.table_constraints tc
		JOIN information_schema.key_column_usage kcu
			ON kcu.constraint_schema = tc.constraint_schema AND kcu.constraint_name = tc.constraint_name
		WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = current_schema()
		ORDER BY tc.table_name, kcu.ordinal_position`,
	)
	const { rows: references } = await client.query<{ child: string; parent: string }>(
		`SELECT child.relname AS child, parent.relname AS parent
		FROM pg_constraint con
		JOIN pg_class child ON child.oid = con.conrelid
		JOIN pg_class parent ON parent.oid = con.confrelid
		JOIN pg_namespace n ON n.oid = con.connamespace
		WHERE con.contype = 'f' AND n.nspname = current_schema()`,
	)
	const tables = new Map<string, Table & { parents: string[] }>()
	for (const row of columns) {
		let table = tables.get(row.table)
		if (!table)
			tables.set(row.table, (table = { name: row.table, columns: [], primaryKey: [], parents: [] }))
		table.columns.push({ name: row.column, type: row.type, serial: row.serial })
	}
	for (const row of keys) tables.get(row.table)?.primaryKey.push(row.column)
	for (const row of references) {
		if (row.child !== row.parent) tables.get(row.child)?.parents.push(row.parent)
	}
	const keyless = [...tables.values()].filter((table) => table.primaryKey.length === 0)
	if (keyless.length > 0) {
		throw new CopyRefusedError(
			keyless.map(
				(table) =>
					`table ${table.name} has no primary key, so a second run could not skip its rows`,
			),
		)
	}
	return [...tables.values()]
}

/** Parents before children, so every foreign key finds its row; alphabetical otherwise. */
export function copyOrder<T extends { name: string; parents: string[] }>(tables: T[]): T[] {
	const remaining = new Map(tables.map((table) => [table.name, table]))
	const ordered: T[] = []
	while (remaining.size > 0) {
		const ready = [...remaining.values()]
			.filter((table) => table.parents.every((parent) => !remaining.has(parent)))
			.sort((a, b) => a.name.localeCompare(b.name))
		if (ready.length === 0) {
			throw new CopyRefusedError([
				`the foreign keys between ${[...remaining.keys()].join(', ')} form a cycle: no order copies them`,
			])
		}
		for (const table of ready) {
			ordered.push(table)
			remaining.delete(table.name)
		}
	}
	return ordered
}

/** Both databases come from the same model: any table or column only one of them has is a bug. */
function checkSameTables(sqlite: Database.Database, tables: Table[]) {
	const problems: string[] = []
	const sqliteTables = (
		sqlite
			.prepare(
				`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT IN (?, ?)`,
			)
			.all(...NOT_COPIED) as Array<{ name: string }>
	).map((row) => row.name)
	const postgresNames = new Set(tables.map((table) => table.name))
	for (const name of sqliteTables) {
		if (!postgresNames.has(name)) problems.push(`table ${name} exists in SQLite only`)
	}
	for (const table of tables) {
		if (!sqliteTables.includes(table.name)) {
			problems.push(`table ${table.name} exists in PostgreSQL only`)
			continue
		}
		const sqliteColumns = (
			sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).all(table.name) as Array<{
				name: string
			}>
		).map((row) => row.name)
		const postgresColumns = table.columns.map((column) => column.name)
		const onlySqlite = sqliteColumns.filter((name) => !postgresColumns.includes(name))
		const onlyPostgres = postgresColumns.filter((name) => !sqliteColumns.includes(name))
		if (onlySqlite.length > 0 || onlyPostgres.length > 0) {
			problems.push(
				`table ${table.name} has different columns (SQLite only: ${onlySqlite.join(', ') || 'none'}; PostgreSQL only: ${onlyPostgres.join(', ') || 'none'})`,
			)
		}
	}
	if (problems.length > 0) throw new CopyRefusedError(problems)
}

/** Pages through the SQLite table in primary-key order and inserts each page in one statement. */
async function copyTable(
	sqlite: Database.Database,
	client: pg.Client,
	table: Table,
	batchRows: number,
): Promise<number> {
	const columns = table.columns.map((column) => quote(column.name)).join(', ')
	const key = table.primaryKey.map(quote).join(', ')
	const binary = table.columns.some((column) => column.type === 'bytea')
	// PostgreSQL takes at most 65535 parameters a statement; files are megabytes each.
	const pageSize = Math.max(
		1,
		Math.min(binary ? 16 : batchRows, Math.floor(30_000 / table.columns.length)),
	)
	const first = sqlite.prepare(
		`SELECT ${columns} FROM ${quote(table.name)} ORDER BY ${key} LIMIT ${pageSize}`,
	)
	const next = sqlite.prepare(
		`SELECT ${columns} FROM ${quote(table.name)} WHERE (${key}) > (${table.primaryKey.map(() => '?').join(', ')}) ORDER BY ${key} LIMIT ${pageSize}`,
	)
	const convert = table.columns.map((column) => converterFor(table.name, column))
	let inserted = 0
	let page = first.raw().all() as unknown[][]
	while (page.length > 0) {
		const values: unknown[] = []
		const tuples = page.map((row) => {
			const placeholders = row.map((value, index) => {
				values.push(convert[index]!(value))
				return `$${values.length}`
			})
			return `(${placeholders.join(', ')})`
		})
		const result = await client.query(
			`INSERT INTO ${quote(table.name)} (${columns}) VALUES ${tuples.join(', ')} ON CONFLICT (${key}) DO NOTHING`,
			values,
		)
		inserted += result.rowCount ?? 0
		if (page.length < pageSize) break
		const last = page.at(-1)!
		const keyValues = table.primaryKey.map(
			(name) => last[table.columns.findIndex((column) => column.name === name)],
		)
		page = next.raw().all(...keyValues) as unknown[][]
	}
	return inserted
}

/** Autoincrement columns continue after the copied rows instead of colliding with them. */
async function resetSequences(client: pg.Client, tables: Table[]) {
	for (const table of tables) {
		for (const column of table.columns.filter((column) => column.serial)) {
			await client.query(
				`SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT max(${quote(column.name)}) FROM ${quote(table.name)}), 1))`,
				[quote(table.name), column.name],
			)
		}
	}
}

/**
 * How a value read from SQLite becomes what PostgreSQL's column expects, as Prisma's
 * better-sqlite3 adapter reads it: DateTime is ISO 8601 text (or `YYYY-MM-DD HH:MM:SS`, in
 * UTC, from a CURRENT_TIMESTAMP default; or epoch milliseconds), Boolean is 0/1, Bytes a
 * BLOB. Text, JSON text, floats and blobs need nothing.
 */
function converterFor(table: string, column: Column): (value: unknown) => unknown {
	const where = `${table}.${column.name}`
	switch (column.type) {
		case 'timestamp without time zone':
		case 'timestamp with time zone': {
			const zoned = column.type === 'timestamp with time zone'
			return (value) => {
				if (value === null) return null
				const date = toDate(value)
				if (Number.isNaN(date.getTime())) {
					throw new Error(`${where}: ${JSON.stringify(String(value))} is not a date`)
				}
				// Spelled out in UTC: node-postgres would send a Date in the process's time zone,
				// which a column without a zone takes at face value.
				const iso = date.toISOString()
				return zoned ? iso : iso.slice(0, -1)
			}
		}
		case 'boolean':
			return (value) =>
				value === null ? null : value === 1 || value === 1n || value === '1' || value === 'true'
		case 'smallint':
		case 'integer':
		case 'bigint':
			return (value) =>
				typeof value === 'number'
					? Math.trunc(value)
					: typeof value === 'bigint'
						? value.toString()
						: value
		default:
			return (value) => value
	}
}

function toDate(value: unknown): Date {
	if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value))
	const text = String(value)
	return new Date(
		/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text)
			? `${text.replace(' ', 'T')}Z`
			: text,
	)
}

/** The counts as an aligned text table, mismatches marked. */
export function formatCounts(tables: TableCount[]): string {
	const header = ['table', 'sqlite', 'postgresql', 'copied now', '']
	const rows = tables.map((count) => [
		count.table,
		count.files === undefined ? String(count.sqlite) : `${count.sqlite} + ${count.files} files`,
		String(count.postgresql),
		String(count.copied),
		countMatches(count) ? '' : 'MISMATCH',
	])
	const widths = header.map((title, index) =>
		Math.max(title.length, ...rows.map((row) => row[index]!.length)),
	)
	return [header, ...rows]
		.map((row) =>
			row
				.map((cell, index) =>
					index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!),
				)
				.join('  ')
				.trimEnd(),
		)
		.join('\n')
}
