/**
 * The card resource routes' work: request → response for the card JPEG (full size, preview
 * or download), the all-sizes ZIP, the background alone (for the browser canvas) and the
 * font files. The route files only call these.
 *
 * Every image URL must carry a valid signature (written by the pages, see
 * url-signature.server.ts), else 403. Images whose URL fully determines them are public and
 * immutable (ETag, a year's max-age, 304 on If-None-Match) and kept in a small in-memory
 * LRU. A render that is not cached runs under a small concurrency limit (503 when its
 * queue is full) and counts against the client address's per-minute allowance (429).
 * Images of an upload are private: served only to the account or browser that uploaded it.
 */
import { readFile } from 'node:fs/promises'
import { type AppLoadContext } from '@remix-run/node'
import { getUser } from '~/auth/guards.server'
import { hit } from '~/auth/rate-limit.server'
import { getUploadForViewer } from '~/models/upload.server'
import { Limiter, QueueFullError } from '~/utils/concurrency.server'
import { getEnv, getSessionSecrets } from '~/utils/env.server'
import { getVisitorId } from '~/utils/visitor.server'
import { fetchPollinationsBackground } from './backgrounds/pollinations.server'
import { isBackgroundType } from './backgrounds/types'
import { fontFilePath } from './fonts.server'
import { ByteLru, etagFor, matchesEtag } from './image-cache.server'
import { CARD_LIMITS } from './limits'
import { CARD_GUARD_MESSAGES } from './messages'
import { PREVIEW_WIDTHS, RENDER_VERSION } from './urls.server'
import {
	cardFileName,
	drawCardJpeg,
	renderAllSizesZip,
	resolveBackground,
	zipFileName,
} from './render.server'
import { PLATFORM_SIZES, isSizeKey } from './sizes'
import { CARD_PARAMS, parseCardState, serializeCardState, type CardState } from './state'
import { readUpload } from './upload.server'
import { checkCardUrl } from './url-signature.server'

const SERVE_MESSAGES = {
	badCard: 'Los parámetros de la tarjeta no son válidos',
	badWidth: `El ancho de la vista previa no es válido (usa ${PREVIEW_WIDTHS.join(', ')}).`,
	notFound: 'Imagen no encontrada',
	fontNotFound: 'Tipo de letra no encontrado',
	noRemoteBackground: 'Este fondo se dibuja en el navegador.',
	backgroundFailed: 'Error al cargar imagen',
} as const

const YEAR = 31_536_000
const IMMUTABLE = `public, max-age=${YEAR}, immutable`
/** An image drawn by an older version of the code, or with a fallback background. */
const SHORT = 'public, max-age=300'
const PRIVATE = 'private, max-age=86400'

/** Rendered JPEGs and ZIPs (64 MB; one ZIP of all sizes is about 3 MB). */
export const imageCache = new ByteLru(64 * 1024 * 1024, 8 * 1024 * 1024)

/**
 * Renders of card JPEGs and ZIPs that are not cached: a few at once, a short queue
 * (CARD_RENDER_CONCURRENCY and CARD_RENDER_QUEUE, 2 and 16 by default).
 */
export const renderLimiter = new Limiter(
	'card renders',
	getEnv().CARD_RENDER_CONCURRENCY,
	getEnv().CARD_RENDER_QUEUE,
)

/** What the routes pass on from the server's load context. */
type CardRequestContext = Partial<Pick<AppLoadContext, 'clientAddress'>> | undefined

function text(status: number, body: string, headers: HeadersInit = {}) {
	return new Response(body, {
		status,
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'no-store',
			...headers,
		},
	})
}

/** 403 unless the URL carries a signature of ours over all its parameters. */
function refuseUnsigned(url: URL): Response | null {
	const check = checkCardUrl(url, getSessionSecrets())
	if (check === 'valid') return null
	return text(
		403,
		check === 'missing'
			? CARD_GUARD_MESSAGES.signatureMissing
			: CARD_GUARD_MESSAGES.signatureInvalid,
	)
}

function busy() {
	return text(503, CARD_GUARD_MESSAGES.busy, {
		'Retry-After': String(CARD_LIMITS.busyRetryAfterSeconds),
	})
}

/**
 * The cached render for `key`, or a new one under the render limiter and the client
 * address's allowance of `kind` renders a minute. A Response is a refusal (429 or 503).
 * The queue is checked before the allowance, so an overloaded server does not use it up.
 */
async function guardedRender(
	key: string,
	kind: 'image' | 'zip',
	context: CardRequestContext,
	render: () => Promise<{ value: Buffer; keep: boolean }>,
	/** Slow I/O before drawing (a remote background), kept out of the render slots. */
	prepare?: () => Promise<void>,
): Promise<{ value: Buffer; hit: boolean; keep: boolean } | Response> {
	if (!imageCache.has(key)) {
		if (renderLimiter.full) return busy()
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
			return renderLimiter.run(render)
		})
	} catch (error) {
		if (error instanceof QueueFullError) return busy()
		throw error
	}
}

