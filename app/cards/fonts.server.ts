import { createRequire } from 'node:module'
import { GlobalFonts } from '@napi-rs/canvas'
import { FONT_FAMILIES, fontFaceSources, fontFileName } from './fonts'

const require = createRequire(import.meta.url)

/** Font files this thread registered (0 until it did). */
let registered = 0

/** Absolute path of a font file shipped by an @fontsource package. */
export function resolveFontFile(specifier: string): string {
	return require.resolve(specifier)
}

/**
 * Registers the 30 card families with @napi-rs/canvas, once per thread (each render worker
 * does it when it starts); returns how many files were registered. Throws when a file is
 * missing, so a broken install fails loudly instead of drawing in a fallback font.
 */
export function registerCardFonts(): number {
	if (registered) return registered
	const missing: string[] = []
	let count = 0
	for (const font of FONT_FAMILIES) {
		for (const source of fontFaceSources(font)) {
			const key = GlobalFonts.registerFromPath(resolveFontFile(source.specifier), source.family)
			if (key) count++
			else missing.push(source.specifier)
		}
	}
	if (missing.length) throw new Error(`Could not register card fonts: ${missing.join(', ')}`)
	registered = count
	return count
}

let filesByName: Map<string, string> | undefined

/**
 * Absolute path of a card font file by its name, for a route that serves the files to the
 * browser canvas; null for any name that is not one of the 30 families' files.
 */
export function fontFilePath(fileName: string): string | null {
	filesByName ??= new Map(
		FONT_FAMILIES.flatMap((font) =>
			fontFaceSources(font).map((source) => [fontFileName(source), source.specifier] as const),
		),
	)
	const specifier = filesByName.get(fileName)
	return specifier ? resolveFontFile(specifier) : null
}
