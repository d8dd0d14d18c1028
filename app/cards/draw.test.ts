import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, expectTypeOf, test } from 'vitest'
import { type Ctx2D } from './canvas'
import { drawCard } from './draw'
import { getFont } from './fonts'
import { registerCardFonts } from './fonts.server'

// The browser's context satisfies the same interface as the server's: a type check, so
// `npx tsc` (not Vitest) fails when it does not.
expectTypeOf<CanvasRenderingContext2D>().toExtend<Ctx2D<CanvasImageSource>>()

function fill(color: string) {
	return (ctx: Ctx2D, width: number, height: number) => {
		ctx.fillStyle = color
		ctx.fillRect(0, 0, width, height)
	}
}

describe('drawCard', () => {
	registerCardFonts()
	const options = {
		width: 600,
		height: 400,
		text: 'Sigue adelante, señor',
		font: getFont('montserrat'),
		fontSize: 48,
		color: '#ffffff',
		overlay: 0.3,
	}

	test('draws the text in the card font, centred', () => {
		const canvas = createCanvas(600, 400)
		const ctx = canvas.getContext('2d')
		const result = drawCard(ctx, options, fill('#202020'))
		expect(result.layout.font).toBe('700 48px "Montserrat", "Montserrat Ext", sans-serif')
		expect(result.guard?.adjusted).toBe(false)
		expect(result.overlay).toBe(0.3)
		// White text pixels along each line's middle, none between the lines.
		const whiteAt = (y: number) => {
			const row = ctx.getImageData(0, Math.round(y), 600, 1).data
			let white = 0
			for (let index = 0; index < row.length; index += 4) if ((row[index] ?? 0) > 240) white++
			return white
		}
		const [first, second] = result.layout.lines
		expect(result.layout.lines.map((line) => line.text)).toEqual(['Sigue adelante,', 'señor'])
		expect(whiteAt(first?.y ?? 0)).toBeGreaterThan(10)
		expect(whiteAt(second?.y ?? 0)).toBeGreaterThan(10)
		expect(whiteAt(((first?.y ?? 0) + (second?.y ?? 0)) / 2)).toBe(0)
	})

	test('the font is really loaded (not a fallback)', () => {
		const ctx = createCanvas(10, 10).getContext('2d')
		ctx.font = '700 48px "Pacifico"'
		const pacifico = ctx.measureText('Hola mundo').width
		ctx.font = '700 48px "Bebas Neue"'
		const bebas = ctx.measureText('Hola mundo').width
		ctx.font = '700 48px "NoSuchFont"'
		const fallback = ctx.measureText('Hola mundo').width
		expect(new Set([pacifico, bebas, fallback]).size).toBe(3)
	})

	test('the guard raises the overlay on a light background', () => {
		const ctx = createCanvas(600, 400).getContext('2d')
		const result = drawCard(ctx, options, fill('#f5f5f5'))
		expect(result.guard?.adjusted).toBe(true)
		expect(result.overlay).toBeGreaterThan(0.3)
		expect(result.guard?.contrast).toBeGreaterThanOrEqual(4.5)
	})

	test('the guard can be turned off', () => {
		const ctx = createCanvas(600, 400).getContext('2d')
		const result = drawCard(ctx, { ...options, contrastGuard: false }, fill('#f5f5f5'))
		expect(result).toMatchObject({ guard: null, overlay: 0.3 })
	})

	test('draws at a scale with the layout of the full size', () => {
		const full = drawCard(createCanvas(600, 400).getContext('2d'), options, fill('#202020'))
		const half = drawCard(
			createCanvas(300, 200).getContext('2d'),
			{ ...options, scale: 0.5 },
			fill('#202020'),
		)
		expect(half.layout.lines).toEqual(full.layout.lines)
	})
})
