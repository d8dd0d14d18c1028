import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, test } from 'vitest'
import { drawProceduralBackground } from './procedural'
import { BACKGROUND_TYPE_KEYS, type BackgroundType } from './types'

function pixels(type: BackgroundType, seed: number, width = 240, height = 160) {
	const canvas = createCanvas(width, height)
	drawProceduralBackground(canvas.getContext('2d'), type, seed, width, height)
	return canvas.data()
}

function meanAbsoluteDifference(a: Uint8Array, b: Uint8Array) {
	let sum = 0
	for (let index = 0; index < a.length; index++) sum += Math.abs((a[index] ?? 0) - (b[index] ?? 0))
	return sum / a.length
}

describe('procedural backgrounds', () => {
	test.each(BACKGROUND_TYPE_KEYS)('%s: the same seed draws the same bytes', (type) => {
		expect(pixels(type, 42).equals(pixels(type, 42))).toBe(true)
	})

	test.each(BACKGROUND_TYPE_KEYS)('%s: another seed draws another picture', (type) => {
		expect(meanAbsoluteDifference(pixels(type, 1), pixels(type, 2))).toBeGreaterThan(3)
	})

	test('the eight types all differ from each other for one seed', () => {
		const drawn = BACKGROUND_TYPE_KEYS.map((type) => pixels(type, 7))
		for (let a = 0; a < drawn.length; a++) {
			for (let b = a + 1; b < drawn.length; b++) {
				expect(
					meanAbsoluteDifference(drawn[a] as Uint8Array, drawn[b] as Uint8Array),
					`${BACKGROUND_TYPE_KEYS[a]} vs ${BACKGROUND_TYPE_KEYS[b]}`,
				).toBeGreaterThan(5)
			}
		}
	})

	test.each(BACKGROUND_TYPE_KEYS)(
		'%s: covers any size with opaque, not-too-light pixels',
		(type) => {
			for (const [width, height] of [
				[37, 91],
				[1200, 315],
			] as const) {
				const data = pixels(type, 3, width, height)
				let luminance = 0
				let minAlpha = 255
				for (let index = 0; index < data.length; index += 4) {
					minAlpha = Math.min(minAlpha, data[index + 3]!)
					luminance += 0.2126 * data[index]! + 0.7152 * data[index + 1]! + 0.0722 * data[index + 2]!
				}
				expect(minAlpha).toBe(255)
				// Mid to dark on average, so white text reads before the overlay.
				expect(luminance / (data.length / 4)).toBeLessThan(170)
			}
		},
	)
})
