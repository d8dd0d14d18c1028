import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, expectTypeOf, test } from 'vitest'
import { type Ctx2D } from './canvas'
import { drawCard } from './draw'
import { canvasFont, getFont } from './fonts'
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
		expect(result.layout.font).toBe(canvasFont(getFont('montserrat'), 48))
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

	test('emoji are drawn in colour, and the guard still works with them in the text', () => {
		const ctx = createCanvas(600, 400).getContext('2d')
		const text = 'Feliz 😀 día 🇦🇷'
		const result = drawCard(ctx, { ...options, text }, fill('#f5f5f5'))
		expect(result.layout.lines.map((line) => line.text).join(' ')).toBe(text)
		expect(result.guard?.adjusted).toBe(true)
		expect(result.guard?.contrast).toBeGreaterThanOrEqual(4.5)
		const { x, y, width, height } = result.layout.box
		expect(colourfulPixels(ctx, x, y, width, height)).toBeGreaterThan(200)
		// White text alone on the same background has no colour at all.
		const plain = createCanvas(600, 400).getContext('2d')
		const without = drawCard(plain, { ...options, text: 'Feliz día' }, fill('#f5f5f5'))
		const box = without.layout.box
		expect(colourfulPixels(plain, box.x, box.y, box.width, box.height)).toBe(0)
	})

	test('the handle goes in its corner only', () => {
		const draw = (handle?: { text: string; corner: 'top-left' | 'bottom-right' }) => {
			const ctx = createCanvas(600, 400).getContext('2d')
			return { ctx, result: drawCard(ctx, { ...options, handle }, fill('#202020')) }
		}
		const plain = draw()
		const marked = draw({ text: '@mi_cuenta', corner: 'top-left' })
		expect(plain.result.handle).toBeNull()
		expect(marked.result.handle).toMatchObject({ align: 'left', fontSize: 16 })
		const region = (ctx: Ctx2D, x: number, y: number) =>
			Array.from(ctx.getImageData(x, y, 150, 40).data)
		expect(region(marked.ctx, 0, 0)).not.toEqual(region(plain.ctx, 0, 0))
		expect(region(marked.ctx, 450, 360)).toEqual(region(plain.ctx, 450, 360))
		// White letters there.
		const corner = marked.ctx.getImageData(0, 0, 150, 40).data
		let white = 0
		for (let index = 0; index < corner.length; index += 4) if ((corner[index] ?? 0) > 240) white++
		expect(white).toBeGreaterThan(20)
	})
})

/** Pixels whose channels differ by more than 80: colour, not white, grey or black. */
function colourfulPixels(ctx: Ctx2D, x: number, y: number, width: number, height: number) {
	const { data } = ctx.getImageData(
		Math.floor(x),
		Math.floor(y),
		Math.ceil(width),
		Math.ceil(height),
	)
	let count = 0
	for (let index = 0; index < data.length; index += 4) {
		const channels = [data[index] ?? 0, data[index + 1] ?? 0, data[index + 2] ?? 0]
		if (Math.max(...channels) - Math.min(...channels) > 80) count++
	}
	return count
}
