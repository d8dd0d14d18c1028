/**
 * How many streamed generations a visitor holds open at once. Each one keeps a connection,
 * a provider call and a slot of the server's attention, so a browser (or account) may hold
 * a few, and one client address a few more (dropping cookies gives a fresh visitor id, not
 * a fresh address).
 *
 * Counted in the database, like the daily limits, so every process serving the app shares
 * the count. A count lives in a ten-minute bucket: a stream takes at most a couple of
 * minutes, and a count left behind by a process that died mid-stream is gone with its
 * bucket instead of holding a visitor back all day. The price: for a moment after a bucket
 * changes, a visitor may open up to twice as many.
 */
import { addressKey, quotaDay, reserveCount, subjectKey, type QuotaSubject } from './quota.server'

export const OPEN_STREAM_LIMITS = {
	/** Streams one browser or account holds at once. */
	own: 3,
	/** Streams one client address holds at once, whatever the cookies. */
	address: 10,
} as const

const BUCKET_MS = 10 * 60 * 1000

function bucket(now: Date) {
	return `${quotaDay(now)}/streams-${Math.floor(now.getTime() / BUCKET_MS)}`
}

/**
 * Opens a stream for a browser or account from `clientAddress`. Returns what closes it, or
 * which limit refused it.
 */
export async function openStream(
	subject: QuotaSubject,
	clientAddress: string | undefined | null,
	now = new Date(),
): Promise<{ ok: true; close: () => Promise<void> } | { ok: false; scope: 'own' | 'address' }> {
	const span = bucket(now)
	const own = await reserveCount(`streams:${subjectKey(subject)}`, OPEN_STREAM_LIMITS.own, span)
	if (!own) return { ok: false, scope: 'own' }
	const address = await reserveCount(
		`streams:${addressKey(clientAddress)}`,
		OPEN_STREAM_LIMITS.address,
		span,
	)
	if (!address) {
		await own.release()
		return { ok: false, scope: 'address' }
	}
	return {
		ok: true,
		close: async () => {
			await Promise.all([own.release(), address.release()])
		},
	}
}
