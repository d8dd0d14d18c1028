// What the SQLite-to-PostgreSQL copy copies, and in which order: the tables, columns,
// primary keys and foreign keys as the migrated PostgreSQL database has them, checked
// against the SQLite database before a row moves.
import type Database from 'better-sqlite3'
import type pg from 'pg'
import { CopyRefusedError } from './copy-report'

const MIGRATIONS_TABLE = '_prisma_migrations'
/**
 * Not copied either: the configuration's version belongs to each database, whose triggers
 * raise it as the copied settings arrive.
 */
const CONFIG_VERSION_TABLE = 'config_version'
const NOT_COPIED = [MIGRATIONS_TABLE, CONFIG_VERSION_TABLE]

export type Column = { name: string; type: string; serial: boolean }
export type Table = { name: string; columns: Column[]; primaryKey: string[] }

/** The tables to copy, each with the tables its foreign keys point at. */
export async function readPostgresTables(
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
export function checkSameTables(sqlite: Database.Database, tables: Table[]) {
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
