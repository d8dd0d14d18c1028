import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { containsIgnoringCase, toNumber } from '~/utils/sql.server'

/**
 * One page of a user's rows in a table keyed by `usuario_id` and dated by
 * `fecha_creacion` (saved phrases, history), optionally filtered by a literal substring of
 * `contenido` (ignoring case). Raw SQL because Prisma's `contains` passes % and _ through
 * as wildcards.
 * Two queries (a count and the page), both on the (usuario_id, fecha_creacion) index.
 */

export type DateSort = 'newest' | 'oldest'
export type OwnedTable = 'frases' | 'historial_frases'

export type PageOptions = { search: string; sort: DateSort; page: number; pageSize: number }

export function ownRowsWhere(userId: string, search: string) {
	return search
		? Prisma.sql`usuario_id = ${userId} AND ${containsIgnoringCase(Prisma.sql`contenido`, search)}`
		: Prisma.sql`usuario_id = ${userId}`
}

export async function countOwnRows(table: OwnedTable, userId: string, search: string) {
	const rows = await prisma.$queryRaw<Array<{ total: bigint | number }>>`
		SELECT COUNT(*) AS total FROM ${Prisma.raw(table)} WHERE ${ownRowsWhere(userId, search)}`
	return toNumber(rows[0]?.total)
}

/**
 * The page of rows (`columns` selected), the filtered total, and the page actually shown:
 * a page past the last one gives the last page.
 */
export async function pageOfOwnRows<Row extends { createdAt: Date }>(
	table: OwnedTable,
	columns: Prisma.Sql,
	userId: string,
	options: PageOptions,
) {
	const total = await countOwnRows(table, userId, options.search)
	const pageCount = Math.max(1, Math.ceil(total / options.pageSize))
	const page = Math.min(Math.max(1, Math.trunc(options.page) || 1), pageCount)
	const direction = options.sort === 'oldest' ? Prisma.sql`ASC` : Prisma.sql`DESC`
	const rows =
		total === 0
			? []
			: await prisma.$queryRaw<Row[]>`
				SELECT ${columns} FROM ${Prisma.raw(table)}
				WHERE ${ownRowsWhere(userId, options.search)}
				ORDER BY fecha_creacion ${direction}, id ${direction}
				LIMIT ${options.pageSize} OFFSET ${(page - 1) * options.pageSize}`
	return {
		rows: rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })),
		total,
		page,
		pageCount,
	}
}
