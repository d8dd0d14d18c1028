import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import {
	canvasFont,
	DEFAULT_FONT_ID,
	FONT_FAMILIES,
	fontFaceSources,
	fontFileUrl,
	getFont,
} from './fonts'
import { fontFilePath, resolveFontFile } from './fonts.server'
import { EMOJI_FACES, emojiFacesFor, hasEmojiGlyph } from './emoji'

describe('card fonts', () => {
	test('30 families with unique ids and labels, every file shipped', () => {
		expect(FONT_FAMILIES).toHaveLength(30)
		expect(new Set(FONT_FAMILIES.map((font) => font.id)).size).toBe(30)
		expect(new Set(FONT_FAMILIES.map((font) => font.label)).size).toBe(30)
		for (const font of FONT_FAMILIES) {
			for (const source of fontFaceSources(font)) {
				expect(existsSync(resolveFontFile(source.specifier)), source.specifier).toBe(true)
			}
		}
	})

	test('defaults: Arial (Arimo), unknown ids fall back', () => {
		expect(getFont(DEFAULT_FONT_ID).label).toBe('Arial (Arimo)')
		expect(getFont('nope').id).toBe(DEFAULT_FONT_ID)
	})

	test('font strings name the real weight, the latin-ext fallback, then the emoji subsets', () => {
		const emoji = Array.from({ length: 11 }, (_, index) => `"NotoEmoji${index}"`).join(', ')
		expect(canvasFont(getFont('lora'), 72)).toBe(`700 72px "Lora", "Lora Ext", ${emoji}, serif`)
		expect(canvasFont(getFont('permanent-marker'), 40)).toBe(
			`400 40px "Permanent Marker", ${emoji}, sans-serif`,
		)
	})

	test("the emoji subsets are the package's own, each file shipped as .woff", () => {
		const ranges = JSON.parse(
			readFileSync(resolveFontFile('@fontsource/noto-color-emoji/unicode.json'), 'utf8'),
		) as Record<string, string>
		expect(EMOJI_FACES.map((face) => face.unicodeRange)).toEqual(
			Array.from({ length: 11 }, (_, index) => ranges[`[${index}]`]),
		)
		for (const face of EMOJI_FACES) {
			expect(face.specifier).toMatch(/\.woff$/)
			expect(existsSync(resolveFontFile(face.specifier)), face.specifier).toBe(true)
		}
		expect(hasEmojiGlyph(0x1f600)).toBe(true)
		expect(hasEmojiGlyph(0x41)).toBe(false)
	})

	test('a phrase needs only the subsets that hold its emoji sequences', () => {
		const families = (text: string) => emojiFacesFor(text).map((face) => face.family)
		// Digits and # are in a subset too (keycaps), but plain text needs no emoji file.
		expect(families('Hola 123 #1 ©™')).toEqual([])
		// A variation selector or a joiner is in nearly every subset: it pulls in no other.
		expect(families('❤️')).toEqual(['NotoEmoji2'])
		expect(families('😀')).toEqual(['NotoEmoji9'])
		expect(families('🇦🇷')).toEqual(['NotoEmoji0'])
		expect(families('1️⃣')).toEqual(['NotoEmoji2'])
		expect(families('🏳️‍🌈')).toEqual(['NotoEmoji1'])
		// The subset that holds every code point of the sequence, where its glyph is.
		const inRange = (range: string, codePoint: number) =>
			range.split(',').some((part) => {
				const [start = '', end = start] = part.replace('U+', '').split('-')
				return codePoint >= parseInt(start, 16) && codePoint <= parseInt(end, 16)
			})
		for (const sequence of ['👨‍👩‍👧', '👍🏽', '🏴󠁧󠁢󠁳󠁣󠁴󠁿']) {
			const faces = emojiFacesFor(sequence)
			expect(faces).toHaveLength(1)
			for (const char of sequence) {
				expect(inRange(faces[0]?.unicodeRange ?? '', char.codePointAt(0) ?? 0)).toBe(true)
			}
		}
	})

	test('files are served by name only', () => {
		const [latin] = fontFaceSources(getFont('caveat'))
		expect(fontFileUrl(latin!)).toBe('/fonts/caveat-latin-700-normal.woff2')
		expect(fontFilePath('caveat-latin-700-normal.woff2')).toMatch(
			/@fontsource\/caveat\/files\/caveat-latin-700-normal\.woff2$/,
		)
		expect(fontFilePath('noto-color-emoji-7-400-normal.woff')).toMatch(
			/@fontsource\/noto-color-emoji\/files\/noto-color-emoji-7-400-normal\.woff$/,
		)
		// The whole font in one file is not one of ours, nor are the .woff2 files.
		expect(fontFilePath('noto-color-emoji-emoji-400-normal.woff')).toBeNull()
		expect(fontFilePath('noto-color-emoji-7-400-normal.woff2')).toBeNull()
		expect(fontFilePath('../../package.json')).toBeNull()
		expect(fontFilePath('caveat-latin-400-normal.woff2')).toBeNull()
	})
})
