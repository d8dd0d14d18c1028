import { graphemes, isUndrawablePictograph } from './emoji'
import { canvasFont, type FontFamily } from './fonts'
import { type Corner } from './handle'

/**
 * Text layout shared by the server renderer and the browser canvas, so both break lines at
 * the same places. Pure: the caller supplies text measurement.
 */

/** Width of `text` drawn with the canvas font string `font`, in pixels. */
export type MeasureText = (text: string, font: string) => number

export const LAYOUT = {
	/** Lines wrap to 85 % of the card's width. */
	widthRatio: 0.85,
	/** The text block must fit in 85 % of the height, else the font shrinks. */
	heightRatio: 0.85,
	/** Line height is 1.3 × the font size. */
	lineHeight: 1.3,
	/** Shrink-to-fit steps down like the font-size control does. */
	shrinkStep: 2,
	/** Below this the text keeps its size and wraps (it may then overflow). */
	minFontSize: 16,
} as const

interface TextLine {
	text: string
	/** Centre of the line (draw.ts centres the capital height on it). */
	x: number
	y: number
	width: number
}

export interface TextLayout {
	/** Canvas font string to draw with. */
	font: string
	/** Font size used, which is smaller than the requested one when the text was shrunk. */
	fontSize: number
	lineHeight: number
	maxWidth: number
	maxHeight: number
	lines: TextLine[]
	/** The text block's bounding box (widest line × all lines). */
	box: { x: number; y: number; width: number; height: number }
	shrunk: boolean
	/** True when even the minimum size does not fit the height. */
	overflows: boolean
}

interface LayoutInput {
	width: number
	height: number
	font: FontFamily
	fontSize: number
	text: string
	measure: MeasureText
	minFontSize?: number
}

/**
 * The text as drawn: spaces collapsed, paragraphs kept, and the whole phrase otherwise,
 * emoji included (the font stacks end in the colour emoji subsets). Only a pictograph that
 * no emoji subset draws is left out, since it would be an empty box.
 */
