import { type Ctx2D } from './canvas'
import { guardContrast, srgbToLinear, type ContrastGuardResult } from './contrast'
import { type FontFamily } from './fonts'
import { type Corner } from './handle'
import { layoutHandle, layoutText, type HandleLayout, type TextLayout } from './layout'

/** JPEG quality of every exported card; canvas.toBlob takes it as is. */
export const JPEG_QUALITY = 0.92

interface DrawCardOptions {
	/** Logical size: the platform's pixel size. Layout is computed at this size. */
	width: number
	height: number
	/** Device pixels per logical pixel (below 1 for previews). */
	scale?: number
	text: string
	font: FontFamily
	fontSize: number
	/** #rrggbb */
	color: string
	/** Requested black overlay opacity. */
	overlay: number
	/** Raise the overlay / strengthen the outline until text contrast reaches 4.5:1. */
	contrastGuard?: boolean
	/** The owner's handle, drawn small in a corner in the card's font and colour. */
	handle?: { text: string; corner: Corner }
}

/** A decoded image with its natural size, or a painter that draws the background itself. */
export type CardBackground<Img> =
	| { image: Img; width: number; height: number }
	| ((ctx: Ctx2D<Img>, width: number, height: number) => void)

interface DrawCardResult {
	layout: TextLayout
	/** What the contrast guard decided (null when it was off or there was no text). */
	guard: ContrastGuardResult | null
	/** Overlay opacity actually drawn. */
	overlay: number
	/** Where the handle went (null without one). */
	handle: HandleLayout | null
}

/** Draws `image` to fill width × height, cropping the overflow around the centre. */
function drawCover<Img>(
	ctx: Ctx2D<Img>,
	image: Img,
	imageWidth: number,
	imageHeight: number,
	width: number,
	height: number,
) {
	const scale = Math.max(width / imageWidth, height / imageHeight)
	const sw = width / scale
	const sh = height / scale
	ctx.drawImage(image, (imageWidth - sw) / 2, (imageHeight - sh) / 2, sw, sh, 0, 0, width, height)
}

let linearTable: Float32Array | undefined
function linearChannel(value: number) {
	linearTable ??= Float32Array.from({ length: 256 }, (_, index) => srgbToLinear(index / 255))
	return linearTable[value] ?? 0
}

/**
 * Luminance of the background behind the text, read back from the canvas (device pixels).
 * It takes the 75th percentile of a sample rather than the mean, so a bright patch behind
 * part of the text counts even when the rest is dark.
 */
function sampleLuminance<Img>(
	ctx: Ctx2D<Img>,
	box: { x: number; y: number; width: number; height: number },
): number | null {
	const x = Math.max(0, Math.floor(box.x))
	const y = Math.max(0, Math.floor(box.y))
	const width = Math.floor(box.width)
	const height = Math.floor(box.height)
	if (width < 1 || height < 1) return null
	let data: ArrayLike<number>
	try {
		data = ctx.getImageData(x, y, width, height).data
	} catch {
		// A tainted browser canvas cannot be read: draw without the guard.
		return null
	}
	const pixels = data.length / 4
	const stride = Math.max(1, Math.floor(pixels / 4000))
	const samples: number[] = []
	for (let pixel = 0; pixel < pixels; pixel += stride) {
		const offset = pixel * 4
		samples.push(
			0.2126 * linearChannel(data[offset] ?? 0) +
				0.7152 * linearChannel(data[offset + 1] ?? 0) +
				0.0722 * linearChannel(data[offset + 2] ?? 0),
		)
	}
	samples.sort((a, b) => a - b)
	return samples[Math.floor(samples.length * 0.75)] ?? null
}

const OUTLINE_COLORS = { dark: 'rgba(0, 0, 0, 0.75)', light: 'rgba(255, 255, 255, 0.9)' }
const SHADOW_COLORS = { dark: 'rgba(0, 0, 0, 0.55)', light: 'rgba(255, 255, 255, 0.35)' }

/**
 * Draws a whole card: background (cover), black overlay, then the phrase in bold with a
 * dark outline and a shadow, laid out by layout.ts. Works on the server's and the
 * browser's canvas alike.
 */
