import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { timestampValue } from '~/utils/sql.server'
import {
	countOwnRows,
	type DateSort,
	ownRowsWhere,
	pageOfOwnRows,
	type PageOptions,
} from './owned-rows.server'

/**
 * A user's history of generated phrases ("Historial"). Every function takes the signed-in
 * user's id and reads or deletes only that user's rows: someone else's id behaves as a
 * missing one.
 */

export type HistoryEntry = {
	id: string
	content: string
	createdAt: Date
	originalPrompt: string | null
	/** JSON text of the generation settings. */
	settings: string | null
}

/** One page of the user's history, filtered by a literal substring, by date. */
export async function listHistory(userId: string, options: PageOptions) {
	const { rows, ...rest } = await pageOfOwnRows<HistoryEntry>(
		'historial_frases',
		Prisma.sql`id, contenido AS content, fecha_creacion AS "createdAt",
			prompt_original AS "originalPrompt", configuracion AS settings`,
		userId,
		options,
	)
	return { entries: rows, ...rest }
}

/** The first instant of `now`'s month on the given zone's calendar. */
export function startOfMonth(now: Date, timeZone: string) {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', {
			timeZone,
			year: 'numeric',
			month: 'numeric',
		})
			.formatToParts(now)
			.map((part) => [part.type, part.value]),
	)
	const guess = Date.UTC(Number(parts.year), Number(parts.month) - 1, 1)
	// The zone's offset at that instant: its wall clock read back as if it were UTC.
	const wall = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
	})
		.formatToParts(new Date(guess))
		.reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {})
	const asUtc = Date.UTC(
		Number(wall.year),
		Number(wall.month) - 1,
		Number(wall.day),
		Number(wall.hour),
		Number(wall.minute),
		Number(wall.second),
	)
	return new Date(guess - (asUtc - guess))
}

/** All of the user's history, and how much of it is from this month (on `timeZone`). */
export async function historyStats(userId: string, now: Date, timeZone: string) {
	const [total, thisMonth] = await Promise.all([
		countOwnRows('historial_frases', userId, ''),
		prisma.historyPhrase.count({
			where: { userId, createdAt: { gte: startOfMonth(now, timeZone) } },
		}),
	])
	return { total, thisMonth }
}

/** The user's history entry with this id, or null (missing, or someone else's). */
export function getHistoryEntry(userId: string, id: string) {
	return prisma.historyPhrase.findFirst({
		where: { id, userId },
		select: { id: true, content: true },
	})
}

/** False when the user has no history entry with this id. */
export async function deleteHistoryEntry(userId: string, id: string) {
	const { count } = await prisma.historyPhrase.deleteMany({ where: { id, userId } })
	return count > 0
}

const EXPORT_BATCH = 500

/** The rows after `after` in (date, id) order, or before it when going backwards. */
function keysetAfter(after: { at: string; id: string }, forward: boolean) {
	const at = timestampValue(after.at)
	return forward
		? Prisma.sql`AND (fecha_creacion > ${at} OR (fecha_creacion = ${at} AND id > ${after.id}))`
		: Prisma.sql`AND (fecha_creacion < ${at} OR (fecha_creacion = ${at} AND id < ${after.id}))`
}

/**
 * The texts of the user's history matching `search`, in `sort` order, read in batches
 * (keyset: date and id after the last one read), so an export of any size holds one batch
 * in memory at a time.
 */
export async function* historyTexts(userId: string, search: string, sort: DateSort) {
	const forward = sort === 'oldest'
	const direction = forward ? Prisma.sql`ASC` : Prisma.sql`DESC`
	// The date read back as the database's own text (never through a JS Date), so the cursor
	// compares exactly as the database orders.
	let after: { at: string; id: string } | null = null
	for (;;) {
		const cursor: Prisma.Sql = after ? keysetAfter(after, forward) : Prisma.empty
		const rows: Array<{ id: string; content: string; at: string }> = await prisma.$queryRaw`
			SELECT id, contenido AS content, CAST(fecha_creacion AS TEXT) AS at FROM historial_frases
			WHERE ${ownRowsWhere(userId, search)} ${cursor}
			ORDER BY fecha_creacion ${direction}, id ${direction}
			LIMIT ${EXPORT_BATCH}`
		for (const row of rows) yield row.content
		const last = rows.at(-1)
		if (rows.length < EXPORT_BATCH || !last) return
		after = { at: last.at, id: last.id }
	}
}
