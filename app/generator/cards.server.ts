/**
 * The image cards of a generator page as its loader sends them: one CardView per phrase,
 * read from the page URL, with every link and form target already computed.
 */
import { CARD_MESSAGES } from '~/cards/messages'
import { previewBox } from '~/cards/preview'
import { type SizeKey } from '~/cards/sizes'
import { randomSeed, type CardState } from '~/cards/state'
import { cardBackgroundUrl, cardImageUrl, cardZipUrl, PREVIEW_WIDTH } from '~/cards/urls.server'
import { type Viewer } from '~/models/batch.server'
import { getLikedPositions } from '~/models/like.server'
import { getUploadForViewer, schedulePurge } from '~/models/upload.server'
import { getEnv } from '~/utils/env.server'
import {
	cardDefaults,
	cleanPageSearch,
	type CardBrand,
	pageHref,
	pageUrlWithCard,
	readPageCard,
	UI_PARAMS,
	type CardDefaults,
} from './card-params.server'
import { GENERATOR_PAGES, type Page } from './pages'
import { type BatchView, type CardsData, type CardView, type StreamedCardView } from './view'

/** The GET forms of the design editor and the background select go here. */
export const APPLY_PATH = '/tarjetas/aplicar'

/** The page's action URL (index routes need `?index`) with a card action in its query. */
function actionUrl(page: Page, search: URLSearchParams, action: string, number: number) {
	const params = new URLSearchParams()
	if (page === 'home') params.set('index', '')
	for (const [name, value] of search) params.append(name, value)
	params.set(UI_PARAMS.action, action)
	params.set(UI_PARAMS.card, String(number))
	return `${GENERATOR_PAGES[page].path}?${params.toString().replace(/^index=&/, 'index&')}`
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
	brand,
	position,
	errors,
	liked,
	openEditor,
	openUpload,
}: {
	page: Page
	search: URLSearchParams
	state: CardState
	defaults: CardDefaults
	brand: CardBrand | null
	position: number
	errors: string[]
	liked: boolean
	openEditor: number | null
	openUpload: number | null
}): CardView {
	const number = position + 1
	const clean = cleanPageSearch(search)
	return {
		number,
		position,
		state,
		errors,
		liked,
		handle: brand?.handle ? { text: brand.handle, corner: brand.corner } : null,
		editorOpen: openEditor === number,
		uploadOpen: openUpload === number,
		image: {
			...previewImages(state),
			download: cardImageUrl(state, { download: true }),
			zip: cardZipUrl(state),
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

/** The signed preview of a card and its background for the browser's canvas. */
function previewImages(state: CardState): StreamedCardView['image'] {
	const box = previewBox(state.size)
	return {
		src: cardImageUrl(state, { width: PREVIEW_WIDTH }),
		srcSet: `${cardImageUrl(state, { width: PREVIEW_WIDTH })} ${PREVIEW_WIDTH}w, ${cardImageUrl(state, { width: 1080 })} 1080w`,
		width: box.width,
		height: box.height,
		background: cardBackgroundUrl(state, getEnv().IMAGE_PROVIDER),
	}
}

/**
 * The card of a phrase released while its batch is still being written, as the stream
 * carries it: the card's defaults (the batch's id gives its background seed) and its signed
 * preview URLs, computed here, so the browser never names a text to be drawn.
 */
export function streamedCard({
	page,
	batchId,
	position,
	text,
	platform,
	brand,
}: {
	page: Page
	batchId: string
	position: number
	text: string
	platform: SizeKey
	brand: CardBrand | null
}): StreamedCardView {
	const number = position + 1
	const defaults = cardDefaults({ page, platform, batchId, position, brand })
	const { state } = readPageCard(new URLSearchParams(), { cardNumber: number, text, defaults })
	return { number, state, image: previewImages(state) }
}

function openCard(search: URLSearchParams, name: string) {
	const value = Number(search.get(name))
	return Number.isInteger(value) && value > 0 ? value : null
}

/**
 * The batch's cards as the page shows them, each read from the page URL over its defaults
 * (the owner's brand, `brand`, among them).
 */
export async function loadCards(
	page: Page,
	request: Request,
	batch: BatchView,
	viewer: Viewer,
	brand: CardBrand | null,
): Promise<CardsData> {
	// Expired anonymous uploads go at most hourly, also when nobody uploads after a restart.
	schedulePurge()
	const search = new URL(request.url).searchParams
	const liked = new Set(await getLikedPositions(batch.id))
	const items = await Promise.all(
		batch.phrases.map(async (phrase) => {
			const defaults = cardDefaults({
				page,
				platform: batch.platform,
				batchId: batch.id,
				position: phrase.position,
				brand,
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
				brand,
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
