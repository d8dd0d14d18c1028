/**
 * Card actions posted to a generator page (`?_tarjeta=subir|quitar|gusta&n=N`): upload or
 * remove a card's background, like a phrase. Every one checks that the batch is the
 * viewer's; anything else is a 404.
 */
import { data } from '@remix-run/node'
import { getUser, getViewer } from '~/auth/guards.server'
import { CARD_LIMITS } from '~/cards/limits'
import { CARD_MESSAGES, UPLOAD_LIMIT_MESSAGES } from '~/cards/messages'
import { isSizeKey, DEFAULT_SIZE_KEY, type SizeKey } from '~/cards/sizes'
import { CARD_PARAMS } from '~/cards/state'
import { UPLOAD_MAX_BYTES, UploadError, deleteUpload, storeUpload } from '~/cards/upload.server'
import { getBatchForViewer, type Viewer } from '~/models/batch.server'
import { toggleLike } from '~/models/like.server'
import {
	UploadQuotaError,
	checkUploadQuota,
	deleteUploadForViewer,
	recordUpload,
	schedulePurge,
} from '~/models/upload.server'
import { reserveUploadForAddress } from '~/models/upload-allowance.server'
import { readFormWithFiles } from '~/utils/form-data.server'
import { redirectWithToast } from '~/utils/toast.server'
import { ensureVisitorId } from '~/utils/visitor.server'
import {
	cardDefaults,
	cleanPageSearch,
	pageHref,
	pageParamName,
	pageUrlWithCard,
	readPageCard,
	UI_PARAMS,
} from './card-params.server'
import { batchBrand } from './owner-brand.server'
import { type Page } from './pages'
import { type CardActionData } from './view'

/** The viewer's batch and one of its cards, from a page URL; null when not theirs. */
export async function findCard(
	page: Page,
	search: URLSearchParams,
	number: number,
	viewer: Viewer,
) {
	const batchId = search.get('lote')
	if (!batchId || !Number.isInteger(number) || number < 1) return null
	const batch = await getBatchForViewer(batchId, viewer)
	const phrase = batch?.phrases.find((candidate) => candidate.position === number - 1)
	if (!batch || !phrase) return null
	const stored = JSON.parse(batch.settings) as { platform?: unknown }
	const platform: SizeKey = isSizeKey(stored.platform) ? stored.platform : DEFAULT_SIZE_KEY
	const defaults = cardDefaults({
		page,
		platform,
		batchId: batch.id,
		position: phrase.position,
		brand: await batchBrand(batch),
	})
	const { state } = readPageCard(search, { cardNumber: number, text: phrase.content, defaults })
	return { batch, phrase, defaults, state }
}

function missing(): never {
	throw new Response(CARD_MESSAGES.batchMissing, { status: 404 })
}

/**
 * A card action posted to a generator page (`?_tarjeta=subir|quitar|gusta&n=N`), or null
 * when the post is the generator's own.
 */
export function cardAction(page: Page, request: Request, clientAddress: string | undefined) {
	const url = new URL(request.url)
	const action = url.searchParams.get(UI_PARAMS.action)
	if (!action) return null
	const number = Number(url.searchParams.get(UI_PARAMS.card))
	switch (action) {
		case 'subir':
			return uploadBackground(page, request, url.searchParams, number, clientAddress)
		case 'quitar':
			return removeBackground(page, request, url.searchParams, number)
		case 'gusta':
			return likePhrase(page, request, url.searchParams, number)
		default:
			throw new Response('Acción no válida', { status: 400 })
	}
}

/** The upload form's file: kept up to 10 MB, else only flagged (the size message follows). */
async function readUploadForm(request: Request) {
	const { formData, oversize } = await readFormWithFiles(request, UPLOAD_MAX_BYTES)
	if (oversize.has('fondo')) return { bytes: Buffer.alloc(0), name: '', oversize: true }
	const file = formData.get('fondo')
	if (!(file instanceof File)) return null
	return { bytes: Buffer.from(await file.arrayBuffer()), name: file.name, oversize: false }
}