/**
 * Downloads the card's remote background into the disk cache before its render takes a
 * slot (the render then reads it from there). A failure is the render's to handle: it
 * falls back to the procedural background.
 */
async function prefetchRemoteBackground(
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

type Parsed =
	{ ok: true; state: CardState; key: string; current: boolean } | { ok: false; response: Response }

/** Parses the card from the URL; the canonical query (not the raw one) keys the cache. */
function parseCard(url: URL, kind: string, extra = ''): Parsed {
	const parsed = parseCardState(url.searchParams)
	if (!parsed.ok) {
		return {
			ok: false,
			response: text(400, `${SERVE_MESSAGES.badCard}: ${parsed.errors.join(' ')}`),
		}
	}
	const key = `${RENDER_VERSION}|${kind}|${extra}|${serializeCardState(parsed.state).toString()}`
	return {
		ok: true,
		state: parsed.state,
		key,
		current: url.searchParams.get('v') === RENDER_VERSION,
	}
}

/** The upload's bytes when the viewer owns it; null when it is not theirs or is gone. */
async function ownedUploadBytes(request: Request, id: string) {
	const [user, visitorId] = await Promise.all([getUser(request), getVisitorId(request)])
	const upload = await getUploadForViewer(id, { userId: user?.id ?? null, visitorId })
	if (!upload) return null
	return readUpload(id)
}

function disposition(kind: 'inline' | 'attachment', fileName: string) {
	return `${kind}; filename="${fileName}"`
}

function binary(
	body: Buffer,
	{
		type,
		etag,
		cacheControl,
		contentDisposition,
		vary,
	}: {
		type: string
		etag: string
		cacheControl: string
		contentDisposition?: string
		vary?: string
	},
) {
	const headers = new Headers({
		'Content-Type': type,
		'Content-Length': String(body.byteLength),
		ETag: etag,
		'Cache-Control': cacheControl,
		'X-Content-Type-Options': 'nosniff',
	})
	if (contentDisposition) headers.set('Content-Disposition', contentDisposition)
	if (vary) headers.set('Vary', vary)
	return new Response(body as unknown as BodyInit, { headers })
}

function notModified(etag: string, cacheControl: string) {
	return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } })
}

/**
 * GET /tarjetas/imagen.jpg?{card}[&ancho=540][&descargar=1]: the card at its platform's
 * exact size (or a preview that wide), JPEG with the phrase in its metadata.
 */
export async function cardImageResponse(
	request: Request,
	context?: CardRequestContext,
): Promise<Response> {
	const url = new URL(request.url)
	const unsigned = refuseUnsigned(url)
	if (unsigned) return unsigned
	const widthParam = url.searchParams.get('ancho')
	const width = widthParam === null ? undefined : Number(widthParam)
	if (width !== undefined && !(PREVIEW_WIDTHS as readonly number[]).includes(width)) {
		return text(400, SERVE_MESSAGES.badWidth)
	}
	const card = parseCard(url, 'jpg', String(width ?? 'full'))
	if (!card.ok) return card.response
	const { state } = card
	const download = url.searchParams.get('descargar') === '1'
	const etag = etagFor(card.key)
	const isPrivate = Boolean(state.upload)
	let upload: Buffer | null = null
	if (state.upload) {
		// Ownership first: a cached or 304 answer must not reveal someone else's upload.
		upload = await ownedUploadBytes(request, state.upload)
		if (!upload) return text(404, SERVE_MESSAGES.notFound)
	}
	const cacheControl = isPrivate ? PRIVATE : card.current ? IMMUTABLE : SHORT
	const fileName = cardFileName(state.index, state.size)
	const contentDisposition = disposition(download ? 'attachment' : 'inline', fileName)
	if (matchesEtag(request, etag)) return notModified(etag, cacheControl)

	const provider = getEnv().IMAGE_PROVIDER
	const result = await guardedRender(
		card.key,
		'image',
		context,
		async () => {
			const background = await resolveBackground(state, state.size, {
				background: upload ?? undefined,
				provider,
				pollinations: { cacheOnly: true },
			})
			const value = await drawCardJpeg(state, state.size, background, { width })
			// A remote background that fell back to procedural is not the final picture.
			const fellBack = provider === 'pollinations' && !upload && typeof background === 'function'
			return { value, keep: !fellBack }
		},
		() => prefetchRemoteBackground(state, provider, upload, request.signal),
	)
	if (result instanceof Response) return result
	return binary(result.value, {
		type: 'image/jpeg',
		etag,
		cacheControl: result.keep || result.hit ? cacheControl : SHORT,
		contentDisposition,
		vary: isPrivate ? 'Cookie' : undefined,
	})
}

