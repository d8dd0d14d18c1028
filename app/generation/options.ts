/**
 * The choices offered by the three generator pages, in one place so the forms, the
 * schema, the instruction text and the offline engine agree.
 */

export const PAGES = ['home', 'instagram', 'facebook'] as const
export type Page = (typeof PAGES)[number]

export const LANGUAGE_CODES = ['es', 'en', 'pt', 'fr', 'it'] as const
export type LanguageCode = (typeof LANGUAGE_CODES)[number]

export const LANGUAGES = [
	{ value: 'español es', label: 'Español', code: 'es', name: 'español' },
	{ value: 'inglés en', label: 'Inglés', code: 'en', name: 'inglés' },
	{ value: 'portugués pt', label: 'Portugués', code: 'pt', name: 'portugués' },
	{ value: 'francés fr', label: 'Francés', code: 'fr', name: 'francés' },
	{ value: 'italiano it', label: 'Italiano', code: 'it', name: 'italiano' },
] as const satisfies ReadonlyArray<{
	value: string
	label: string
	code: LanguageCode
	name: string
}>

export type LanguageValue = (typeof LANGUAGES)[number]['value']
export const LANGUAGE_VALUES = LANGUAGES.map((language) => language.value) as [
	LanguageValue,
	...LanguageValue[],
]
export const DEFAULT_LANGUAGE: LanguageValue = 'español es'

/** The language entry for a form value; unknown values fall back to Spanish. */
export function getLanguage(value: string) {
	return LANGUAGES.find((language) => language.value === value) ?? LANGUAGES[0]
}

interface PhraseTypeOption {
	value: string
	label: string
	/** How the type reads inside 'frases …' in the instruction text. */
	words: string
}

const type = (value: string, label: string, words = value): PhraseTypeOption => ({
	value,
	label,
	words,
})

/** '' is the home page's "no selection". */
const NO_TYPE = ''

export const PHRASE_TYPES = {
	home: [
		type(NO_TYPE, 'Ninguno', ''),
		type('motivacionales', 'Motivacionales'),
		type('profesionales', 'Profesionales'),
		type('creativas', 'Creativas'),
		type('persuasivas', 'Persuasivas'),
		type('emocionales', 'Emocionales'),
		type('inspiradoras', 'Inspiradoras'),
		type('divertidas', 'Divertidas'),
		type('reflexivas', 'Reflexivas'),
		type('románticas', 'Románticas'),
		type('amor', 'Amor', 'de amor'),
		type('filosóficas', 'Filosóficas'),
		type('superación', 'Superación', 'de superación'),
		type('científicas', 'Científicas'),
		type('históricas', 'Históricas'),
		type('espirituales', 'Espirituales'),
		type('irónicas', 'Irónicas'),
		type('populares', 'Populares'),
		type('literarias', 'Literarias'),
		type('sarcásticas', 'Sarcásticas'),
		type('cómicas', 'Cómicas'),
		type('épicas', 'Épicas'),
		type('amistad', 'Amistad', 'de amistad'),
		type('familia', 'Familia', 'sobre la familia'),
		type('trabajo', 'Trabajo', 'sobre el trabajo'),
		type('deportivas', 'Deportivas'),
		type('educativas', 'Educativas'),
		type('navideñas', 'Navideñas'),
		type('cumpleaños', 'Cumpleaños', 'de cumpleaños'),
		type('graduación', 'Graduación', 'de graduación'),
		type('viajes', 'Viajes', 'de viajes'),
		type('naturaleza', 'Naturaleza', 'sobre la naturaleza'),
		type('tecnología', 'Tecnología', 'sobre tecnología'),
		type('música', 'Música', 'sobre música'),
		type('arte', 'Arte', 'sobre arte'),
		type('cocina', 'Cocina', 'sobre cocina'),
		type('salud', 'Salud', 'sobre salud'),
		type('fitness', 'Fitness', 'de fitness'),
		type('emprendimiento', 'Emprendimiento', 'de emprendimiento'),
		type('liderazgo', 'Liderazgo', 'de liderazgo'),
		type('éxito', 'Éxito', 'de éxito'),
		type('gratitud', 'Gratitud', 'de gratitud'),
	],
	instagram: [
		type('instagram', 'Instagram', 'para Instagram'),
		type('motivacionales', 'Motivacionales'),
		type('inspiradoras', 'Inspiradoras'),
		type('negocios', 'Negocios', 'de negocios'),
		type('moda', 'Moda', 'de moda'),
		type('viajes', 'Viajes', 'de viajes'),
		type('comida', 'Comida', 'sobre comida'),
		type('fitness', 'Fitness', 'de fitness'),
	],
	facebook: [
		type('facebook', 'General', 'para Facebook'),
		type('emocionales', 'Emocionales'),
		type('motivacionales', 'Motivacionales'),
		type('inspiradoras', 'Inspiradoras'),
		type('creativas', 'Creativas'),
		type('humor', 'Humor', 'de humor'),
		type('negocios', 'Negocios', 'de negocios'),
		type('viajes', 'Viajes', 'de viajes'),
		type('moda', 'Moda', 'de moda'),
		type('comida', 'Comida', 'sobre comida'),
		type('fitness', 'Fitness', 'de fitness'),
		type('reflexivas', 'Reflexivas'),
		type('amor', 'Amor', 'de amor'),
	],
} as const satisfies Record<Page, readonly PhraseTypeOption[]>

