import { describe, expect, test } from 'vitest'
import { graphemes } from './emoji'
import { canvasFont, getFont } from './fonts'
import {
	drawableText,
	HANDLE_LAYOUT,
	LAYOUT,
	layoutHandle,
	layoutText,
	wrapText,
	type MeasureText,
} from './layout'

// A monospaced stand-in: every character is half the font size wide.
const monospace: MeasureText = (text, font) => {
	const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1])
	return Array.from(text).length * size * 0.5
}

const font = getFont('arimo')
const phrase =
	'La vida es como una bicicleta: para mantener el equilibrio hay que seguir pedaleando siempre'

describe('layout', () => {
	test('wraps greedily to 85 % of the width', () => {
		const layout = layoutText({
			width: 1000,
			height: 1000,
			font,
			fontSize: 40,
			text: phrase,
			measure: monospace,
		})
		expect(layout.maxWidth).toBe(850)
		// 850 px / 20 px per character = 42 characters per line at most.
		for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(850)
		const words = layout.lines.map((line) => line.text.split(' '))
		for (let index = 0; index < words.length - 1; index++) {
			const next = words[index + 1]?.[0] ?? ''
			// The next line's first word would not have fitted on this one.
			expect(`${layout.lines[index]?.text} ${next}`.length * 20).toBeGreaterThan(850)
		}
		expect(layout.lines.map((line) => line.text).join(' ')).toBe(phrase)
		expect(layout.shrunk).toBe(false)
	})

	test('line height is 1.3 × the font size and the block is centred', () => {
		const layout = layoutText({
			width: 1080,
			height: 1080,
			font,
			fontSize: 72,
			text: phrase,
			measure: monospace,
		})
		expect(layout.lineHeight).toBeCloseTo(72 * 1.3)
		const ys = layout.lines.map((line) => line.y)
		for (let index = 1; index < ys.length; index++) {
			expect((ys[index] ?? 0) - (ys[index - 1] ?? 0)).toBeCloseTo(93.6)
		}
		const first = ys[0] ?? 0
		const last = ys[ys.length - 1] ?? 0
		expect((first + last) / 2).toBeCloseTo(540)
		expect(layout.box.height).toBeCloseTo(layout.lines.length * 93.6)
		expect(layout.box.y).toBeCloseTo(540 - layout.box.height / 2)
		for (const line of layout.lines) expect(line.x).toBe(540)
	})

	test('shrinks in steps of 2 to the largest size that fits the height', () => {
		const long = `${phrase} ${phrase} ${phrase} ${phrase}`
		const layout = layoutText({
			width: 1200,
			height: 315,
			font,
			fontSize: 150,
			text: long,
			measure: monospace,
		})
		expect(layout.shrunk).toBe(true)
		expect(layout.overflows).toBe(false)
		expect((150 - layout.fontSize) % 2).toBe(0)
		expect(layout.lines.length * layout.lineHeight).toBeLessThanOrEqual(315 * 0.85)
		// One step larger would not fit.
		const larger = layoutText({
			width: 1200,
			height: 315,
			font,
			fontSize: layout.fontSize + 2,
			text: long,
			measure: monospace,
			minFontSize: layout.fontSize + 2,
		})
		expect(larger.overflows).toBe(true)
		expect(layout.font).toBe(canvasFont(font, layout.fontSize))
	})

	test('keeps wrapping at the minimum size when even that does not fit', () => {
		const layout = layoutText({
			width: 400,
			height: 100,
			font,
			fontSize: 72,
			text: phrase.repeat(5),
			measure: monospace,
		})
		expect(layout.fontSize).toBe(LAYOUT.minFontSize)
		expect(layout.overflows).toBe(true)
		for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(340)
	})

	test('text that fits is not shrunk', () => {
		const layout = layoutText({
			width: 1080,
			height: 1080,
			font,
			fontSize: 150,
			text: 'Hola',
			measure: monospace,
		})
		expect(layout).toMatchObject({ fontSize: 150, shrunk: false, lines: [{ text: 'Hola' }] })
	})

	test('breaks words longer than a line and honours explicit line breaks', () => {
		const narrow = (text: string) => text.length * 10
		expect(wrapText('abcdefghij', 45, narrow)).toEqual(['abcd', 'efgh', 'ij'])
		expect(wrapText('uno dos\ntres', 1000, narrow)).toEqual(['uno dos', 'tres'])
		expect(wrapText('uno\n\ndos', 1000, narrow)).toEqual(['uno', '', 'dos'])
	})

	test('keeps the whole phrase, emoji included; only a pictograph no font draws goes', () => {
		expect(drawableText('¡Feliz año! 🎉🎂 Ñandú 👍🏽 ©™ #éxito ❤️')).toBe(
			'¡Feliz año! 🎉🎂 Ñandú 👍🏽 ©™ #éxito ❤️',
		)
		// U+1FC00 is reserved for future pictographs: no subset has it.
		expect(drawableText('Pronto \u{1fc00} llega')).toBe('Pronto llega')
		expect(drawableText('Uno  \n\n\n\n dos')).toBe('Uno\n\ndos')
	})
})