/** GET /tarjetas/todas.zip?{card}: the card in all 10 sizes, frase-{index}-{sizeKey}.jpg. */
export async function cardZipResponse(
	request: Request,
	context?: CardRequestContext,
): Promise<Response> {
	const url = new URL(request.url)
	const unsigned = refuseUnsigned(url)
	if (unsigned) return unsigned
	const card = parseCard(url, 'zip')
	if (!card.ok) return card.response
	const { state } = card
	let upload: Buffer | null = null
	if (state.upload) {
		upload = await ownedUploadBytes(request, state.upload)
		if (!upload) return text(404, SERVE_MESSAGES.notFound)
	}
	const etag = etagFor(card.key)
	const cacheControl = state.upload ? PRIVATE : card.current ? IMMUTABLE : SHORT
	if (matchesEtag(request, etag)) return notModified(etag, cacheControl)
	const provider = getEnv().IMAGE_PROVIDER
	const result = await guardedRender(
		card.key,
		'zip',
		context,
		async () => ({
			value: await renderAllSizesZip(state, {
				background: upload ?? undefined,
				pollinations: { cacheOnly: true },
			}),
			keep: provider === 'procedural' || Boolean(upload),
		}),
		() => prefetchRemoteBackground(state, provider, upload, request.signal),
	)
	if (result instanceof Response) return result
	return binary(result.value, {
		type: 'application/zip',
		etag,
		cacheControl: result.keep || result.hit ? cacheControl : SHORT,
		contentDisposition: disposition('attachment', zipFileName(state.index)),
		vary: state.upload ? 'Cookie' : undefined,
	})
}

/**
 * GET /tarjetas/fondo.jpg: the background alone, for the browser canvas to draw the
 * phrase on — `?u={id}` an upload (its owner only), or `?t&s&b&sd` the remote background.
 * Procedural backgrounds are drawn by the browser itself (404 here).
 */
export async function cardBackgroundResponse(request: Request): Promise<Response> {
	const url = new URL(request.url)
	const unsigned = refuseUnsigned(url)
	if (unsigned) return unsigned
	const uploadId = url.searchParams.get(CARD_PARAMS.upload)
	if (uploadId) {
		const bytes = await ownedUploadBytes(request, uploadId)
		if (!bytes) return text(404, SERVE_MESSAGES.notFound)
		const etag = etagFor(`upload|${uploadId}`)
		if (matchesEtag(request, etag)) return notModified(etag, PRIVATE)
		return binary(bytes, { type: 'image/jpeg', etag, cacheControl: PRIVATE, vary: 'Cookie' })
	}
	if (getEnv().IMAGE_PROVIDER !== 'pollinations') {
		return text(404, SERVE_MESSAGES.noRemoteBackground)
	}
	const size = url.searchParams.get(CARD_PARAMS.size)
	const type = url.searchParams.get(CARD_PARAMS.background)
	const seed = Number(url.searchParams.get(CARD_PARAMS.seed))
	const phrase = url.searchParams.get(CARD_PARAMS.text) ?? ''
	if (
		!isSizeKey(size) ||
		!isBackgroundType(type) ||
		!Number.isInteger(seed) ||
		seed < 0 ||
		!phrase ||
		phrase.length > 2000
	) {
		return text(400, SERVE_MESSAGES.badCard)
	}
	try {
		const bytes = await fetchPollinationsBackground(
			{ text: phrase, type, seed, ...PLATFORM_SIZES[size] },
			{ signal: request.signal },
		)
		const etag = etagFor(`bg|${url.search}`)
		return binary(bytes, { type: 'image/jpeg', etag, cacheControl: IMMUTABLE })
	} catch {
		// The server's own render falls back to procedural; the browser does the same.
		return text(502, SERVE_MESSAGES.backgroundFailed)
	}
}

const fontFiles = new Map<string, Buffer>()

/** GET /fonts/{file}.woff2: a card font file, the same one the server draws with. */
export async function fontFileResponse(request: Request, fileName: string): Promise<Response> {
	const file = fontFilePath(fileName)
	if (!file) return text(404, SERVE_MESSAGES.fontNotFound)
	const etag = etagFor(`font|${fileName}`)
	if (matchesEtag(request, etag)) return notModified(etag, IMMUTABLE)
	let bytes = fontFiles.get(fileName)
	if (!bytes) {
		bytes = await readFile(file)
		fontFiles.set(fileName, bytes)
	}
	return binary(bytes, { type: 'font/woff2', etag, cacheControl: IMMUTABLE })
}
