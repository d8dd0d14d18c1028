/**
 * Card JPEGs and ZIPs: what the main thread does before a worker draws them (find the
 * background's bytes: the upload, or the remote image from its cache or the network), then
 * the drawing itself in the render pool (render-pool.server.ts, render-task.server.ts).
 */
import { getEnv } from '~/utils/env.server'
import {
	fetchPollinationsBackground,
	type PollinationsOptions,
} from './backgrounds/pollinations.server'
import { renderPool } from './render-pool.server'
import { type CardTask } from './render-task.server'
import { PLATFORM_SIZES, SIZE_KEYS, type SizeKey } from './sizes'
import { type CardState } from './state'

/** Preview width when none is asked for. */
export const PREVIEW_WIDTH = 540

interface RenderOptions extends Pick<CardTask, 'width' | 'height' | 'quality'> {
	/** Bytes of an uploaded background (already validated by upload.server.ts). */
	background?: Uint8Array
	/** Where generated backgrounds come from; defaults to IMAGE_PROVIDER. */
	provider?: 'procedural' | 'pollinations'
	pollinations?: PollinationsOptions
}

/**
 * The card's background at a size, as encoded bytes: the upload when given; otherwise the
 * remote one when IMAGE_PROVIDER=pollinations. Undefined means the procedural background
 * (the default, and the fallback on any failure of the remote one).
 */
export async function resolveBackground(
	state: CardState,
	sizeKey: SizeKey,
	options: RenderOptions = {},
): Promise<Uint8Array | undefined> {
	if (options.background) return options.background
	const provider = options.provider ?? getEnv().IMAGE_PROVIDER
	if (provider !== 'pollinations') return undefined
	try {
		return await fetchPollinationsBackground(
			{ text: state.text, type: state.background, seed: state.seed, ...PLATFORM_SIZES[sizeKey] },
			options.pollinations,
		)
	} catch (error) {
		if (!options.pollinations?.cacheOnly) {
			console.warn(`Remote background failed, drawing a procedural one: ${String(error)}`)
		}
		return undefined
	}
}

/** Draws the card on `background` (undefined: procedural) in a render worker. */
export function drawCardJpeg(
	state: CardState,
	background: Uint8Array | undefined,
	options: Pick<CardTask, 'width' | 'height' | 'quality'> = {},
): Promise<Buffer> {
	return renderPool().run({ kind: 'card', state, background, ...options })
}

/** The card as a JPEG at its platform's exact pixel size (or a smaller preview). */
export async function renderCard(state: CardState, options: RenderOptions = {}): Promise<Buffer> {
	const background = await resolveBackground(state, state.size, options)
	return drawCardJpeg(state, background, options)
}

/** A smaller JPEG of the card for the page (default 540 px wide). */
export function renderPreview(state: CardState, options: RenderOptions = {}): Promise<Buffer> {
	return renderCard(state, { ...options, width: options.width ?? PREVIEW_WIDTH })
}

/**
 * A ZIP with the card in all 10 sizes, named frase-{index}-{sizeKey}.jpg. An upload is
 * decoded once; with remote backgrounds only the card's own size may be downloaded, and
 * the other sizes use their cached image or crop that one.
 */
export async function renderAllSizesZip(
	state: CardState,
	options: Omit<RenderOptions, 'width' | 'height'> = {},
): Promise<Buffer> {
	const background = await resolveBackground(state, state.size, options)
	const backgroundsBySize: Partial<Record<SizeKey, Uint8Array>> = {}
	if (!options.background && background) {
		for (const sizeKey of SIZE_KEYS) {
			if (sizeKey === state.size) continue
			const cached = await resolveBackground(state, sizeKey, {
				...options,
				pollinations: { ...options.pollinations, cacheOnly: true },
			})
			if (cached) backgroundsBySize[sizeKey] = cached
		}
	}
	return renderPool().run({ kind: 'zip', state, background, backgroundsBySize })
}
