/**
 * One render as a worker thread does it (render-worker.ts): decode the background's bytes
 * (an upload or a remote image) or draw the procedural one, draw the phrase, encode the
 * JPEG with the phrase in its metadata; for a ZIP, all 10 sizes. Only CPU here: no
 * database, no environment, no network. Tests run it on their own thread to compare.
 *
 * Encoding is synchronous on purpose: a render then uses its own worker thread and nothing
 * else, so CARD_RENDER_CONCURRENCY bounds the CPU cards take, and libuv's small thread pool
 * stays free for the main thread's file reads and response compression.
 */
import { createCanvas, Image, type Canvas } from '@napi-rs/canvas'
import { zipSync, type Zippable } from 'fflate'
import { proceduralBackground } from './backgrounds/procedural'
import { drawCard, JPEG_QUALITY, type CardBackground } from './draw'
import { cardFileName } from './file-names'
import { getFont } from './fonts'
import { cardHandle } from './params'
import { cardMetadata, withJpegMetadata } from './jpeg-metadata'
import { PLATFORM_SIZES, SIZE_KEYS, type SizeKey } from './sizes'
import { type CardState } from './state'

const PREVIEW_QUALITY = 0.85
const MIN_PREVIEW_WIDTH = 64

/** The card at its own size (or a smaller preview) as a JPEG. */
export interface CardTask {
	kind: 'card'
	state: CardState
	/** Output width of a preview; the height follows the platform's aspect. */
	width?: number
	/** Output height of a preview when no width is given. */
	height?: number
	/** JPEG quality 0–1; 0.92 unless a preview. */
	quality?: number
	/** Encoded picture to draw on (an upload, a remote image); absent: the procedural one. */
	background?: Uint8Array
}

/** The card in all 10 sizes, as a ZIP of JPEGs. */
export interface ZipTask {
	kind: 'zip'
	state: CardState
	/** The picture for every size (an upload, or the remote image of the card's own size). */
	background?: Uint8Array
	/** Remote images already fetched for other sizes; they win over `background` there. */
	backgroundsBySize?: Partial<Record<SizeKey, Uint8Array>>
}

export type RenderTask = CardTask | ZipTask

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

async function decodedBackground(bytes: Uint8Array | undefined, state: CardState) {
	if (!bytes) return proceduralBackground(state.background, state.seed)
	const image = await decodeImage(bytes)
	return { image, width: image.width, height: image.height }
}

function outputSize(sizeKey: SizeKey, options: Pick<CardTask, 'width' | 'height'>) {
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
 * The thread's one canvas, resized for each card. Skia's pixels are freed only when the
 * garbage collector finalizes a canvas, which a worker's small heap rarely asks for: a new
 * canvas per size left a ZIP's ten (about 45 MB) behind until then. A resize frees the old
 * pixels at once and clears the canvas; drawCard restores every setting it changes.
 */
let reused: Canvas | undefined

function canvasOfSize(width: number, height: number): Canvas {
	if (!reused) return (reused = createCanvas(width, height))
	reused.width = width
	reused.height = height
	return reused
}

/**
 * Draws the card on a clear canvas (the thread's own unless one is given); returns it with
 * the JPEG quality it is encoded at.
 */
export function drawCardCanvas(
	state: CardState,
	sizeKey: SizeKey,
	background: CardBackground<NapiImage>,
	options: Pick<CardTask, 'width' | 'height' | 'quality'> = {},
	target?: Canvas,
): { canvas: Canvas; quality: number } {
	const size = PLATFORM_SIZES[sizeKey]
	const output = outputSize(sizeKey, options)
	const canvas = target ?? canvasOfSize(output.width, output.height)
	drawCard(
		canvas.getContext('2d'),
		{
			width: size.width,
			height: size.height,
			scale: output.scale,
			text: state.text,
			font: getFont(state.font),
			fontSize: state.fontSize,
			color: state.color,
			overlay: state.overlay,
			handle: cardHandle(state),
		},
		background,
	)
	return { canvas, quality: options.quality ?? (output.scale < 1 ? PREVIEW_QUALITY : JPEG_QUALITY) }
}

/** The JPEG of a drawn card, with the phrase and the handle in its EXIF and XMP metadata. */
export function encodeCardJpeg(
	canvas: Canvas,
	quality: number,
	state: Pick<CardState, 'text' | 'handle'>,
): Uint8Array {
	return withJpegMetadata(canvas.encodeSync('jpeg', Math.round(quality * 100)), cardMetadata(state))
}

function drawJpeg(
	state: CardState,
	sizeKey: SizeKey,
	background: CardBackground<NapiImage>,
	options: Pick<CardTask, 'width' | 'height' | 'quality'> = {},
) {
	const { canvas, quality } = drawCardCanvas(state, sizeKey, background, options)
	return encodeCardJpeg(canvas, quality, state)
}

async function renderZip(task: ZipTask): Promise<Uint8Array> {
	const { state } = task
	// Decoded once and drawn at every size that has no picture of its own.
	const shared = await decodedBackground(task.background, state)
	const files: Zippable = {}
	for (const sizeKey of SIZE_KEYS) {
		const own = task.backgroundsBySize?.[sizeKey]
		const background = own ? await decodedBackground(own, state) : shared
		// JPEGs do not deflate: stored as they are.
		files[cardFileName(state.index, sizeKey)] = [drawJpeg(state, sizeKey, background), { level: 0 }]
	}
	return zipSync(files)
}

/** The bytes a task asks for: a JPEG, or a ZIP of the 10 sizes. */
export async function runRenderTask(task: RenderTask): Promise<Uint8Array> {
	if (task.kind === 'zip') return renderZip(task)
	const background = await decodedBackground(task.background, task.state)
	return drawJpeg(task.state, task.state.size, background, task)
}
