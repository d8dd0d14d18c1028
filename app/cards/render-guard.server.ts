/**
 * What stands between a card URL and a new render. Finished JPEGs and ZIPs are kept in a
 * small in-memory LRU and cost nothing; a render that is not cached is drawn by the render
 * pool's workers (503 when its queue is full or its worker died) and counts against the
 * client address's per-minute allowance (429), so a stream of new URLs cannot take the
 * server down.
 */
import { type AppLoadContext } from '@remix-run/node'
import { hit } from '~/auth/rate-limit.server'
import { QueueFullError } from '~/utils/concurrency.server'
import { fetchPollinationsBackground } from './backgrounds/pollinations.server'
import { ByteLru } from './image-cache.server'
import { CARD_LIMITS } from './limits'
import { CARD_GUARD_MESSAGES } from './messages'
import { RenderWorkerError, renderPool } from './render-pool.server'
import { text } from './responses'
import { PLATFORM_SIZES } from './sizes'
import { type CardState } from './state'

/**
 * Rendered JPEGs and ZIPs (64 MB; one ZIP of all sizes is about 3 MB). Each process keeps
 * its own and may lose it at any time: a miss only renders the card again.
 */
export const imageCache = new ByteLru(64 * 1024 * 1024, 8 * 1024 * 1024)

/** What the routes pass on from the server's load context. */
export type CardRequestContext = Partial<Pick<AppLoadContext, 'clientAddress'>> | undefined

function busy() {
	return text(503, CARD_GUARD_MESSAGES.busy, {
		'Retry-After': String(CARD_LIMITS.busyRetryAfterSeconds),
	})
}

/**
 * The cached render for `key`, or a new one in the render pool within the client
 * address's allowance of `kind` renders a minute. A Response is a refusal (429 or 503).
 * The queue is checked before the allowance, so an overloaded server does not use it up.
 */
export async function guardedRender(
	key: string,
	kind: 'image' | 'zip',
	context: CardRequestContext,
	/** Draws the picture in the render pool (renderPool().run), which admits it or refuses it. */
	render: () => Promise<{ value: Buffer; keep: boolean }>,
	/** Slow I/O before drawing (a remote background), kept out of the render slots. */
	prepare?: () => Promise<void>,
): Promise<{ value: Buffer; hit: boolean; keep: boolean } | Response> {
	if (!imageCache.has(key)) {
		if (renderPool().full) return busy()
		// Until the server fills the load context every unknown client shares one allowance.
		const address = context?.clientAddress || 'desconocida'
		const limit =
			kind === 'zip' ? CARD_LIMITS.zipRendersPerMinute : CARD_LIMITS.imageRendersPerMinute
		const allowance = await hit(`cards:${kind}:minute:ip:${address}`, limit)
		if (!allowance.allowed) {
			return text(429, CARD_GUARD_MESSAGES.rateLimited, {
				'Retry-After': String(allowance.retryAfterSeconds),
			})
		}
	}
	try {
		return await imageCache.getOrCreate(key, async () => {
			await prepare?.()
			return render()
		})
	} catch (error) {
		// Full, or the worker died while drawing: a moment later another one will draw it.
		if (error instanceof QueueFullError || error instanceof RenderWorkerError) return busy()
		throw error
	}
}

/**
 * Downloads the card's remote background into the disk cache before its render takes a
 * slot (the render then reads it from there). A failure is the render's to handle: it
 * falls back to the procedural background.
 */
export async function prefetchRemoteBackground(
	state: CardState,
	provider: 'procedural' | 'pollinations',
	upload: Buffer | null,
	signal: AbortSignal,
) {
	if (provider !== 'pollinations' || upload) return
	await fetchPollinationsBackground(
		{ text: state.text, type: state.background, seed: state.seed, ...PLATFORM_SIZES[state.size] },
		{ signal },
	).catch((error: unknown) => {
		console.warn(`Remote background failed, drawing a procedural one: ${String(error)}`)
	})
}
