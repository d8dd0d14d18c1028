/**
 * The image cards of the three generator pages: what their loaders add (one CardView per
 * phrase, read from the page URL), the card actions their actions dispatch to (upload and
 * remove a background, like a phrase), and the GET route that applies the design editor
 * and the background-type select. Every path checks that the batch is the viewer's.
 */
import { data, redirect } from '@remix-run/node'
import { getUser, getViewer } from '~/auth/guards.server'
import { getBatchForViewer, type Viewer } from '~/models/batch.server'
import { getLikedPositions, toggleLike } from '~/models/like.server'
import {
	UploadQuotaError,
	checkUploadQuota,
	deleteUploadForViewer,
	getUploadForViewer,
	recordUpload,
	schedulePurge,
} from '~/models/upload.server'
import { getEnv } from '~/utils/env.server'
import { readFormWithFiles } from '~/utils/form-data.server'
import { redirectWithToast } from '~/utils/toast.server'
import { ensureVisitorId } from '~/utils/visitor.server'
import { type CardActionData, type CardView, type CardsData } from './card-view'
import { CARD_LIMITS } from './limits'
import { CARD_MESSAGES, UPLOAD_LIMIT_MESSAGES } from './messages'
import {
	GENERATOR_PATHS,
	PAGE_FIELDS,
	PREVIEW_WIDTH,
	UI_PARAMS,
	cardBackgroundUrl,
	cardDefaults,
	cardImageUrl,
	cardZipUrl,
	cleanPageSearch,
	fieldParam,
	generatorPageOf,
	pageHref,
	pageParamName,
	pageUrlWithCard,
	readPageCard,
	type CardDefaults,
	type GeneratorPage,
} from './page-cards.server'
import { previewBox } from './preview'
import { isSizeKey, type SizeKey } from './sizes'
import { CARD_PARAMS, parseCardState, randomSeed, type CardState } from './state'
import { UPLOAD_MAX_BYTES, UploadError, deleteUpload, storeUpload } from './upload.server'

const APPLY_PATH = '/tarjetas/aplicar'

type Batch = {
	id: string
	platform: SizeKey
	phrases: Array<{ position: number; content: string }>
}

/** The page's action URL (index routes need `?index`) with a card action in its query. */
function actionUrl(page: GeneratorPage, search: URLSearchParams, action: string, number: number) {
	const params = new URLSearchParams()
	if (page === 'home') params.set('index', '')
	for (const [name, value] of search) params.append(name, value)
	params.set(UI_PARAMS.action, action)
	params.set(UI_PARAMS.card, String(number))
	return `${GENERATOR_PATHS[page]}?${params.toString().replace(/^index=&/, 'index&')}`
}

function withParam(search: URLSearchParams, name: string, value: string) {
	const params = new URLSearchParams(search)
	params.set(name, value)
	return params
}

function cardView({
	page,
	search,
	state,
	defaults,
	position,
	errors,
	liked,
	openEditor,
	openUpload,
}: {
	page: GeneratorPage
	search: URLSearchParams
	state: CardState
	defaults: CardDefaults
	position: number
	errors: string[]
	liked: boolean
	openEditor: number | null
	openUpload: number | null
}): CardView {
	const number = position + 1
	const clean = cleanPageSearch(search)
	const provider = getEnv().IMAGE_PROVIDER
	const box = previewBox(state.size)
	return {
		number,
		position,
		state,
		errors,
		liked,
		editorOpen: openEditor === number,
		uploadOpen: openUpload === number,
		image: {
			src: cardImageUrl(state, { width: PREVIEW_WIDTH }),
			srcSet: `${cardImageUrl(state, { width: PREVIEW_WIDTH })} ${PREVIEW_WIDTH}w, ${cardImageUrl(state, { width: 1080 })} 1080w`,
			width: box.width,
			height: box.height,
			download: cardImageUrl(state, { download: true }),
			zip: cardZipUrl(state),
			background: cardBackgroundUrl(state, provider),
		},
		links: {
			newBackground: pageUrlWithCard(page, clean, {
				cardNumber: number,
				state: { ...state, seed: randomSeed() },
				defaults,
			}),
			openEditor: pageHref(page, withParam(clean, UI_PARAMS.editor, String(number)), number),
			closeEditor: pageHref(page, clean, number),
			openUpload: pageHref(page, withParam(clean, UI_PARAMS.upload, String(number)), number),
			closeUpload: pageHref(page, clean, number),
		},
		forms: {
			apply: APPLY_PATH,
			back: pageHref(page, clean),
			upload: actionUrl(page, clean, 'subir', number),
			remove: actionUrl(page, clean, 'quitar', number),
			like: actionUrl(page, clean, 'gusta', number),
		},
	}
}

function openCard(search: URLSearchParams, name: string) {
	const value = Number(search.get(name))
	return Number.isInteger(value) && value > 0 ? value : null
}

