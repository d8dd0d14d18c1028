/**
 * What a generator page's loader and action send to its components: the route passes
 * them down as props. Types only, shared by the server modules and the components.
 */
import { type Corner } from '~/cards/handle'
import { type CardState } from '~/cards/params'
import { type SizeKey } from '~/cards/sizes'
import { type Mode } from '~/generation/options'
import { type Page } from './pages'

/** The generation form's values: the page's defaults, a stored batch, or a failed post. */
export type GeneratorValues = {
	mode: Mode
	prompt: string
	context: string
	language: string
	/** The Spanish variety and register (offered only while the language is Spanish). */
	variant: string
	register: string
	type: string
	count: number
	length: number
	platform: SizeKey
	includeEmojis: boolean
	includeHashtags: boolean
	includeDate: boolean
}

/** Messages per field; `form` holds those without a field of their own. */
export type GeneratorErrors = Partial<Record<keyof GeneratorValues | 'image' | 'form', string[]>>

export type QuotaInfo = {
	remaining: number
	/** The browser's or account's own daily limit. */
	limit: number
	/** The tightest limit: the own one, the network's ('ip') or the whole service's. */
	scope: 'visitor' | 'user' | 'ip' | 'global'
	signedIn: boolean
}

/** The batch of phrases on screen (the page's `?lote=` parameter). */
export interface BatchView {
	id: string
	/** Written by Frasea's offline engine. */
	offline: boolean
	/** The format every card of the batch starts from. */
	platform: SizeKey
	phrases: Array<{ position: number; content: string }>
}

/** A generator page's loader data. */
export interface GeneratorData {
	page: Page
	values: GeneratorValues
	quota: QuotaInfo
	signedIn: boolean
	/** No AI provider is configured: the offline engine writes the phrases. */
	offline: boolean
	/** An admin switched this generator off: the notice to show instead of the form. */
	unavailable: string | null
	/** The URL named a batch that is gone (expired, or someone else's). */
	batchMissing: boolean
	batch: BatchView | null
	/** The position of the phrase being edited (`?editar=`), if any. */
	editing: number | null
	cards: CardsData | null
}

/** What a generator page's action answers instead of a redirect. */
export type GeneratorActionData =
	{ values: GeneratorValues; errors: GeneratorErrors } | CardActionData

/** One card as the page shows it; everything the component needs, already computed. */
export interface CardView {
	/** The phrase's number (1-based): its card parameters are `c{number}.*`. */
	number: number
	position: number
	state: CardState
	/** Spanish reasons for card parameters that were ignored. */
	errors: string[]
	liked: boolean
	/**
	 * The owner's handle ("Tu marca"), offered by the design editor's switch; null when they
	 * have none. Whether this card shows it is `state.handle`.
	 */
	handle: { text: string; corner: Corner } | null
	editorOpen: boolean
	uploadOpen: boolean
	image: {
		src: string
		srcSet: string
		/** Preview box (CSS pixels at 1×) keeping the platform's aspect. */
		width: number
		height: number
		download: string
		zip: string
		/** The background alone for the browser canvas (null: drawn by the browser). */
		background: string | null
	}
	links: {
		newBackground: string
		openEditor: string
		closeEditor: string
		openUpload: string
		closeUpload: string
	}
	forms: {
		/** The GET forms' target and their hidden `volver` (the page to come back to). */
		apply: string
		back: string
		/** POST targets (the page's own action). */
		upload: string
		remove: string
		like: string
	}
}

/** The card of a phrase released while its batch is being written: its preview alone. */
export interface StreamedCardView {
	number: number
	state: CardState
	image: Pick<CardView['image'], 'src' | 'srcSet' | 'width' | 'height' | 'background'>
}

export interface CardsData {
	items: CardView[]
}

export interface CardActionData {
	cardError: { number: number; message: string }
}
