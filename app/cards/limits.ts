/**
 * Every limit of the card feature in one place: how many renders, image decodings and
 * remote downloads run at once, how many uncached renders one address may ask for, how much
 * the remote-background cache and each uploader may keep on disk, and how long uploads live.
 * Mutable only so tests can drive them; the app never changes them.
 */

const MB = 1024 * 1024
const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

export const CARD_LIMITS = {
	// Renders at once and waiting are settings: CARD_RENDER_CONCURRENCY, CARD_RENDER_QUEUE.
	/** Seconds a 503 asks the client to wait. */
	busyRetryAfterSeconds: 5,
	/** Uncached card JPEGs per client address per minute (a page of cards is ~10 to 20). */
	imageRendersPerMinute: 240,
	/** Uncached ZIPs (10 renders each) per client address per minute. */
	zipRendersPerMinute: 20,

	/** Upload decodings and re-encodings (sharp) at once, and waiting. */
	decodeConcurrency: 2,
	decodeQueue: 8,

	/** Remote background downloads at once, and waiting (the rest fall back to procedural). */
	downloadConcurrency: 4,
	downloadQueue: 16,
	/** The remote-background disk cache: least recently used files go past this size. */
	backgroundCacheBytes: 200 * MB,
}

/** Per-owner upload quotas: files kept at once and their stored (re-encoded) bytes. */
export const UPLOAD_QUOTA = {
	user: { files: 50, bytes: 200 * MB },
	anonymous: { files: 10, bytes: 50 * MB },
}

export const UPLOAD_LIFETIME = {
	/** Anonymous uploads go 24 hours after they were sent, used or not. */
	anonymousMs: DAY_MS,
	/** Signed-in uploads go 30 days after they were last used (shown on a page or drawn). */
	userMs: 30 * DAY_MS,
	/** A use pushes the expiry back only when it is older than this (one write a day at most). */
	refreshAfterMs: DAY_MS,
	/** Files in the uploads folder with no row, older than this, are leftovers of a crash. */
	orphanAfterMs: HOUR_MS,
}

/** Rows (and files) deleted per round of the purge; it loops until none is left. */
export const PURGE_BATCH = 500

export function megabytes(bytes: number) {
	return Math.round(bytes / MB)
}
