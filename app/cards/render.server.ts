import { createCanvas, Image } from '@napi-rs/canvas'
import { zipSync, type Zippable } from 'fflate'
import { getEnv } from '~/utils/env.server'
import {
	fetchPollinationsBackground,
	type PollinationsOptions,
} from './backgrounds/pollinations.server'
import { proceduralBackground } from './backgrounds/procedural'
import { drawCard, JPEG_QUALITY, type CardBackground } from './draw'
import { getFont } from './fonts'
import { registerCardFonts } from './fonts.server'
import { withJpegDescription } from './jpeg-metadata'
import { PLATFORM_SIZES, SIZE_KEYS, type SizeKey } from './sizes'
import { type CardState } from './state'

/** Preview width when none is asked for. */
export const PREVIEW_WIDTH = 540
const PREVIEW_QUALITY = 0.85
const MIN_PREVIEW_WIDTH = 64

interface RenderOptions {
	/** Bytes of an uploaded background (already validated by upload.server.ts). */
	background?: Uint8Array
	/** Output width for a preview; the height follows the platform's aspect. */
	width?: number
	/** Output height for a preview when no width is given. */
	height?: number
	/** Where generated backgrounds come from; defaults to IMAGE_PROVIDER. */
	provider?: 'procedural' | 'pollinations'
	pollinations?: PollinationsOptions
	/** JPEG quality 0–1; 0.92 unless a preview. */
	quality?: number
}

/** Download name of one card at one size: frase-{index}-{sizeKey}.jpg. */
export function cardFileName(index: number, sizeKey: SizeKey): string {
	return `frase-${index}-${sizeKey}.jpg`
}

/** Name of the ZIP with every size of a card. */
export function zipFileName(index: number): string {
	return `frase-${index}-todos-los-tamanos.zip`
}

type NapiImage = InstanceType<typeof Image>

/** Decodes image bytes into something the canvas can draw. */
function decodeImage(bytes: Uint8Array): Promise<NapiImage> {
	return new Promise((resolve, reject) => {
		const image = new Image()
		image.onload = () => resolve(image)
		image.onerror = (error) => reject(error)
		image.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	})
}

function imageBackground(image: NapiImage): CardBackground<NapiImage> {
	return { image, width: image.width, height: image.height }
}

/**
 * The card's background at a size: the upload when given; otherwise the generated one
 * (remote when IMAGE_PROVIDER=pollinations, falling back to procedural on any failure).
 */
export async function resolveBackground(
	state: CardState,
	sizeKey: SizeKey,
	options: RenderOptions = {},
): Promise<CardBackground<NapiImage>> {
	if (options.background) return imageBackground(await decodeImage(options.background))
	const provider = options.provider ?? getEnv().IMAGE_PROVIDER
	if (provider === 'pollinations') {
		const size = PLATFORM_SIZES[sizeKey]
		try {
			const bytes = await fetchPollinationsBackground(
				{ text: state.text, type: state.background, seed: state.seed, ...size },
				options.pollinations,
			)
			return imageBackground(await decodeImage(bytes))
		} catch (error) {
			if (!options.pollinations?.cacheOnly) {
				console.warn(`Remote background failed, drawing a procedural one: ${String(error)}`)
			}
		}
	}
	return proceduralBackground(state.background, state.seed)
}

function outputSize(sizeKey: SizeKey, options: Pick<RenderOptions, 'width' | 'height'>) {
	const size = PLATFORM_SIZES[sizeKey]
	let scale = 1
	if (options.width) scale = options.width / size.width
	else if (options.height) scale = options.height / size.height
	scale = Math.min(1, Math.max(MIN_PREVIEW_WIDTH / size.width, scale))
	return {
		scale,
		width: Math.round(size.width * scale),
		height: Math.round(size.height * scale),
	}
}

/**
 * Draws the card on a fresh canvas and encodes it: JPEG with the phrase in its metadata.
 * Free of I/O once the background is resolved, which is what a benchmark should time.
 * Drawing runs on the calling thread; encoding (and most rasterising) runs on libuv's
 * thread pool, so the event loop stays free and a ZIP's sizes encode in parallel.
 */
export async function drawCardJpeg(
	state: CardState,
	sizeKey: SizeKey,
	background: CardBackground<NapiImage>,
	options: Pick<RenderOptions, 'width' | 'height' | 'quality'> = {},
): Promise<Buffer> {
	registerCardFonts()
	const size = PLATFORM_SIZES[sizeKey]
	const output = outputSize(sizeKey, options)
	const canvas = createCanvas(output.width, output.height)
	const ctx = canvas.getContext('2d')
	drawCard(
		ctx,
		{
			width: size.width,
			height: size.height,
			scale: output.scale,
			text: state.text,
			font: getFont(state.font),
			fontSize: state.fontSize,
			color: state.color,
			overlay: state.overlay,
		},
		background,
	)
	const quality = options.quality ?? (output.scale < 1 ? PREVIEW_QUALITY : JPEG_QUALITY)
	const jpeg = await canvas.encode('jpeg', Math.round(quality * 100))
	const tagged = withJpegDescription(jpeg, state.text)
	return Buffer.from(tagged.buffer, tagged.byteOffset, tagged.byteLength)
}

/** The card as a JPEG at its platform's exact pixel size (or a smaller preview). */
export async function renderCard(state: CardState, options: RenderOptions = {}): Promise<Buffer> {
	const background = await resolveBackground(state, state.size, options)
	return drawCardJpeg(state, state.size, background, options)
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
	const shared = await resolveBackground(state, state.size, options)
	const jpegs: Array<Promise<Buffer>> = []
	for (const sizeKey of SIZE_KEYS) {
		let background = shared
		if (!options.background && sizeKey !== state.size && typeof shared !== 'function') {
			const cached = await resolveBackground(state, sizeKey, {
				...options,
				pollinations: { ...options.pollinations, cacheOnly: true },
			})
			if (typeof cached !== 'function') background = cached
		}
		// Not awaited here: the next size is drawn while this one encodes.
		jpegs.push(drawCardJpeg(state, sizeKey, background))
	}
	const files: Zippable = {}
	const encoded = await Promise.all(jpegs)
	SIZE_KEYS.forEach((sizeKey, position) => {
		files[cardFileName(state.index, sizeKey)] = [encoded[position] as Buffer, { level: 0 }]
	})
	const zip = zipSync(files)
	return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)
}
