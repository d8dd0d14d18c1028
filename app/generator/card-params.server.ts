/**
 * The cards of a generator page, read from and written to the page's URL.
 *
 * The page URL holds only what differs from a card's defaults, one parameter per field,
 * prefixed with the card's number: `?lote=ID&c2.s=facebook_post&c2.f=lobster`. The phrase
 * and its number come from the batch. The card's image URLs (~/cards/urls.server) carry the
 * whole state instead, so a resource route can render them without the batch.
 */
import { DEFAULT_BACKGROUND_TYPE } from '~/cards/backgrounds/types'
import { hashString } from '~/cards/backgrounds/random'
import { type Corner } from '~/cards/handle'
import { type SizeKey } from '~/cards/sizes'
import {
	CARD_PARAMS,
	DESIGN_DEFAULTS,
	TEXT_MAX_LENGTH,
	normalizeText,
	parseCardState,
	roundToTenth,
	type CardDesign,
	type CardState,
} from '~/cards/state'
import { HANDLE_SWITCH } from './handle-switch'
import { GENERATOR_PAGES, type Page } from './pages'

/** The fields a page URL may carry per card (the text and number come from the batch). */
export const PAGE_FIELDS = [
	'size',
	'font',
	'fontSize',
	'color',
	'overlay',
	'background',
	'seed',
	'upload',
] as const satisfies ReadonlyArray<keyof CardState>
type PageField = (typeof PAGE_FIELDS)[number]

/** Page parameters that open a card's panels or carry a card action. */
export const UI_PARAMS = {
	/** Card number whose design editor is open. */
	editor: 'diseno',
	/** Card number whose upload panel is open. */
	upload: 'subir',
	/** Card action of a POST to the page (subir, quitar, gusta). */
	action: '_tarjeta',
	/** Card number of that action. */
	card: 'n',
} as const

export type CardDefaults = Omit<CardState, 'text' | 'index'>

/** What the batch owner's brand ("Tu marca") changes on their cards. */
export interface CardBrand {
	/** Drawn on every card unless switched off for one (`c{n}.firma=no`). */
	handle: string | null
	corner: Corner
	/** Replaces the page's built-in design (font, colour, overlay) of the batch's cards. */
	design: Partial<CardDesign> | null
}

function handleSwitchName(cardNumber: number) {
	return `c${cardNumber}.${HANDLE_SWITCH.param}`
}

/** `c{n}.{param}`: a card field's name in the page URL. */
export function pageParamName(cardNumber: number, field: PageField): string {
	return `c${cardNumber}.${CARD_PARAMS[field]}`
}

/**
 * A card's defaults: the page's design (or the owner's own, from their brand), the
 * batch's platform (the home form's target platform), a background seed of its own that
 * stays the same across reloads, and the owner's handle.
 */
export function cardDefaults({
	page,
	platform,
	batchId,
	position,
	brand = null,
}: {
	page: Page
	platform: SizeKey
	batchId: string
	position: number
	brand?: CardBrand | null
}): CardDefaults {
	return {
		...DESIGN_DEFAULTS,
		...GENERATOR_PAGES[page].card,
		...brand?.design,
		size: platform,
		background: DEFAULT_BACKGROUND_TYPE,
		seed: hashString(`${batchId}:${position}`) % 1_000_000,
		...(brand?.handle ? { handle: brand.handle, corner: brand.corner } : {}),
	}
}

/** The defaults' handle on the state, or none (switched off). */
export function withHandle(state: CardState, defaults: CardDefaults, on: boolean): CardState {
	const { handle: _handle, corner: _corner, ...rest } = state
	return on && defaults.handle
		? { ...rest, handle: defaults.handle, corner: defaults.corner }
		: rest
}

/** The phrase as a card draws it: normalised and cut to the card's maximum length. */
export function cardText(text: string): string {
	return [...normalizeText(text)].slice(0, TEXT_MAX_LENGTH).join('') || '…'
}

/**
 * Reads card `cardNumber` from a page's search parameters over its defaults. A bad value
 * is dropped (the default is used) and reported in Spanish, so a mistyped URL still shows
 * a card.
 */