export function drawCard<Img>(
	ctx: Ctx2D<Img>,
	options: DrawCardOptions,
	background: CardBackground<Img>,
): DrawCardResult {
	const { width, height, font, color } = options
	const scale = options.scale ?? 1

	ctx.save()
	ctx.scale(scale, scale)

	if (typeof background === 'function') {
		ctx.save()
		background(ctx, width, height)
		ctx.restore()
	} else {
		drawCover(ctx, background.image, background.width, background.height, width, height)
	}

	let currentFont = ''
	const layout = layoutText({
		width,
		height,
		font,
		fontSize: options.fontSize,
		text: options.text,
		measure: (text, fontString) => {
			if (fontString !== currentFont) {
				ctx.font = fontString
				currentFont = fontString
			}
			return ctx.measureText(text).width
		},
	})

	let guard: ContrastGuardResult | null = null
	if (options.contrastGuard !== false && layout.lines.some((line) => line.text)) {
		const luminance = sampleLuminance(ctx, {
			x: layout.box.x * scale,
			y: layout.box.y * scale,
			width: layout.box.width * scale,
			height: layout.box.height * scale,
		})
		if (luminance !== null) {
			guard = guardContrast({
				backgroundLuminance: luminance,
				textColor: color,
				overlay: options.overlay,
			})
		}
	}
	const overlay = guard?.overlay ?? options.overlay

	if (overlay > 0) {
		ctx.fillStyle = `rgba(0, 0, 0, ${overlay})`
		ctx.fillRect(0, 0, width, height)
	}

	const outline = guard?.outline ?? 'dark'
	const fontSize = layout.fontSize
	ctx.font = layout.font
	ctx.textAlign = 'center'
	// Browsers and Skia place the 'middle' baseline differently (em box vs font metrics), so
	// each line is centred on its capital height instead: glyph outlines measure the same in
	// both, and the server's and the browser's pictures match.
	ctx.textBaseline = 'alphabetic'
	const capHeight = capHeightOf(ctx, fontSize)
	ctx.lineJoin = 'round'
	ctx.miterLimit = 2
	for (const line of layout.lines) {
		if (!line.text) continue
		// Outline with the shadow, then the fill on top without it, so the letters stay crisp.
		ctx.shadowColor = SHADOW_COLORS[outline]
		ctx.shadowBlur = fontSize * 0.15
		ctx.shadowOffsetX = fontSize * 0.03
		ctx.shadowOffsetY = fontSize * 0.04
		ctx.strokeStyle = OUTLINE_COLORS[outline]
		ctx.lineWidth = Math.max(2, fontSize * 0.08) * (guard?.outlineScale ?? 1)
		ctx.strokeText(line.text, line.x, line.y + capHeight / 2)
		ctx.shadowColor = 'rgba(0, 0, 0, 0)'
		ctx.shadowBlur = 0
		ctx.shadowOffsetX = 0
		ctx.shadowOffsetY = 0
		ctx.fillStyle = color
		ctx.fillText(line.text, line.x, line.y + capHeight / 2)
	}

	const handle = options.handle
		? drawHandle(ctx, options.handle, { width, height, font, color, outline })
		: null

	ctx.restore()
	return { layout, guard, overlay, handle }
}

function capHeightOf<Img>(ctx: Ctx2D<Img>, fontSize: number) {
	return ctx.measureText('H').actualBoundingBoxAscent ?? fontSize * 0.7
}

/** The handle in its corner: the phrase's colour and outline, thinner and without shadow. */
function drawHandle<Img>(
	ctx: Ctx2D<Img>,
	handle: { text: string; corner: Corner },
	card: {
		width: number
		height: number
		font: FontFamily
		color: string
		outline: 'dark' | 'light'
	},
): HandleLayout {
	const layout = layoutHandle({
		width: card.width,
		height: card.height,
		font: card.font,
		text: handle.text,
		corner: handle.corner,
		measure: (text, fontString) => {
			ctx.font = fontString
			return ctx.measureText(text).width
		},
	})
	ctx.font = layout.font
	ctx.textAlign = layout.align
	const y = layout.y + capHeightOf(ctx, layout.fontSize) / 2
	ctx.strokeStyle = OUTLINE_COLORS[card.outline]
	ctx.lineWidth = Math.max(1.5, layout.fontSize * 0.12)
	ctx.strokeText(handle.text, layout.x, y)
	ctx.fillStyle = card.color
	ctx.fillText(handle.text, layout.x, y)
	return layout
}