export function drawableText(text: string): string {
	return graphemes(text)
		.filter((cluster) => !isUndrawablePictograph(cluster))
		.join('')
		.split(/\r?\n/)
		.map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
		.join('\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}

/**
 * Greedy word wrap to `maxWidth`. Explicit line breaks start a new line; a word wider
 * than the line is broken between grapheme clusters, so an emoji sequence stays whole.
 */
export function wrapText(
	text: string,
	maxWidth: number,
	measure: (text: string) => number,
): string[] {
	const lines: string[] = []
	for (const paragraph of text.split('\n')) {
		const words = paragraph.split(' ').filter(Boolean)
		if (words.length === 0) {
			lines.push('')
			continue
		}
		let line = ''
		for (const word of words) {
			const candidate = line ? `${line} ${word}` : word
			if (measure(candidate) <= maxWidth) {
				line = candidate
				continue
			}
			if (line) lines.push(line)
			line = word
			if (measure(word) > maxWidth) {
				const pieces = breakWord(word, maxWidth, measure)
				line = pieces.pop() ?? ''
				lines.push(...pieces)
			}
		}
		lines.push(line)
	}
	return lines
}

function breakWord(word: string, maxWidth: number, measure: (text: string) => number) {
	const pieces: string[] = []
	let piece = ''
	for (const char of graphemes(word)) {
		if (piece && measure(piece + char) > maxWidth) {
			pieces.push(piece)
			piece = char
		} else {
			piece += char
		}
	}
	if (piece) pieces.push(piece)
	return pieces
}

/**
 * Lays the text out: wrapped to 85 % of the width, 1.3 × line height, block centred
 * vertically and each line horizontally. When the block is taller than 85 % of the
 * height the font shrinks in steps of 2 px (the largest size that fits is found by
 * bisection), down to the minimum, where the text just keeps wrapping.
 */
export function layoutText(input: LayoutInput): TextLayout {
	const { width, height, font, measure } = input
	const text = drawableText(input.text)
	const maxWidth = width * LAYOUT.widthRatio
	const maxHeight = height * LAYOUT.heightRatio
	const minFontSize = Math.min(input.minFontSize ?? LAYOUT.minFontSize, input.fontSize)

	const attempt = (fontSize: number) => {
		const fontString = canvasFont(font, fontSize)
		const measureLine = (line: string) => measure(line, fontString)
		const lines = wrapText(text, maxWidth, measureLine)
		const lineHeight = fontSize * LAYOUT.lineHeight
		return {
			fontSize,
			fontString,
			lines,
			lineHeight,
			measureLine,
			fits: lines.length * lineHeight <= maxHeight,
		}
	}

	let best = attempt(input.fontSize)
	if (!best.fits) {
		// Candidate sizes: requested − 2k, down to the minimum. Fitting is monotonic in size.
		const steps = Math.floor((input.fontSize - minFontSize) / LAYOUT.shrinkStep)
		let low = 1
		let high = steps
		let found: typeof best | undefined
		while (low <= high) {
			const mid = (low + high) >> 1
			const candidate = attempt(input.fontSize - mid * LAYOUT.shrinkStep)
			if (candidate.fits) {
				found = candidate
				high = mid - 1
			} else {
				low = mid + 1
			}
		}
		best = found ?? attempt(input.fontSize - steps * LAYOUT.shrinkStep)
	}

	const blockHeight = best.lines.length * best.lineHeight
	const top = (height - blockHeight) / 2
	const lines = best.lines.map((line, index) => ({
		text: line,
		x: width / 2,
		y: top + (index + 0.5) * best.lineHeight,
		width: line ? best.measureLine(line) : 0,
	}))
	const widest = Math.max(0, ...lines.map((line) => line.width))
	return {
		font: best.fontString,
		fontSize: best.fontSize,
		lineHeight: best.lineHeight,
		maxWidth,
		maxHeight,
		lines,
		box: { x: (width - widest) / 2, y: top, width: widest, height: blockHeight },
		shrunk: best.fontSize < input.fontSize,
		overflows: !best.fits,
	}
}

export const HANDLE_LAYOUT = {
	/** The handle's size: 3.2 % of the card's shorter side, between 16 and 48 px. */
	sizeRatio: 0.032,
	minSize: 16,
	maxSize: 48,
	/** Distance from the two edges of its corner: 3.5 % of the shorter side. */
	marginRatio: 0.035,
	/** At most this share of the card's width; a longer handle is drawn smaller. */
	maxWidthRatio: 0.45,
} as const

export interface HandleLayout {
	font: string
	fontSize: number
	/** The edge the text is aligned to (its left or right end). */
	x: number
	align: 'left' | 'right'
	/** Centre of the line: draw.ts centres the capital height on it, as for the phrase. */
	y: number
	width: number
}

/**
 * Where the handle goes: small, in its corner, inside the band the phrase leaves free
 * (the phrase keeps to the middle 85 % of the height).
 */
export function layoutHandle(input: {
	width: number
	height: number
	font: FontFamily
	text: string
	corner: Corner
	measure: MeasureText
}): HandleLayout {
	const { width, height, font, text, corner, measure } = input
	const side = Math.min(width, height)
	let fontSize = Math.round(
		Math.min(
			HANDLE_LAYOUT.maxSize,
			Math.max(HANDLE_LAYOUT.minSize, side * HANDLE_LAYOUT.sizeRatio),
		),
	)
	let fontString = canvasFont(font, fontSize)
	let textWidth = measure(text, fontString)
	const maxWidth = width * HANDLE_LAYOUT.maxWidthRatio
	if (textWidth > maxWidth) {
		fontSize = Math.max(8, Math.floor((fontSize * maxWidth) / textWidth))
		fontString = canvasFont(font, fontSize)
		textWidth = measure(text, fontString)
	}
	const margin = side * HANDLE_LAYOUT.marginRatio
	const left = corner.endsWith('left')
	const top = corner.startsWith('top')
	return {
		font: fontString,
		fontSize,
		x: left ? margin : width - margin,
		align: left ? 'left' : 'right',
		y: top ? margin + fontSize / 2 : height - margin - fontSize / 2,
		width: textWidth,
	}
}
