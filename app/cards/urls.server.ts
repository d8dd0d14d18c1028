/**
 * The addresses of a card's images. Each carries the whole card state, so the resource
 * routes render a card without any page or batch, and each is signed, so they render only
 * what one of our pages wrote.
 */
import { getSessionSecrets } from '~/utils/env.server'
import { serializeCardState, type CardState } from './state'
import { signCardPath } from './url-signature.server'

/**
 * Bumped whenever drawing changes, so the long-cached image URLs change with it. Image
 * URLs carry it as `v`; an old version still renders, but is not cached for long.
 */
export const RENDER_VERSION = '3'

/** Widths the preview route accepts (a closed set keeps the cache small). */
export const PREVIEW_WIDTHS = [360, 540, 720, 1080] as const
export const PREVIEW_WIDTH = 540

/**
 * A card resource URL signed with the newest session secret (see url-signature.server.ts):
 * the routes render only what a page of ours wrote.
 */
export function signedCardUrl(pathname: string, params: URLSearchParams): string {
	const [secret] = getSessionSecrets()
	if (!secret) throw new Error('No session secret to sign card URLs with')
	return signCardPath(pathname, params, secret)
}

function imageParams(state: CardState, extra: Record<string, string> = {}) {
	const params = serializeCardState(state)
	params.set('v', RENDER_VERSION)
	for (const [name, value] of Object.entries(extra)) params.set(name, value)
	return params
}

/** The card's JPEG: full size, a preview `width` pixels wide, or as a download. */
export function cardImageUrl(
	state: CardState,
	options: { width?: number; download?: boolean } = {},
): string {
	const extra: Record<string, string> = {}
	if (options.width) extra.ancho = String(options.width)
	if (options.download) extra.descargar = '1'
	return signedCardUrl('/tarjetas/imagen.jpg', imageParams(state, extra))
}

/** The ZIP with the card in all 10 sizes. */
export function cardZipUrl(state: CardState): string {
	return signedCardUrl('/tarjetas/todas.zip', imageParams(state))
}

/**
 * The background alone, for the browser canvas: the upload, or the remote image. Null
 * when the browser draws the background itself (procedural).
 */
export function cardBackgroundUrl(state: CardState, provider: 'procedural' | 'pollinations') {
	if (state.upload) {
		return signedCardUrl('/tarjetas/fondo.jpg', new URLSearchParams({ u: state.upload }))
	}
	if (provider === 'procedural') return null
	const params = new URLSearchParams({
		t: state.text,
		s: state.size,
		b: state.background,
		sd: String(state.seed),
		v: RENDER_VERSION,
	})
	return signedCardUrl('/tarjetas/fondo.jpg', params)
}
