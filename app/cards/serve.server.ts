/**
 * The card resource routes' work: request → response for the card JPEG (full size, preview
 * or download), the all-sizes ZIP, the background alone (for the browser canvas) and the
 * font files. The route files only call these.
 *
 * Every image URL must carry a valid signature (written by the pages, see
 * url-signature.server.ts), else 403. Images whose URL fully determines them are public and
 * immutable (ETag, a year's max-age, 304 on If-None-Match); a render that is not cached
 * goes through the render guard (render-guard.server.ts). Images of an upload are private:
 * served only to the account or browser that uploaded it.
 */
import { readFile } from 'node:fs/promises'
import { getEnv } from '~/utils/env.server'
import { fetchPollinationsBackground } from './backgrounds/pollinations.server'
import { isBackgroundType } from './backgrounds/types'
import {
	SERVE_MESSAGES,
	openCard,
	ownedUploadBytes,
	refuseUnsigned,
	type OpenCard,
} from './card-request.server'
import { fontFilePath } from './fonts.server'
import { cardFileName, zipFileName } from './file-names'
import { etagFor, matchesEtag } from './image-cache.server'
import { drawCardJpeg, renderAllSizesZip, resolveBackground } from './render.server'
import {
	guardedRender,
	prefetchRemoteBackground,
	type CardRequestContext,
} from './render-guard.server'
import { CACHE_CONTROL, binary, disposition, notModified, text } from './responses'
import { PLATFORM_SIZES, isSizeKey } from './sizes'
import { CARD_PARAMS } from './state'
import { PREVIEW_WIDTHS } from './urls.server'

/** The render guard's answer as sent: a refusal as it is, a picture with its headers. */
function sendRendered(
	card: OpenCard,
	result: Awaited<ReturnType<typeof guardedRender>>,
	type: string,
	contentDisposition: string,
) {
	if (result instanceof Response) return result
	return binary(result.value, {
		type,
		etag: card.etag,
		// A picture the cache did not keep (a fallback background) may still change.
		cacheControl: result.keep || result.hit ? card.cacheControl : CACHE_CONTROL.short,
		contentDisposition,
		vary: card.upload ? 'Cookie' : undefined,
	})
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
	const card = await openCard(request, url, 'jpg', String(width ?? 'full'))
	if (card instanceof Response) return card
	const { state, upload } = card
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
			const value = await drawCardJpeg(state, background, { width })
			// A remote background that fell back to procedural is not the final picture.
			const fellBack = provider === 'pollinations' && !upload && !background
			return { value, keep: !fellBack }
		},
		() => prefetchRemoteBackground(state, provider, upload, request.signal),
	)
	const download = url.searchParams.get('descargar') === '1'
	const fileName = cardFileName(state.index, state.size)
	return sendRendered(
		card,
		result,
		'image/jpeg',
		disposition(download ? 'attachment' : 'inline', fileName),
	)
}

/** GET /tarjetas/todas.zip?{card}: the card in all 10 sizes, frase-{index}-{sizeKey}.jpg. */
export async function cardZipResponse(
	request: Request,
	context?: CardRequestContext,
): Promise<Response> {
	const url = new URL(request.url)
	const unsigned = refuseUnsigned(url)
	if (unsigned) return unsigned
	const card = await openCard(request, url, 'zip')
	if (card instanceof Response) return card
	const { state, upload } = card
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
	return sendRendered(
		card,
		result,
		'application/zip',
		disposition('attachment', zipFileName(state.index)),
	)
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
		if (matchesEtag(request, etag)) return notModified(etag, CACHE_CONTROL.private)
		return binary(bytes, {
			type: 'image/jpeg',
			etag,
			cacheControl: CACHE_CONTROL.private,
			vary: 'Cookie',
		})
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
		return binary(bytes, { type: 'image/jpeg', etag, cacheControl: CACHE_CONTROL.immutable })
	} catch {
		// The server's own render falls back to procedural; the browser does the same.
		return text(502, SERVE_MESSAGES.backgroundFailed)
	}
}

const fontFiles = new Map<string, Buffer>()

/**
 * GET /fonts/{file}: a card font file (.woff2) or a colour emoji subset (.woff), the same
 * file the server draws with.
 */
export async function fontFileResponse(request: Request, fileName: string): Promise<Response> {
	const file = fontFilePath(fileName)
	if (!file) return text(404, SERVE_MESSAGES.fontNotFound)
	const etag = etagFor(`font|${fileName}`)
	if (matchesEtag(request, etag)) return notModified(etag, CACHE_CONTROL.immutable)
	let bytes = fontFiles.get(fileName)
	if (!bytes) {
		bytes = await readFile(file)
		fontFiles.set(fileName, bytes)
	}
	const type = fileName.endsWith('.woff2') ? 'font/woff2' : 'font/woff'
	return binary(bytes, { type, etag, cacheControl: CACHE_CONTROL.immutable })
}
