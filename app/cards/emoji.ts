import subsetRanges from '@fontsource/noto-color-emoji/unicode.json'

/**
 * Colour emoji on the cards (docs/decisions/010-emoji-on-cards.md): Noto Color Emoji from
 * @fontsource/noto-color-emoji, in its 11 unicode-range subsets. Shared by the server, which
 * registers the files with @napi-rs/canvas, and the browser, which loads the same files with
 * FontFace, so both draw the same glyphs.
 *
 * - Each subset is a family of its own ('NotoEmoji0' … 'NotoEmoji10'), listed after the card
 *   font: Skia uses only one file per family name, so under one shared name every emoji
 *   outside that file would be an empty box.
 * - The .woff files, not the .woff2: Skia (server and Chromium alike) draws nothing from
 *   this package's .woff2 files.
 * - The package's 'emoji' file (the whole font in one 7 MB file) is not used: the browser
 *   downloads only the subsets a phrase needs.
 */

export interface EmojiFace {
	family: string
	/** Module specifier of the file. */
	specifier: string
	/** CSS unicode-range of the subset. */
	unicodeRange: string
}

const SUBSETS = 11
const ranges = subsetRanges as Record<string, string>

export const EMOJI_FACES: readonly EmojiFace[] = Array.from({ length: SUBSETS }, (_, index) => {
	const unicodeRange = ranges[`[${index}]`]
	if (!unicodeRange) throw new Error(`Noto Color Emoji has no subset ${index}`)
	return {
		family: `NotoEmoji${index}`,
		specifier: `@fontsource/noto-color-emoji/files/noto-color-emoji-${index}-400-normal.woff`,
		unicodeRange,
	}
})

/** The emoji families as a CSS font-family list, in subset order. */
export const EMOJI_FONT_STACK = EMOJI_FACES.map((face) => `"${face.family}"`).join(', ')

/** [start, end] code point intervals of a unicode-range ('U+1f1e6-1f1ff,U+23'). */
function parseRange(range: string): Array<[number, number]> {
	return range.split(',').map((part) => {
		const [start, end = start] = part.trim().replace(/^U\+/i, '').split('-')
		return [Number.parseInt(start ?? '', 16), Number.parseInt(end ?? '', 16)]
	})
}

/** One emoji each subset draws (its first pictograph), e.g. to load every subset once. */
export function sampleEmoji(face: EmojiFace): string {
	for (const [start, end] of parseRange(face.unicodeRange)) {
		for (let codePoint = start; codePoint <= end; codePoint++) {
			const char = String.fromCodePoint(codePoint)
			if (/[\p{Extended_Pictographic}\p{Regional_Indicator}]/u.test(char)) return char
		}
	}
	throw new Error(`No pictograph in ${face.family}`)
}

let covered: Array<[number, number]> | undefined

/** True when one of the emoji subsets has a glyph for this code point. */
export function hasEmojiGlyph(codePoint: number): boolean {
	covered ??= EMOJI_FACES.flatMap((face) => parseRange(face.unicodeRange))
	return covers(covered, codePoint)
}

let segmenter: Intl.Segmenter | undefined

/**
 * The text's grapheme clusters: what a reader sees as one character. An emoji sequence
 * (a family joined by ZWJ, a skin tone, a flag's two regional indicators, a keycap, a
 * variation selector) is one cluster, so breaking a line between clusters never splits it.
 */
export function graphemes(text: string): string[] {
	segmenter ??= new Intl.Segmenter('es', { granularity: 'grapheme' })
	return Array.from(segmenter.segment(text), (part) => part.segment)
}

const PICTOGRAPHIC = /^[\p{Extended_Pictographic}\p{Regional_Indicator}]/u

/**
 * True for a cluster that starts with a pictograph none of the emoji subsets draws (a code
 * point reserved for future emoji, say): drawn, it would be an empty box.
 */
export function isUndrawablePictograph(cluster: string): boolean {
	if (!PICTOGRAPHIC.test(cluster)) return false
	const codePoint = cluster.codePointAt(0) ?? 0
	// © ® ‼ ™ and the like are in the card fonts themselves.
	if (codePoint <= 0x2122) return false
	return !hasEmojiGlyph(codePoint)
}

const EMOJI_PART = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20e3]/u

/** Pictographs every card font draws itself (as text) unless a variation selector asks otherwise. */
const TEXT_SYMBOLS = new Set(['©', '®', '™'])

let faceRanges: Array<Array<[number, number]>> | undefined

function covers(ranges: Array<[number, number]>, codePoint: number) {
	return ranges.some(([start, end]) => codePoint >= start && codePoint <= end)
}

/**
 * The emoji subsets a text needs: for each emoji cluster, the first subset that holds all
 * of its code points (where the font keeps the sequence's glyph), else the first that holds
 * its first one. Plain text needs none, digits and © ® ™ included (also in a subset), and a
 * variation selector or a joiner (in nearly every subset) does not pull in others.
 */
export function emojiFacesFor(text: string): EmojiFace[] {
	faceRanges ??= EMOJI_FACES.map((face) => parseRange(face.unicodeRange))
	const ranges = faceRanges
	const needed = new Set<number>()
	for (const cluster of graphemes(text)) {
		if (!EMOJI_PART.test(cluster) || TEXT_SYMBOLS.has(cluster)) continue
		const codePoints = Array.from(cluster, (char) => char.codePointAt(0) ?? 0)
		const first = codePoints[0] ?? 0
		let index = ranges.findIndex((range) => codePoints.every((point) => covers(range, point)))
		if (index === -1) index = ranges.findIndex((range) => covers(range, first))
		if (index !== -1) needed.add(index)
	}
	return EMOJI_FACES.filter((_, index) => needed.has(index))
}
