import { canvasFont, type FontFamily } from './fonts'

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

// Emoji and other pictographs are in none of the card fonts: the server would draw empty
// boxes and the browser a system emoji, so both leave them out. Symbols up to ™ stay.
const PICTOGRAPHS = /\u200d|\ufe0e|\ufe0f|\u20e3|\p{Emoji_Modifier}|\p{Regional_Indicator}/gu
const EXTENDED_PICTOGRAPHIC = /\p{Extended_Pictographic}/gu

/** The text as drawn: pictographs removed, spaces collapsed, paragraphs kept. */
export function drawableText(text: string): string {
	return text
		.replace(PICTOGRAPHS, '')
		.replace(EXTENDED_PICTOGRAPHIC, (char) => ((char.codePointAt(0) ?? 0) <= 0x2122 ? char : ''))
		.split(/\r?\n/)
		.map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
		.join('\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}

/**
 * Greedy word wrap to `maxWidth`. Explicit line breaks start a new line; a word wider
 * than the line is broken between characters.
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
	for (const char of Array.from(word)) {
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
