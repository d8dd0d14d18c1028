import { prisma } from '~/utils/db.server'
import { findBrand } from '~/models/brand.server'
import { getSettings } from './settings.server'

/**
 * "Exportar mis datos": everything the user keeps in Frasea as one JSON document (profile,
 * account, settings, brand, saved phrases, history). Produced as text pieces, the long lists a
 * batch of rows at a time (keyset on date and id), so an export of any size holds one
 * batch in memory, and only the user's own rows are ever read.
 */

const EXPORT_BATCH = 500
export const EXPORT_FORMAT_VERSION = 1

export function exportFileName(userId: string) {
	// The id is a cuid or uuid; anything else is dropped rather than put in a header.
	return `frasea-datos-${userId.replace(/[^A-Za-z0-9_-]/g, '')}.json`
}

type Cursor = { createdAt: Date; id: string }

/** Keyset condition: rows after `cursor` in (createdAt, id) order. */
function after(cursor: Cursor | null) {
	return cursor
		? {
				OR: [
					{ createdAt: { gt: cursor.createdAt } },
					{ createdAt: cursor.createdAt, id: { gt: cursor.id } },
				],
			}
		: {}
}

/** Every row `fetch` gives, a batch at a time, each batch after the last row of the one before. */
async function* inBatches<Row extends Cursor>(fetch: (cursor: Cursor | null) => Promise<Row[]>) {
	let cursor: Cursor | null = null
	for (;;) {
		const rows = await fetch(cursor)
		yield* rows
		const last = rows.at(-1)
		if (!last || rows.length < EXPORT_BATCH) return
		cursor = { createdAt: last.createdAt, id: last.id }
	}
}

function phraseRows(userId: string) {
	return inBatches((cursor) =>
		prisma.phrase.findMany({
			where: { userId, ...after(cursor) },
			orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
			take: EXPORT_BATCH,
			select: { id: true, content: true, createdAt: true, updatedAt: true },
		}),
	)
}

/** The generation settings are stored as JSON text: exported as JSON when they parse. */
function parseSettings(text: string | null): unknown {
	if (text === null) return null
	try {
		return JSON.parse(text) as unknown
	} catch {
		return text
	}
}

async function* historyRows(userId: string) {
	const rows = inBatches((cursor) =>
		prisma.historyPhrase.findMany({
			where: { userId, ...after(cursor) },
			orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
			take: EXPORT_BATCH,
			select: { id: true, content: true, createdAt: true, originalPrompt: true, settings: true },
		}),
	)
	for await (const row of rows) yield { ...row, settings: parseSettings(row.settings) }
}

/** A JSON array written element by element, indented like the rest of the document. */
async function* jsonArray(rows: AsyncIterable<unknown>) {
	let first = true
	for await (const row of rows) {
		yield `${first ? '\n' : ',\n'}    ${JSON.stringify(row)}`
		first = false
	}
	yield first ? ']' : '\n  ]'
}

/**
 * The user's data as JSON text, in pieces. Null when the account no longer exists.
 * `now` is the export's date.
 */
export async function exportUserData(userId: string, now = new Date()) {
	const profile = await prisma.profile.findUnique({
		where: { id: userId },
		select: {
			id: true,
			name: true,
			email: true,
			role: true,
			bio: true,
			location: true,
			website: true,
			avatarUrl: true,
			emailVerifiedAt: true,
			createdAt: true,
			updatedAt: true,
			password: { select: { userId: true } },
			connections: { select: { providerName: true, createdAt: true } },
		},
	})
	if (!profile) return null
	const { password, connections, ...profileFields } = profile
	const [settings, brand] = await Promise.all([getSettings(userId), findBrand(userId)])
	const head = {
		format: 'frasea-datos',
		version: EXPORT_FORMAT_VERSION,
		exportedAt: now,
		profile: profileFields,
		account: {
			hasPassword: password !== null,
			connections: connections.map((connection) => ({
				provider: connection.providerName,
				createdAt: connection.createdAt,
			})),
		},
		settings,
		/** "Tu marca"; null when the user never saved one. */
		brand,
	}
	return (async function* () {
		// The head as indented JSON without its closing brace; the lists follow it.
		const text = JSON.stringify(head, null, 2)
		yield `${text.slice(0, text.lastIndexOf('}')).trimEnd()},\n  "phrases": [`
		yield* jsonArray(phraseRows(userId))
		yield ',\n  "history": ['
		yield* jsonArray(historyRows(userId))
		yield '\n}\n'
	})()
}
