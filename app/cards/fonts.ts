/**
 * The 30 font families a card can use, all shipped through @fontsource npm packages (never a
 * CDN). Shared by the server (fonts.server.ts registers the files with @napi-rs/canvas) and
 * the browser (load the same files with FontFace), so both draw the same picture.
 *
 * Each family is used at one weight: 700 when the package has it, otherwise its only
 * (already heavy or decorative) weight. The canvas font string names that exact weight, so
 * neither side ever synthesises a fake bold.
 *
 * The latin and latin-ext subsets are registered as two family names ('Arimo' and
 * 'Arimo Ext'): Skia cannot merge two files into one family, so the font stack falls back
 * from the first to the second. Spanish (á é í ó ú ü ñ ¿ ¡) is entirely in the latin subset.
 * Every stack then lists the colour emoji subsets (emoji.ts), so a phrase's emoji are drawn
 * from the same files on both sides.
 */

import { EMOJI_FACES, EMOJI_FONT_STACK } from './emoji'

export type FontCategory = 'sans' | 'serif' | 'display' | 'handwriting'

export const FONT_CATEGORY_LABELS: Record<FontCategory, string> = {
	sans: 'Sin serifa',
	serif: 'Con serifa',
	display: 'Decorativas',
	handwriting: 'Manuscritas',
}

export interface FontFamily {
	/** Stable id used in URLs (the package name without the scope). */
	id: string
	/** CSS family name of the latin subset. */
	family: string
	/** Label shown in the font select. */
	label: string
	category: FontCategory
	/** npm package shipping the files. */
	pkg: string
	weight: number
	/** File names inside `{pkg}/files/`. */
	files: { latin: string; latinExt?: string }
}

interface FontDefinition {
	id: string
	family: string
	label?: string
	category: FontCategory
	weight: 400 | 700
	/** false when the package has no latin-ext subset. */
	latinExt?: boolean
}

const definitions: FontDefinition[] = [
	{ id: 'arimo', family: 'Arimo', label: 'Arial (Arimo)', category: 'sans', weight: 700 },
	{ id: 'roboto', family: 'Roboto', category: 'sans', weight: 700 },
	{ id: 'open-sans', family: 'Open Sans', category: 'sans', weight: 700 },
	{ id: 'lato', family: 'Lato', category: 'sans', weight: 700 },
	{ id: 'montserrat', family: 'Montserrat', category: 'sans', weight: 700 },
	{ id: 'poppins', family: 'Poppins', category: 'sans', weight: 700 },
	{ id: 'raleway', family: 'Raleway', category: 'sans', weight: 700 },
	{ id: 'oswald', family: 'Oswald', category: 'sans', weight: 700 },
	{ id: 'inter', family: 'Inter', category: 'sans', weight: 700 },
	{ id: 'nunito', family: 'Nunito', category: 'sans', weight: 700 },
	{ id: 'quicksand', family: 'Quicksand', category: 'sans', weight: 700 },
	{ id: 'josefin-sans', family: 'Josefin Sans', category: 'sans', weight: 700 },
	{ id: 'fredoka', family: 'Fredoka', category: 'sans', weight: 700 },
	{ id: 'comfortaa', family: 'Comfortaa', category: 'sans', weight: 700 },
	{ id: 'playfair-display', family: 'Playfair Display', category: 'serif', weight: 700 },
	{ id: 'merriweather', family: 'Merriweather', category: 'serif', weight: 700 },
	{ id: 'lora', family: 'Lora', category: 'serif', weight: 700 },
	{
		id: 'tinos',
		family: 'Tinos',
		label: 'Times New Roman (Tinos)',
		category: 'serif',
		weight: 700,
	},
	{ id: 'cinzel', family: 'Cinzel', category: 'serif', weight: 700 },
	{ id: 'abril-fatface', family: 'Abril Fatface', category: 'serif', weight: 400 },
	{ id: 'bebas-neue', family: 'Bebas Neue', category: 'display', weight: 400 },
	{ id: 'anton', family: 'Anton', category: 'display', weight: 400 },
	{ id: 'archivo-black', family: 'Archivo Black', category: 'display', weight: 400 },
	{ id: 'righteous', family: 'Righteous', category: 'display', weight: 400 },
	{ id: 'lobster', family: 'Lobster', category: 'display', weight: 400 },
	{ id: 'dancing-script', family: 'Dancing Script', category: 'handwriting', weight: 700 },
	{ id: 'pacifico', family: 'Pacifico', category: 'handwriting', weight: 400 },
	{ id: 'great-vibes', family: 'Great Vibes', category: 'handwriting', weight: 400 },
	{ id: 'caveat', family: 'Caveat', category: 'handwriting', weight: 700 },
	{
		id: 'permanent-marker',
		family: 'Permanent Marker',
		category: 'handwriting',
		weight: 400,
		latinExt: false,
	},
]