/*
 * Emoji measured as the fonts do: an emoji is wider than a letter (1.25 em against half an
 * em here), whatever code points make it up.
 */
const withEmoji: MeasureText = (text, font) => {
	const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1])
	return graphemes(text).reduce(
		(width, cluster) =>
			width +
			size *
				(/\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u.test(cluster) ? 1.25 : 0.5),
		0,
	)
}

const SEQUENCES = {
	family: '👨‍👩‍👧',
	skinTone: '👍🏽',
	flag: '🇦🇷',
	keycap: '1️⃣',
	variationSelector: '❤️',
	subdivisionFlag: '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
}

describe('layout with emoji', () => {
	test.each(Object.entries(SEQUENCES))('a %s is one cluster and never split', (_, sequence) => {
		expect(graphemes(sequence)).toEqual([sequence])
		expect(drawableText(`Hola ${sequence}`)).toBe(`Hola ${sequence}`)
		// A "word" of ten of them, on lines two emoji wide: broken between them only.
		const lines = wrapText(sequence.repeat(10), 2.6 * 40, (text) => withEmoji(text, '40px x'))
		expect(lines.join('')).toBe(sequence.repeat(10))
		for (const line of lines) expect(line).toMatch(new RegExp(`^(${sequence})+$`, 'u'))
		expect(lines).toHaveLength(5)
	})

	test('wraps at 85 % of the width, measuring emoji as wide as the font draws them', () => {
		const text = `${Object.values(SEQUENCES).join(' ')} Hoy es un gran día para sonreír 😀 y seguir 🚀`
		const layout = layoutText({
			width: 600,
			height: 1000,
			font,
			fontSize: 48,
			text,
			measure: withEmoji,
		})
		expect(layout.maxWidth).toBe(510)
		expect(layout.lines.length).toBeGreaterThan(1)
		for (const line of layout.lines) {
			expect(line.width).toBe(withEmoji(line.text, layout.font))
			expect(line.width).toBeLessThanOrEqual(510)
		}
		expect(layout.lines.map((line) => line.text).join(' ')).toBe(text)
	})

	test('shrinks to fit when emoji make the text taller', () => {
		const text = '🌊 '.repeat(60).trim()
		const layout = layoutText({
			width: 1200,
			height: 315,
			font,
			fontSize: 150,
			text,
			measure: withEmoji,
		})
		expect(layout.shrunk).toBe(true)
		expect(layout.overflows).toBe(false)
		expect(layout.lines.length * layout.lineHeight).toBeLessThanOrEqual(315 * 0.85)
		expect(layout.lines.map((line) => line.text).join(' ')).toBe(text)
	})

	test('a phrase made only of emoji is drawn, not an empty card', () => {
		const layout = layoutText({
			width: 1080,
			height: 1080,
			font,
			fontSize: 72,
			text: '🎉🎂🥳',
			measure: withEmoji,
		})
		expect(layout.lines).toEqual([
			expect.objectContaining({ text: '🎉🎂🥳', width: 3 * 1.25 * 72 }),
		])
		expect(layout.box.width).toBeGreaterThan(0)
	})
})

describe('the handle', () => {
	const measure = monospace
	test.each([
		['bottom-right', 'right', 1080 - 37.8, 1080 - 37.8 - 17.5],
		['bottom-left', 'left', 37.8, 1080 - 37.8 - 17.5],
		['top-right', 'right', 1080 - 37.8, 37.8 + 17.5],
		['top-left', 'left', 37.8, 37.8 + 17.5],
	] as const)(
		'%s: small, aligned to its corner, in the band the phrase leaves free',
		(corner, align, x, y) => {
			const layout = layoutHandle({
				width: 1080,
				height: 1080,
				font,
				text: '@mi_cuenta',
				corner,
				measure,
			})
			// 3.2 % of 1080 px, rounded; 3.5 % from both edges.
			expect(layout).toMatchObject({ fontSize: 35, align })
			expect(layout.x).toBeCloseTo(x)
			expect(layout.y).toBeCloseTo(y)
			expect(layout.font).toBe(canvasFont(font, 35))
			const free = (1080 * (1 - LAYOUT.heightRatio)) / 2
			const [top, bottom] = [layout.y - layout.fontSize / 2, layout.y + layout.fontSize / 2]
			expect(corner.startsWith('top') ? bottom : 1080 - top).toBeLessThanOrEqual(free)
		},
	)

	test('follows the shorter side, within 16 and 48 px, and never takes half the width', () => {
		const size = (width: number, height: number, text = '@yo') =>
			layoutHandle({ width, height, font, text, corner: 'bottom-right', measure }).fontSize
		expect(size(1500, 500)).toBe(HANDLE_LAYOUT.minSize)
		expect(size(4000, 4000)).toBe(HANDLE_LAYOUT.maxSize)
		const long = layoutHandle({
			width: 400,
			height: 400,
			font,
			text: 'x'.repeat(30),
			corner: 'top-left',
			measure,
		})
		expect(long.width).toBeLessThanOrEqual(400 * HANDLE_LAYOUT.maxWidthRatio)
	})
})
