import { describe, expect, test } from 'vitest'
import {
	contrastRatio,
	guardContrast,
	luminanceUnderOverlay,
	MIN_CONTRAST,
	relativeLuminance,
} from './contrast'

describe('WCAG contrast', () => {
	test('relative luminance and contrast ratio', () => {
		expect(relativeLuminance('#ffffff')).toBeCloseTo(1)
		expect(relativeLuminance('#000000')).toBe(0)
		expect(contrastRatio(1, 0)).toBeCloseTo(21)
		// A classic pair: #777777 on white is just under 4.5:1.
		expect(contrastRatio(relativeLuminance('#777777'), 1)).toBeCloseTo(4.48, 2)
		expect(contrastRatio(relativeLuminance('#767676'), 1)).toBeGreaterThanOrEqual(4.5)
	})

	test('a black overlay scales the background in sRGB space', () => {
		expect(luminanceUnderOverlay(1, 0)).toBeCloseTo(1)
		expect(luminanceUnderOverlay(1, 1)).toBe(0)
		// White under 50 % black is #808080.
		expect(luminanceUnderOverlay(1, 0.5)).toBeCloseTo(relativeLuminance('#808080'), 2)
	})
})

describe('contrast guard', () => {
	test('leaves a readable card alone', () => {
		const result = guardContrast({ backgroundLuminance: 0.05, textColor: '#ffffff', overlay: 0.3 })
		expect(result).toMatchObject({
			overlay: 0.3,
			outline: 'dark',
			outlineScale: 1,
			adjusted: false,
		})
	})

	test('raises the overlay in 0.1 steps until white text reaches 4.5:1', () => {
		const result = guardContrast({ backgroundLuminance: 0.9, textColor: '#ffffff', overlay: 0.1 })
		expect(result.adjusted).toBe(true)
		expect(result.contrast).toBeGreaterThanOrEqual(MIN_CONTRAST)
		expect(Math.round(result.overlay * 10)).toBe(result.overlay * 10)
		// The step below was not enough.
		const below = contrastRatio(1, luminanceUnderOverlay(0.9, result.overlay - 0.1))
		expect(below).toBeLessThan(MIN_CONTRAST)
	})

	test('never lowers the requested overlay', () => {
		const result = guardContrast({ backgroundLuminance: 0.9, textColor: '#ffffff', overlay: 0.8 })
		expect(result.overlay).toBe(0.8)
	})

	test('strengthens the outline when darkening cannot reach 4.5:1', () => {
		const result = guardContrast({ backgroundLuminance: 1, textColor: '#9a9a9a', overlay: 0 })
		expect(result).toMatchObject({ overlay: 0.8, outline: 'dark', outlineScale: 2, adjusted: true })
	})

	test('gives dark text on a dark background a light halo instead of more black', () => {
		const result = guardContrast({ backgroundLuminance: 0.02, textColor: '#111111', overlay: 0.3 })
		expect(result).toMatchObject({
			overlay: 0.3,
			outline: 'light',
			outlineScale: 2,
			adjusted: true,
		})
		// Dark text on a light background is fine as it is.
		expect(
			guardContrast({ backgroundLuminance: 0.95, textColor: '#111111', overlay: 0 }).adjusted,
		).toBe(false)
	})
})