export const FONT_FAMILIES: readonly FontFamily[] = definitions.map((font) => ({
	id: font.id,
	family: font.family,
	label: font.label ?? font.family,
	category: font.category,
	pkg: `@fontsource/${font.id}`,
	weight: font.weight,
	files: {
		latin: `${font.id}-latin-${font.weight}-normal.woff2`,
		...(font.latinExt === false
			? {}
			: { latinExt: `${font.id}-latin-ext-${font.weight}-normal.woff2` }),
	},
}))

export const FONT_IDS = FONT_FAMILIES.map((font) => font.id)

export const DEFAULT_FONT_ID = 'arimo'

const byId = new Map(FONT_FAMILIES.map((font) => [font.id, font]))

/** The family for an id; unknown ids get the default (Arial/Arimo). */
export function getFont(id: string): FontFamily {
	return byId.get(id) ?? (byId.get(DEFAULT_FONT_ID) as FontFamily)
}

/** unicode-range of Fontsource's latin and latin-ext subsets (for FontFace in the browser). */
const LATIN_RANGE =
	'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'
const LATIN_EXT_RANGE =
	'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF'

interface FontFaceSource {
	/** Family name to register the file under. */
	family: string
	weight: number
	/** Module specifier of the file, e.g. '@fontsource/arimo/files/arimo-latin-700-normal.woff2'. */
	specifier: string
	unicodeRange: string
}

/** The files to register for a family, each under the name the font stack uses. */
export function fontFaceSources(font: FontFamily): FontFaceSource[] {
	const sources: FontFaceSource[] = [
		{
			family: font.family,
			weight: font.weight,
			specifier: `${font.pkg}/files/${font.files.latin}`,
			unicodeRange: LATIN_RANGE,
		},
	]
	if (font.files.latinExt) {
		sources.push({
			family: extFamily(font),
			weight: font.weight,
			specifier: `${font.pkg}/files/${font.files.latinExt}`,
			unicodeRange: LATIN_EXT_RANGE,
		})
	}
	return sources
}

/** The file name of a source (unique across all families, e.g. 'arimo-latin-700-normal.woff2'). */
export function fontFileName(source: Pick<FontFaceSource, 'specifier'>): string {
	return source.specifier.slice(source.specifier.lastIndexOf('/') + 1)
}

/**
 * URL of a font file when the app serves them from one route (see fontFilePath in
 * fonts.server.ts), e.g. '/fonts/arimo-latin-700-normal.woff2'.
 */
export function fontFileUrl(source: Pick<FontFaceSource, 'specifier'>, base = '/fonts'): string {
	return `${base}/${fontFileName(source)}`
}

function extFamily(font: FontFamily) {
	return `${font.family} Ext`
}

function genericFallback(font: FontFamily) {
	return font.category === 'serif' ? 'serif' : 'sans-serif'
}

/**
 * CSS font-family list: the latin face, its latin-ext face, the emoji subsets, then a
 * generic family.
 */
function fontStack(font: FontFamily): string {
	const families = [`"${font.family}"`]
	if (font.files.latinExt) families.push(`"${extFamily(font)}"`)
	families.push(EMOJI_FONT_STACK, genericFallback(font))
	return families.join(', ')
}

/** Every file the cards draw with: the 30 families' and the emoji subsets'. */
export function allFontFiles(): Array<{ family: string; specifier: string }> {
	return [...FONT_FAMILIES.flatMap((font) => fontFaceSources(font)), ...EMOJI_FACES]
}

/** The canvas `ctx.font` value for a family at a pixel size. */
export function canvasFont(font: FontFamily, sizePx: number): string {
	return `${font.weight} ${sizePx}px ${fontStack(font)}`
}
