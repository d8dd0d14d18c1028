import { createHash } from 'node:crypto'
import path from 'node:path'
import { Limiter, QueueFullError } from '~/utils/concurrency.server'
import { getEnv } from '~/utils/env.server'
import { CARD_LIMITS } from '../limits'
import { DiskLru } from './disk-cache.server'
import { downloadPollinationsImage } from './pollinations-download.server'
import { buildBackgroundPrompt, pollinationsUrl } from './pollinations-url'
import { type BackgroundType } from './types'

/**
 * Remote AI backgrounds from Pollinations (IMAGE_PROVIDER=pollinations). Fetched by the
 * server only, a few downloads at once, cached on disk by URL (least recently used files
 * go past CARD_LIMITS.backgroundCacheBytes), and the caller falls back to the procedural
 * background whenever this throws.
 */

const POLLINATIONS_PUBLIC_URL = 'https://image.pollinations.ai'
const POLLINATIONS_TIMEOUT_MS = 60_000

export interface PollinationsOptions {
	baseUrl?: string
	token?: string
	/** Defaults to DATA_DIR/cache/backgrounds. */
	cacheDir?: string
	timeoutMs?: number
	signal?: AbortSignal
	/** Only answer from the disk cache; throw on a miss. */
	cacheOnly?: boolean
	/** Bound of the disk cache; defaults to CARD_LIMITS.backgroundCacheBytes. */
	cacheMaxBytes?: number
}

interface BackgroundRequest {
	text: string
	type: BackgroundType
	seed: number
	width: number
	height: number
}

const inFlight = new Map<string, Promise<Buffer>>()
/** Downloads at once (each may take up to a minute); beyond the queue a request falls back. */
export const downloadLimiter = new Limiter(
	'remote backgrounds',
	CARD_LIMITS.downloadConcurrency,
	CARD_LIMITS.downloadQueue,
)
const caches = new Map<string, DiskLru>()

/**
 * The disk cache of a folder (one index per folder and process). It belongs to the process
 * and its local disk, bounded by CARD_LIMITS.backgroundCacheBytes, and may be lost at any
 * time: a miss downloads the background again.
 */
function backgroundCache(dir: string, maxBytes = CARD_LIMITS.backgroundCacheBytes) {
	let cache = caches.get(dir)
	if (!cache || cache.maxBytes !== maxBytes) {
		cache = new DiskLru(dir, maxBytes)
		caches.set(dir, cache)
	}
	return cache
}

/** URLs that failed recently, with when to try again: a down service is not hammered. */
const recentFailures = new Map<string, number>()
const FAILURE_RETRY_MS = 2 * 60_000
/** While the service is down every new phrase adds a URL: past this, old entries go. */
const MAX_RECENT_FAILURES = 1000

function rememberFailure(key: string, now = Date.now()) {
	recentFailures.delete(key)
	recentFailures.set(key, now + FAILURE_RETRY_MS)
	// Map order is insertion order, so the oldest (soonest to expire) entries go first.
	for (const [oldest, retryAt] of recentFailures) {
		if (recentFailures.size <= MAX_RECENT_FAILURES && retryAt > now) break
		recentFailures.delete(oldest)
	}
}

function resolveOptions(options: PollinationsOptions) {
	const env = options.baseUrl && options.cacheDir ? null : getEnv()
	return {
		baseUrl: options.baseUrl ?? env?.POLLINATIONS_BASE_URL ?? POLLINATIONS_PUBLIC_URL,
		token: options.token ?? (options.baseUrl ? undefined : env?.POLLINATIONS_TOKEN),
		cacheDir: options.cacheDir ?? path.join(env?.dataDir ?? './data', 'cache', 'backgrounds'),
		timeoutMs: options.timeoutMs ?? POLLINATIONS_TIMEOUT_MS,
	}
}

/**
 * The remote background for a phrase at a size, from the disk cache or the service.
 * Concurrent requests for the same URL share one download; a URL that failed is not
 * tried again for two minutes. Throws on any failure (timeout, HTTP error, not an image)
 * so the caller can fall back.
 */
export async function fetchPollinationsBackground(
	request: BackgroundRequest,
	options: PollinationsOptions = {},
): Promise<Buffer> {
	const config = resolveOptions(options)
	const url = pollinationsUrl({
		baseUrl: config.baseUrl,
		prompt: buildBackgroundPrompt(request.text, request.type),
		seed: request.seed,
		width: request.width,
		height: request.height,
	})
	const key = createHash('sha256').update(url).digest('hex').slice(0, 40)
	const cache = backgroundCache(config.cacheDir, options.cacheMaxBytes)
	const cached = await cache.read(`${key}.img`)
	if (cached) return cached
	if (options.cacheOnly) throw new Error('Background not cached')
	const retryAt = recentFailures.get(key)
	if (retryAt && retryAt > Date.now()) throw new Error('Background failed recently')

	let pending = inFlight.get(key)
	if (!pending) {
		pending = downloadLimiter
			.run(() =>
				downloadPollinationsImage(url, {
					token: config.token,
					timeoutMs: config.timeoutMs,
					signal: options.signal,
				}),
			)
			.then(async (bytes) => {
				await cache.write(`${key}.img`, bytes)
				return bytes
			})
		inFlight.set(key, pending)
		pending.then(
			() => {
				inFlight.delete(key)
				recentFailures.delete(key)
			},
			(error: unknown) => {
				inFlight.delete(key)
				// A full queue or a visitor who left says nothing about the service.
				if (options.signal?.aborted || error instanceof QueueFullError) return
				rememberFailure(key)
			},
		)
	}
	return pending
}
