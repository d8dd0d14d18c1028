/**
 * Reading a card request before anything is drawn: is the URL signed by us, which card does
 * it describe, and may this viewer see its upload. The answers in Spanish for the card
 * routes live here too, in one place.
 */
import { getUser } from '~/auth/guards.server'
import { getUploadForViewer } from '~/models/upload.server'
import { getSessionSecrets } from '~/utils/env.server'
import { getVisitorId } from '~/utils/visitor.server'
import { etagFor, matchesEtag } from './image-cache.server'
import { CARD_GUARD_MESSAGES } from './messages'
import { CACHE_CONTROL, notModified, text } from './responses'
import { parseCardState, serializeCardState, type CardState } from './state'
import { readUpload } from './upload.server'
import { checkCardUrl } from './url-signature.server'
import { PREVIEW_WIDTHS, RENDER_VERSION } from './urls.server'

export const SERVE_MESSAGES = {
	badCard: 'Los parámetros de la tarjeta no son válidos',
	badWidth: `El ancho de la vista previa no es válido (usa ${PREVIEW_WIDTHS.join(', ')}).`,
	notFound: 'Imagen no encontrada',
	fontNotFound: 'Tipo de letra no encontrado',
	noRemoteBackground: 'Este fondo se dibuja en el navegador.',
	backgroundFailed: 'Error al cargar imagen',
} as const

/** 403 unless the URL carries a signature of ours over all its parameters. */
export function refuseUnsigned(url: URL): Response | null {
	const check = checkCardUrl(url, getSessionSecrets())
	if (check === 'valid') return null
	return text(
		403,
		check === 'missing'
			? CARD_GUARD_MESSAGES.signatureMissing
			: CARD_GUARD_MESSAGES.signatureInvalid,
	)
}

/** The upload's bytes when the viewer owns it; null when it is not theirs or is gone. */
export async function ownedUploadBytes(request: Request, id: string) {
	const [user, visitorId] = await Promise.all([getUser(request), getVisitorId(request)])
	const upload = await getUploadForViewer(id, { userId: user?.id ?? null, visitorId })
	if (!upload) return null
	return readUpload(id)
}

export interface OpenCard {
	state: CardState
	/** The render cache's key: the canonical query, not the raw one. */
	key: string
	etag: string
	cacheControl: string
	upload: Buffer | null
}

/**
 * The card in the URL, ready to render: parsed (400 when it is not valid), its upload
 * checked against the viewer (404 when it is not theirs), or a 304 when the browser
 * already holds this exact picture.
 */
export async function openCard(
	request: Request,
	url: URL,
	kind: 'jpg' | 'zip',
	extra = '',
): Promise<OpenCard | Response> {
	const parsed = parseCardState(url.searchParams)
	if (!parsed.ok) return text(400, `${SERVE_MESSAGES.badCard}: ${parsed.errors.join(' ')}`)
	const { state } = parsed
	let upload: Buffer | null = null
	if (state.upload) {
		// Ownership first: a cached or 304 answer must not reveal someone else's upload.
		upload = await ownedUploadBytes(request, state.upload)
		if (!upload) return text(404, SERVE_MESSAGES.notFound)
	}
	const key = `${RENDER_VERSION}|${kind}|${extra}|${serializeCardState(state).toString()}`
	const etag = etagFor(key)
	const current = url.searchParams.get('v') === RENDER_VERSION
	const cacheControl = state.upload
		? CACHE_CONTROL.private
		: current
			? CACHE_CONTROL.immutable
			: CACHE_CONTROL.short
	if (matchesEtag(request, etag)) return notModified(etag, cacheControl)
	return { state, key, etag, cacheControl, upload }
}
