import { describe, expect, test } from 'vitest'
import { getFont } from './fonts'
import { drawableText, LAYOUT, layoutText, wrapText, type MeasureText } from './layout'

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
		expect(layout.font).toBe(`700 ${layout.fontSize}px "Arimo", "Arimo Ext", sans-serif`)
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

	test('leaves out emoji the card fonts cannot draw, keeps Spanish and symbols', () => {
		expect(drawableText('¡Feliz año! 🎉🎂 Ñandú 👍🏽 ©™ #éxito ❤️')).toBe(
			'¡Feliz año! Ñandú ©™ #éxito',
		)
		expect(drawableText('Uno  \n\n\n\n dos')).toBe('Uno\n\ndos')
	})
})