type PhraseType = (typeof PHRASE_TYPES)[Page][number]['value']

export const DEFAULT_TYPE = {
	home: NO_TYPE,
	instagram: 'instagram',
	facebook: 'facebook',
} as const satisfies Record<Page, PhraseType>

function getPhraseType(page: Page, value: string): PhraseTypeOption | undefined {
	return (PHRASE_TYPES[page] as readonly PhraseTypeOption[]).find((t) => t.value === value)
}

/** Words for a type in the instruction text, whichever page offers it. */
export function phraseTypeWords(value: string): string {
	for (const page of PAGES) {
		const found = getPhraseType(page, value)
		if (found) return found.words
	}
	return value
}

interface CountOptions {
	min: number
	max: number
	default: number
	options: readonly number[]
}

export const COUNTS = {
	home: { min: 1, max: 10, default: 4, options: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
	instagram: { min: 1, max: 10, default: 4, options: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
	facebook: { min: 3, max: 12, default: 6, options: [3, 6, 9, 12] },
} as const satisfies Record<Page, CountOptions>

export const LENGTH_SLIDER = { min: 5, max: 100, step: 1, default: 25 } as const

/** The topic and the image's additional context: the boxes' maxLength and the server's check. */
export const MAX_PROMPT_LENGTH = 500
export const MAX_CONTEXT_LENGTH = 500

export const MODES = ['text', 'image'] as const
export type Mode = (typeof MODES)[number]

/** Largest image a visitor may upload: 15 MB. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024

/** The Facebook picker says PNG, JPG or GIF; Instagram takes the same plus WEBP. */
export const IMAGE_MIME_TYPES = {
	home: [],
	instagram: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
	facebook: ['image/png', 'image/jpeg', 'image/gif'],
} as const satisfies Record<Page, readonly string[]>

interface GenerationConfig {
	temperature: number
	topP: number
	topK: number
	maxOutputTokens: number
}

/** Sampling parameters per page. */
export const GENERATION_CONFIG = {
	home: { temperature: 0.8, topP: 0.95, topK: 50, maxOutputTokens: 2048 },
	instagram: { temperature: 0.8, topP: 0.95, topK: 50, maxOutputTokens: 2048 },
	facebook: { temperature: 0.8, topP: 0.9, topK: 40, maxOutputTokens: 1024 },
} as const satisfies Record<Page, GenerationConfig>

/** Emojis per phrase asked for on each page (each page asks for a different range). */
export const EMOJI_RANGE = {
	home: { min: 1, max: 2 },
	instagram: { min: 2, max: 3 },
	facebook: { min: 1, max: 3 },
} as const satisfies Record<Page, { min: number; max: number }>

export const HASHTAGS_PER_PHRASE = 3

/** The date shown to Spanish readers is the one in Spain. */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid'
