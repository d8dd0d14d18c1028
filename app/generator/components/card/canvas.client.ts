/**
 * The browser side of the cards: the same drawing code (app/cards/draw.ts, layout.ts,
 * procedural backgrounds) and the same font files as the server, colour emoji included, on
 * a <canvas>. Loaded with import() once a card is on screen, so the page's first load does
 * not carry it (nor any font).
 */
import { proceduralBackground } from '~/cards/backgrounds/procedural'
import { type Ctx2D } from '~/cards/canvas'
import { drawCard, JPEG_QUALITY, type CardBackground } from '~/cards/draw'
import { emojiFacesFor, type EmojiFace } from '~/cards/emoji'
import { fontFaceSources, fontFileUrl, getFont } from '~/cards/fonts'
import { cardMetadata, withJpegMetadata } from '~/cards/jpeg-metadata'
import { cardHandle, type CardState } from '~/cards/params'
import { PLATFORM_SIZES } from '~/cards/sizes'

type LoadedImage = { image: ImageBitmap; width: number; height: number }

const fonts = new Map<string, Promise<void>>()
const fontsReady = new Set<string>()

/** Loads a card family's files (latin and latin-ext) from /fonts with FontFace, once. */
function loadFamily(fontId: string): Promise<void> {
	const font = getFont(fontId)
	let loading = fonts.get(font.id)
	if (!loading) {
		loading = Promise.all(
			fontFaceSources(font).map(async (source) => {
				const face = new FontFace(source.family, `url(${fontFileUrl(source)})`, {
					weight: String(source.weight),
					unicodeRange: source.unicodeRange,
				})
				await face.load()
				document.fonts.add(face)
			}),
		).then(() => {
			fontsReady.add(font.id)
		})
		loading.catch(() => fonts.delete(font.id))
		fonts.set(font.id, loading)
	}
	return loading
}

const emojiFaces = new Map<string, Promise<void>>()
const emojiFacesReady = new Set<string>()

/**
 * Loads one emoji subset, under its own family and unicode-range as on the server. Any
 * weight matches it, so a bold card font never gets a synthesised bold emoji.
 */
function loadEmojiFace(face: EmojiFace): Promise<void> {
	let loading = emojiFaces.get(face.family)
	if (!loading) {
		const fontFace = new FontFace(face.family, `url(${fontFileUrl(face)}) format('woff')`, {
			weight: '1 1000',
			unicodeRange: face.unicodeRange,
		})
		loading = fontFace.load().then(() => {
			document.fonts.add(fontFace)
			emojiFacesReady.add(face.family)
		})
		loading.catch(() => emojiFaces.delete(face.family))
		emojiFaces.set(face.family, loading)
	}
	return loading
}

/**
 * Loads what a card draws with: its family's files, and only the emoji subsets its phrase
 * uses (a phrase without emoji downloads none).
 */
export async function loadCardFonts(state: CardState): Promise<void> {
	await Promise.all([loadFamily(state.font), ...emojiFacesFor(state.text).map(loadEmojiFace)])
}

/** True when a card can be drawn at once: its family and the emoji its phrase uses are in. */
export function areCardFontsReady(state: CardState) {
	return (
		fontsReady.has(getFont(state.font).id) &&
		emojiFacesFor(state.text).every((face) => emojiFacesReady.has(face.family))
	)
}

const images = new Map<string, Promise<LoadedImage | null>>()
const imagesReady = new Set<string>()

/**
 * Fetches a background from our own origin. Null means "draw the procedural one": the
 * remote service failed, and the server's render falls back the same way.
 */
export function loadBackground(url: string): Promise<LoadedImage | null> {
	let loading = images.get(url)
	if (!loading) {
		loading = (async () => {
			const response = await fetch(url, { credentials: 'same-origin' })
			if (response.status === 502 && !url.includes('u=')) return null
			if (!response.ok) throw new Error(`Background ${response.status}`)
			const image = await createImageBitmap(await response.blob())
			return { image, width: image.width, height: image.height }
		})()
		loading.then(
			() => imagesReady.add(url),
			() => images.delete(url),
		)
		images.set(url, loading)
	}
	return loading
}

export function isBackgroundReady(url: string | null) {
	return url === null || imagesReady.has(url)
}

function backgroundFor(
	state: CardState,
	image: LoadedImage | null,
): CardBackground<CanvasImageSource> {
	return image ?? proceduralBackground(state.background, state.seed)
}

function draw(
	canvas: HTMLCanvasElement,
	state: CardState,
	image: LoadedImage | null,
	outputWidth: number,
) {
	const size = PLATFORM_SIZES[state.size]
	const scale = Math.min(1, outputWidth / size.width)
	canvas.width = Math.round(size.width * scale)
	canvas.height = Math.round(size.height * scale)
	const ctx = canvas.getContext('2d', { willReadFrequently: true })
	if (!ctx) throw new Error('No 2D canvas')
	drawCard(
		ctx as unknown as Ctx2D<CanvasImageSource>,
		{
			width: size.width,
			height: size.height,
			scale,
			text: state.text,
			font: getFont(state.font),
			fontSize: state.fontSize,
			color: state.color,
			overlay: state.overlay,
			handle: cardHandle(state),
		},
		backgroundFor(state, image),
	)
}

/** Draws the preview `displayWidth` CSS pixels wide, sharp on high-density screens. */
export function drawPreview(
	canvas: HTMLCanvasElement,
	state: CardState,
	image: LoadedImage | null,
	displayWidth: number,
) {
	const ratio = Math.min(2, window.devicePixelRatio || 1)
	draw(canvas, state, image, Math.round(displayWidth * ratio))
}

/**
 * The card at its platform's exact pixel size as a JPEG (quality 0.92) with the phrase and
 * the handle in its metadata: the same file the server's download gives.
 */
export async function exportJpeg(state: CardState, image: LoadedImage | null): Promise<Blob> {
	const canvas = document.createElement('canvas')
	draw(canvas, state, image, PLATFORM_SIZES[state.size].width)
	const blob = await new Promise<Blob | null>((resolve) =>
		canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
	)
	if (!blob) throw new Error('The canvas gave no JPEG')
	const tagged = withJpegMetadata(new Uint8Array(await blob.arrayBuffer()), cardMetadata(state))
	return new Blob([tagged as BlobPart], { type: 'image/jpeg' })
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
	const url = URL.createObjectURL(blob)
	const link = document.createElement('a')
	link.href = url
	link.download = fileName
	link.rel = 'noopener'
	document.body.append(link)
	link.click()
	link.remove()
	setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