export function readPageCard(
	search: URLSearchParams,
	{ cardNumber, text, defaults }: { cardNumber: number; text: string; defaults: CardDefaults },
): { state: CardState; errors: string[] } {
	const params = new URLSearchParams({
		[CARD_PARAMS.text]: cardText(text),
		[CARD_PARAMS.index]: String(cardNumber),
	})
	for (const field of PAGE_FIELDS) {
		const value = fieldParam(defaults, field)
		if (value !== null) params.set(CARD_PARAMS[field], value)
	}
	for (const field of PAGE_FIELDS) {
		const value = search.get(pageParamName(cardNumber, field))
		if (value !== null) params.set(CARD_PARAMS[field], value)
	}
	const handleOn = search.get(handleSwitchName(cardNumber)) !== HANDLE_SWITCH.off
	const parsed = parseCardState(params)
	if (parsed.ok) return { state: withHandle(parsed.state, defaults, handleOn), errors: [] }
	for (const field of Object.keys(parsed.fieldErrors) as Array<keyof CardState>) {
		if (!(PAGE_FIELDS as ReadonlyArray<string>).includes(field)) continue
		const value = fieldParam(defaults, field as PageField)
		if (value === null) params.delete(CARD_PARAMS[field])
		else params.set(CARD_PARAMS[field], value)
	}
	const retried = parseCardState(params)
	if (!retried.ok) throw new Error(`Card defaults do not parse: ${retried.errors.join(' ')}`)
	return { state: withHandle(retried.state, defaults, handleOn), errors: parsed.errors }
}

/** A field's value as a URL parameter (null for an absent upload). */
export function fieldParam(defaults: CardDefaults, field: PageField): string | null {
	switch (field) {
		case 'size':
			return defaults.size
		case 'font':
			return defaults.font
		case 'fontSize':
			return String(defaults.fontSize)
		case 'color':
			return defaults.color.replace('#', '')
		case 'overlay':
			return String(roundToTenth(defaults.overlay))
		case 'background':
			return defaults.background
		case 'seed':
			return String(defaults.seed)
		case 'upload':
			return defaults.upload ?? null
	}
}

/** The page parameters of a card: only the fields that differ from its defaults. */
export function cardPageParams(
	cardNumber: number,
	state: CardState,
	defaults: CardDefaults,
): Array<[string, string]> {
	const entries: Array<[string, string]> = []
	for (const field of PAGE_FIELDS) {
		const value = fieldParam(state, field)
		if (value !== null && value !== fieldParam(defaults, field)) {
			entries.push([pageParamName(cardNumber, field), value])
		}
	}
	if (defaults.handle && !state.handle)
		entries.push([handleSwitchName(cardNumber), HANDLE_SWITCH.off])
	return entries
}

const CARD_PARAM = /^c(\d+)\./

/**
 * A page URL with card `cardNumber` set to `state`: its old parameters and any open panel
 * or pending action are dropped; `open` opens one of its panels again.
 */
export function pageUrlWithCard(
	page: Page,
	search: URLSearchParams,
	{
		cardNumber,
		state,
		defaults,
		open,
	}: {
		cardNumber: number
		state: CardState
		defaults: CardDefaults
		open?: 'editor' | 'upload'
	},
): string {
	const params = cleanPageSearch(search, (number) => number !== cardNumber)
	for (const [name, value] of cardPageParams(cardNumber, state, defaults)) {
		params.append(name, value)
	}
	if (open) params.set(UI_PARAMS[open], String(cardNumber))
	return pageHref(page, params, cardNumber)
}

/**
 * The page's parameters without panels, pending actions or phrase editing; card
 * parameters are kept when `keepCard` says so (default: all).
 */
export function cleanPageSearch(
	search: URLSearchParams,
	keepCard: (cardNumber: number) => boolean = () => true,
): URLSearchParams {
	const params = new URLSearchParams()
	for (const [name, value] of search) {
		if (
			name === 'index' ||
			name === 'editar' ||
			name === UI_PARAMS.editor ||
			name === UI_PARAMS.upload ||
			name === UI_PARAMS.action ||
			name === UI_PARAMS.card
		) {
			continue
		}
		const card = CARD_PARAM.exec(name)
		if (card && !keepCard(Number(card[1]))) continue
		params.append(name, value)
	}
	return params
}

/** `/{page}?{params}#frase-{position}`: the anchor of the card's phrase. */
export function pageHref(page: Page, params: URLSearchParams, cardNumber?: number) {
	const query = params.toString()
	const anchor = cardNumber === undefined ? '' : `#frase-${cardNumber - 1}`
	return `${GENERATOR_PAGES[page].path}${query ? `?${query}` : ''}${anchor}`
}
