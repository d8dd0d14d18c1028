import { createRequire } from 'node:module'
import { GlobalFonts } from '@napi-rs/canvas'
import { FONT_FAMILIES, fontFaceSources } from './fonts'

const require = createRequire(import.meta.url)

let registered = false

/** Absolute path of a font file shipped by an @fontsource package. */
export function resolveFontFile(specifier: string): string {
	return require.resolve(specifier)
}

/**
 * Registers the 30 card families with @napi-rs/canvas, once per process. Throws when a file
 * is missing, so a broken install fails loudly instead of drawing in a fallback font.
 */
export function registerCardFonts(): void {
	if (registered) return
	const missing: string[] = []
	for (const font of FONT_FAMILIES) {
		for (const source of fontFaceSources(font)) {
			const key = GlobalFonts.registerFromPath(resolveFontFile(source.specifier), source.family)
			if (!key) missing.push(source.specifier)
		}
	}
	if (missing.length) throw new Error(`Could not register card fonts: ${missing.join(', ')}`)
	registered = true
}
