import { DEFAULT_BACKGROUND_TYPE, type BackgroundType } from './backgrounds/types'
import { DEFAULT_FONT_ID } from './fonts'
import { DEFAULT_CORNER, type Corner } from './handle'
import { DEFAULT_SIZE_KEY, type SizeKey } from './sizes'

/*
 * The card state's shape, bounds, defaults and URL form, without zod: the browser's card
 * code imports this module (state.ts adds the zod parsing for the server).
 */

/**
 * A card's whole state. It lives in the card's URL (short parameter names, defaults left
 * out), so a GET form edits it without JavaScript and the server can render it from the URL
 * alone.
 */
export interface CardState {
	/** The phrase drawn on the card (1–500 characters). */
	text: string
	/** The phrase's number in its batch, used in the file name frase-{index}-{sizeKey}.jpg. */
	index: number
	size: SizeKey
	/** A font id from fonts.ts. */
	font: string
	fontSize: number
	/** Text colour, lower-case #rrggbb. */
	color: string
	/** Opacity of the black overlay, 0–0.8 in steps of 0.1. */
	overlay: number
	background: BackgroundType
	/** Seed of the generated background. Kept while an upload is used, so removing it returns. */
	seed: number
	/** Id of an uploaded background; when set it replaces the generated one. */
	upload?: string
	/**
	 * The owner's handle ("Tu marca"), drawn small in a corner. Only the server puts it in:
	 * from the signed-in owner's brand into the signed image URLs, never from a page URL.
	 */
	handle?: string
	/** The handle's corner (only with a handle). */
	corner?: Corner
}

export type CardDesign = Pick<CardState, 'size' | 'font' | 'fontSize' | 'color' | 'overlay'>

export const TEXT_MAX_LENGTH = 500
export const INDEX_MAX = 1000
export const FONT_SIZE = { min: 30, max: 150, step: 2, default: 72 } as const
export const OVERLAY = { min: 0, max: 0.8, step: 0.1, default: 0.3 } as const
export const SEED_MAX = 2_147_483_647

/** Default card design (size, Arial, 72 px, white, 0.3); a page may change some of it. */
export const DESIGN_DEFAULTS: CardDesign = {
	size: DEFAULT_SIZE_KEY,
	font: DEFAULT_FONT_ID,
	fontSize: FONT_SIZE.default,
	color: '#ffffff',
	overlay: OVERLAY.default,
}

export const CARD_DEFAULTS = {
	index: 1,
	background: DEFAULT_BACKGROUND_TYPE,
	seed: 0,
	...DESIGN_DEFAULTS,
}

/** URL parameter names. */
export const CARD_PARAMS = {
	text: 't',
	index: 'i',
	size: 's',
	font: 'f',
	fontSize: 'fs',
	color: 'c',
	overlay: 'o',
	background: 'b',
	seed: 'sd',
	upload: 'u',
	handle: 'h',
	corner: 'hc',
} as const satisfies Record<keyof CardState, string>

/** Rounds to one decimal, as overlays are stored and shown (0.30000000000000004 → 0.3). */
export function roundToTenth(value: number) {
	return Math.round(value * 10) / 10
}

/** Whether `value` is a whole number of `step`s, allowing for floating-point error. */
export function isStep(value: number, step: number) {
	const steps = value / step
	return Math.abs(steps - Math.round(steps)) < 1e-9
}

/** A colour in the one form cards store it: lower-case #rrggbb. */
export function isHexColor(value: string) {
	return /^#[0-9a-f]{6}$/.test(value)
}

function formatOverlay(value: number) {
	return String(roundToTenth(value))
}

/** The URL parameters of a card: short names, defaults left out, stable order. */
export function serializeCardState(state: CardState): URLSearchParams {
	const params = new URLSearchParams()
	params.set(CARD_PARAMS.text, state.text)
	if (state.index !== CARD_DEFAULTS.index) params.set(CARD_PARAMS.index, String(state.index))
	if (state.size !== CARD_DEFAULTS.size) params.set(CARD_PARAMS.size, state.size)
	if (state.font !== CARD_DEFAULTS.font) params.set(CARD_PARAMS.font, state.font)
	if (state.fontSize !== CARD_DEFAULTS.fontSize) {
		params.set(CARD_PARAMS.fontSize, String(state.fontSize))
	}
	if (state.color !== CARD_DEFAULTS.color)
		params.set(CARD_PARAMS.color, state.color.replace('#', ''))
	if (roundToTenth(state.overlay) !== CARD_DEFAULTS.overlay) {
		params.set(CARD_PARAMS.overlay, formatOverlay(state.overlay))
	}
	if (state.background !== CARD_DEFAULTS.background) {
		params.set(CARD_PARAMS.background, state.background)
	}
	if (state.seed !== CARD_DEFAULTS.seed) params.set(CARD_PARAMS.seed, String(state.seed))
	if (state.upload) params.set(CARD_PARAMS.upload, state.upload)
	if (state.handle) {
		params.set(CARD_PARAMS.handle, state.handle)
		if (state.corner && state.corner !== DEFAULT_CORNER)
			params.set(CARD_PARAMS.corner, state.corner)
	}
	return params
}

/** The handle as drawCard takes it, or undefined when the card has none. */
export function cardHandle(state: Pick<CardState, 'handle' | 'corner'>) {
	return state.handle ? { text: state.handle, corner: state.corner ?? DEFAULT_CORNER } : undefined
}
