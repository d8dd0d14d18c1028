// What the SQLite-to-PostgreSQL copy tells its operator: why it refused to start, the row
// counts of each table on both sides, and a database URL fit for the terminal.

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

/** A PostgreSQL URL with its password replaced, fit for logs. */
export function redactUrl(url: string): string {
	const parsed = URL.parse(url)
	if (!parsed) return '(an unreadable URL)'
	if (parsed.password) parsed.password = '***'
	return parsed.toString()
}

export const countMatches = (count: TableCount) =>
	count.postgresql === count.sqlite + (count.files ?? 0)

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
