import { existsSync } from 'node:fs'
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

	test('font strings name the real weight and the latin-ext fallback', () => {
		expect(canvasFont(getFont('lora'), 72)).toBe('700 72px "Lora", "Lora Ext", serif')
		expect(canvasFont(getFont('permanent-marker'), 40)).toBe(
			'400 40px "Permanent Marker", sans-serif',
		)
	})

	test('files are served by name only', () => {
		const [latin] = fontFaceSources(getFont('caveat'))
		expect(fontFileUrl(latin!)).toBe('/fonts/caveat-latin-700-normal.woff2')
		expect(fontFilePath('caveat-latin-700-normal.woff2')).toMatch(
			/@fontsource\/caveat\/files\/caveat-latin-700-normal\.woff2$/,
		)
		expect(fontFilePath('../../package.json')).toBeNull()
		expect(fontFilePath('caveat-latin-400-normal.woff2')).toBeNull()
	})
})
