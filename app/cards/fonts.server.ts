import { createRequire } from 'node:module'
import { createCanvas, GlobalFonts } from '@napi-rs/canvas'
import { EMOJI_FACES, sampleEmoji } from './emoji'
import { allFontFiles, fontFileName } from './fonts'

const require = createRequire(import.meta.url)

/** Font files this thread registered (0 until it did). */
let registered = 0

/** Absolute path of a font file shipped by an @fontsource package. */
export function resolveFontFile(specifier: string): string {
	return require.resolve(specifier)
}

/**
 * Registers the 30 card families and the colour emoji subsets with @napi-rs/canvas, once
 * per thread (each render worker does it when it starts); returns how many files were
 * registered. Throws when a file is missing, so a broken install fails loudly instead of
 * drawing in a fallback font.
 */
export function registerCardFonts(): number {
	if (registered) return registered
	const missing: string[] = []
	let count = 0
	for (const source of allFontFiles()) {
		const key = GlobalFonts.registerFromPath(resolveFontFile(source.specifier), source.family)
		if (key) count++
		else missing.push(source.specifier)
	}
	if (missing.length) throw new Error(`Could not register card fonts: ${missing.join(', ')}`)
	registered = count
	return count
}

/**
 * Draws one emoji of each subset on a scrap canvas. Skia reads a typeface's tables on its
 * first use, a few tens of milliseconds for the large emoji files: a render worker does it
 * when it starts, so the first card with emoji does not wait for it.
 */
export function warmEmojiFonts() {
	const ctx = createCanvas(32, 32).getContext('2d')
	for (const face of EMOJI_FACES) {
		ctx.font = `16px "${face.family}"`
		ctx.fillText(sampleEmoji(face), 0, 24)
	}
}

let filesByName: Map<string, string> | undefined

/**
 * Absolute path of a card font file by its name, for a route that serves the files to the
 * browser canvas; null for any name that is not one of the cards' files.
 */
export function fontFilePath(fileName: string): string | null {
	filesByName ??= new Map(
		allFontFiles().map((source) => [fontFileName(source), source.specifier] as const),
	)
	const specifier = filesByName.get(fileName)
	return specifier ? resolveFontFile(specifier) : null
}
