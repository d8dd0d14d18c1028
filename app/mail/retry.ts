/**
 * When a mail that failed for a passing reason is tried again: exponential backoff with
 * jitter. The first retry comes within a second or two (a relay restarting is back by
 * then), each wait doubles up to an hour, and each is drawn between half and all of its
 * step, so the mails that failed together do not all come back at once.
 */

const SECOND_MS = 1000
const HOUR_MS = 60 * 60 * SECOND_MS

export const FIRST_RETRY_MS = SECOND_MS
export const MAX_RETRY_MS = HOUR_MS
/** Temporary failures are retried this long after the mail was queued. */
export const RETRY_WINDOW_MS = 48 * HOUR_MS

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number, random: () => number = Math.random) {
	const step = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1))
	return Math.round(step * (0.5 + random() / 2))
}

export type AfterFailure =
	| { status: 'queued'; nextAttemptAt: Date }
	| { status: 'failed'; reason: 'permanent' | 'gave_up' }
	| { status: 'dropped'; reason: 'expired' }

/**
 * What becomes of a mail after a failed attempt: a permanent failure stops it; a temporary
 * one is retried, unless the retry would come after its link dies (dropped: a stale link
 * helps nobody) or after the retry window (failed).
 */
export function afterFailure(
	mail: { attempts: number; expiresAt: Date | null; giveUpAt: Date },
	kind: 'temporary' | 'permanent',
	now: Date,
	random?: () => number,
): AfterFailure {
	if (kind === 'permanent') return { status: 'failed', reason: 'permanent' }
	const next = new Date(now.getTime() + retryDelayMs(mail.attempts, random))
	if (mail.expiresAt && next >= mail.expiresAt) return { status: 'dropped', reason: 'expired' }
	if (next > mail.giveUpAt) return { status: 'failed', reason: 'gave_up' }
	return { status: 'queued', nextAttemptAt: next }
}