/** Other cards in the page URL still using an upload (then it is not deleted). */
function usedElsewhere(search: URLSearchParams, uploadId: string, number: number) {
	for (const [name, value] of search) {
		if (value === uploadId && name.endsWith(`.${CARD_PARAMS.upload}`)) {
			if (name !== pageParamName(number, 'upload')) return true
		}
	}
	return false
}

async function uploadBackground(
	page: Page,
	request: Request,
	search: URLSearchParams,
	number: number,
	clientAddress: string | undefined,
) {
	const user = await getUser(request)
	const visitor = await ensureVisitorId(request)
	const viewer: Viewer = { userId: user?.id ?? null, visitorId: visitor.visitorId }
	const headers = new Headers()
	if (visitor.setCookie) headers.append('set-cookie', visitor.setCookie)
	const form = await readUploadForm(request)
	const card = await findCard(page, search, number, viewer)
	if (!card) missing()
	const fail = (message: string, status = 400) => {
		if (status === 503) headers.set('Retry-After', String(CARD_LIMITS.busyRetryAfterSeconds))
		return data<CardActionData>({ cardError: { number, message } }, { status, headers })
	}
	if (form?.oversize) return fail(new UploadError('size').message)
	if (!form || form.bytes.byteLength === 0) return fail(new UploadError('format').message)
	// The card's current upload goes once the new one is in: it does not count against it.
	const previous = card.state.upload
	const replacing = previous && !usedElsewhere(search, previous, number) ? previous : undefined
	const quotaMessage = UPLOAD_LIMIT_MESSAGES.quota(Boolean(viewer.userId))
	// Checked before decoding (no work for a full quota) and again, with the real size, on saving.
	if (!(await checkUploadQuota(viewer, { replacing })).allowed) return fail(quotaMessage, 403)
	// The address's daily allowance, whoever sends it; given back if nothing is kept.
	const allowance = await reserveUploadForAddress(clientAddress)
	if (!allowance.ok) return fail(allowance.message, 429)
	let stored
	try {
		stored = await storeUpload(form.bytes)
	} catch (error) {
		await allowance.release()
		if (error instanceof UploadError) return fail(error.message, error.code === 'busy' ? 503 : 400)
		throw error
	}
	try {
		await recordUpload(stored, { viewer, fileName: form.name, replacing })
	} catch (error) {
		await Promise.all([deleteUpload(stored.id), allowance.release()])
		if (error instanceof UploadQuotaError) return fail(quotaMessage, 403)
		throw error
	}
	schedulePurge()
	if (replacing) await deleteUploadForViewer(replacing, viewer)
	const location = pageUrlWithCard(page, search, {
		cardNumber: number,
		state: { ...card.state, upload: stored.id },
		defaults: card.defaults,
	})
	return redirectWithToast(
		location,
		{ type: 'success', message: CARD_MESSAGES.uploaded },
		{ headers },
	)
}

async function removeBackground(
	page: Page,
	request: Request,
	search: URLSearchParams,
	number: number,
) {
	await request.arrayBuffer()
	const { viewer } = await getViewer(request)
	const card = await findCard(page, search, number, viewer)
	if (!card) missing()
	const upload = card.state.upload
	if (upload && !usedElsewhere(search, upload, number)) await deleteUploadForViewer(upload, viewer)
	const location = pageUrlWithCard(page, search, {
		cardNumber: number,
		state: { ...card.state, upload: undefined },
		defaults: card.defaults,
	})
	return redirectWithToast(location, { type: 'success', message: CARD_MESSAGES.uploadRemoved })
}

async function likePhrase(page: Page, request: Request, search: URLSearchParams, number: number) {
	await request.arrayBuffer()
	const { viewer } = await getViewer(request)
	const card = await findCard(page, search, number, viewer)
	if (!card) missing()
	const liked = await toggleLike({
		id: card.batch.id,
		page: card.batch.page,
		provider: card.batch.provider,
		model: card.batch.model,
		settings: card.batch.settings,
		position: card.phrase.position,
	})
	return redirectWithToast(pageHref(page, cleanPageSearch(search), number), {
		type: 'success',
		message: liked ? CARD_MESSAGES.liked : CARD_MESSAGES.unliked,
	})
}
