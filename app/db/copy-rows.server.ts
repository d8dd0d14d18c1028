// Moving the rows of one table from SQLite into PostgreSQL: in batches, in primary-key
// order, each value converted to what its PostgreSQL column expects; then the
// autoincrement sequences moved past the copied rows.
import type Database from 'better-sqlite3'
import type pg from 'pg'
import { type Column, type Table } from './copy-tables.server'

export const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

/** Pages through the SQLite table in primary-key order and inserts each page in one statement. */
export async function copyTable(
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
export async function resetSequences(client: pg.Client, tables: Table[]) {
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