/** What a generator page's loader adds for its cards (null without a batch). */
async function loadCards(
	page: GeneratorPage,
	request: Request,
	batch: Batch | null,
): Promise<CardsData | null> {
	if (!batch) return null
	// Expired anonymous uploads go at most hourly, also when nobody uploads after a restart.
	schedulePurge()
	const search = new URL(request.url).searchParams
	const { viewer } = await getViewer(request)
	const liked = new Set(await getLikedPositions(batch.id))
	const items = await Promise.all(
		batch.phrases.map(async (phrase) => {
			const defaults = cardDefaults({
				page,
				platform: batch.platform,
				batchId: batch.id,
				position: phrase.position,
			})
			const number = phrase.position + 1
			let { state, errors } = readPageCard(search, {
				cardNumber: number,
				text: phrase.content,
				defaults,
			})
			if (state.upload && !(await getUploadForViewer(state.upload, viewer))) {
				state = { ...state, upload: undefined }
				errors = [...errors, CARD_MESSAGES.uploadGone]
			}
			return cardView({
				page,
				search,
				state,
				defaults,
				position: phrase.position,
				errors,
				liked: liked.has(phrase.position),
				openEditor: openCard(search, UI_PARAMS.editor),
				openUpload: openCard(search, UI_PARAMS.upload),
			})
		}),
	)
	return { items }
}

/** The viewer's batch and one of its cards, from a page URL; null when not theirs. */
async function findCard(
	page: GeneratorPage,
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
	const platform: SizeKey = isSizeKey(stored.platform) ? stored.platform : 'instagram_square'
	const defaults = cardDefaults({ page, platform, batchId: batch.id, position: phrase.position })
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
export function cardAction(page: GeneratorPage, request: Request) {
	const url = new URL(request.url)
	const action = url.searchParams.get(UI_PARAMS.action)
	if (!action) return null
	const number = Number(url.searchParams.get(UI_PARAMS.card))
	switch (action) {
		case 'subir':
			return uploadBackground(page, request, url.searchParams, number)
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
	page: GeneratorPage,
	request: Request,
	search: URLSearchParams,
	number: number,
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
	let stored
	try {
		stored = await storeUpload(form.bytes)
	} catch (error) {
		if (error instanceof UploadError) return fail(error.message, error.code === 'busy' ? 503 : 400)
		throw error
	}
	try {
		await recordUpload(stored, { viewer, fileName: form.name, replacing })
	} catch (error) {
		await deleteUpload(stored.id)
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
	page: GeneratorPage,
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

async function likePhrase(
	page: GeneratorPage,
	request: Request,
	search: URLSearchParams,
	number: number,
) {
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

/** Design-editor fields and the background type, as the GET forms send them. */
const APPLY_FIELDS = ['size', 'font', 'fontSize', 'color', 'overlay', 'background'] as const

/**
 * GET /tarjetas/aplicar: applies the design editor (`aviso=diseno`) or the background-type
 * select of card `n` to the page in `volver`, and goes back there with a compact URL.
 */
export async function applyCardChanges(request: Request): Promise<Response> {
	const url = new URL(request.url)
	const back = new URL(url.searchParams.get('volver') ?? '/', url.origin)
	const page = back.origin === url.origin ? generatorPageOf(back.pathname) : null
	if (!page) return redirect('/')
	const number = Number(url.searchParams.get(UI_PARAMS.card))
	const { viewer } = await getViewer(request)
	const card = await findCard(page, back.searchParams, number, viewer)
	if (!card) return redirect(pageHref(page, cleanPageSearch(back.searchParams)))

	const design = url.searchParams.get('aviso') === 'diseno'
	const params = new URLSearchParams()
	const current = card.state
	params.set(CARD_PARAMS.text, current.text)
	params.set(CARD_PARAMS.index, String(current.index))
	for (const field of PAGE_FIELDS) {
		const value = fieldParam(current, field)
		if (value !== null) params.set(CARD_PARAMS[field], value)
	}
	for (const field of APPLY_FIELDS) {
		const value = url.searchParams.get(CARD_PARAMS[field])
		if (value !== null && value.trim() !== '') params.set(CARD_PARAMS[field], value)
	}
	let parsed = parseCardState(params)
	let error: string | null = null
	if (!parsed.ok) {
		error = parsed.errors[0] ?? null
		for (const field of Object.keys(parsed.fieldErrors) as Array<keyof CardState>) {
			const value = fieldParam(current, field as (typeof PAGE_FIELDS)[number])
			if (value === null) params.delete(CARD_PARAMS[field])
			else params.set(CARD_PARAMS[field], value)
		}
		parsed = parseCardState(params)
	}
	const state = parsed.ok ? parsed.state : current
	const location = pageUrlWithCard(page, back.searchParams, {
		cardNumber: number,
		state,
		defaults: card.defaults,
		// A refused value keeps the editor open, next to the fields.
		open: error && design ? 'editor' : undefined,
	})
	if (error) return redirectWithToast(location, { type: 'error', message: error })
	if (design) {
		return redirectWithToast(location, { type: 'success', message: CARD_MESSAGES.designApplied })
	}
	return redirect(location)
}

/** A generator page's loader data with its cards added. */
export async function withCards<Data extends { batch: Batch | null }>(
	page: GeneratorPage,
	request: Request,
	generator: Data,
) {
	return { ...generator, cards: await loadCards(page, request, generator.batch) }
}
