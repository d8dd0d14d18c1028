/**
 * The choices a generation request is made of (languages, phrase types, length, limits),
 * in one place so the forms, the schema, the instruction text and the offline engine agree.
 * Which of them each page offers is the page's own entry (app/generator/pages.ts).
 */

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

interface PhraseType {
	label: string
	/** How the type reads inside 'frases …' in the instruction text. */
	words: string
}

const type = (label: string, words?: string): PhraseType => ({ label, words: words ?? '' })

/**
 * Every phrase type a page may offer, by form value (each page picks its own list). Words
 * default to the value itself ('frases motivacionales').
 */
const PHRASE_TYPE_CATALOGUE = {
	// The home page's "no selection".
	'': type('Ninguno', ''),
	motivacionales: type('Motivacionales'),
	profesionales: type('Profesionales'),
	creativas: type('Creativas'),
	persuasivas: type('Persuasivas'),
	emocionales: type('Emocionales'),
	inspiradoras: type('Inspiradoras'),
	divertidas: type('Divertidas'),
	reflexivas: type('Reflexivas'),
	románticas: type('Románticas'),
	amor: type('Amor', 'de amor'),
	filosóficas: type('Filosóficas'),
	superación: type('Superación', 'de superación'),
	científicas: type('Científicas'),
	históricas: type('Históricas'),
	espirituales: type('Espirituales'),
	irónicas: type('Irónicas'),
	populares: type('Populares'),
	literarias: type('Literarias'),
	sarcásticas: type('Sarcásticas'),
	cómicas: type('Cómicas'),
	épicas: type('Épicas'),
	amistad: type('Amistad', 'de amistad'),
	familia: type('Familia', 'sobre la familia'),
	trabajo: type('Trabajo', 'sobre el trabajo'),
	deportivas: type('Deportivas'),
	educativas: type('Educativas'),
	navideñas: type('Navideñas'),
	cumpleaños: type('Cumpleaños', 'de cumpleaños'),
	graduación: type('Graduación', 'de graduación'),
	viajes: type('Viajes', 'de viajes'),
	naturaleza: type('Naturaleza', 'sobre la naturaleza'),
	tecnología: type('Tecnología', 'sobre tecnología'),
	música: type('Música', 'sobre música'),
	arte: type('Arte', 'sobre arte'),
	cocina: type('Cocina', 'sobre cocina'),
	salud: type('Salud', 'sobre salud'),
	fitness: type('Fitness', 'de fitness'),
	emprendimiento: type('Emprendimiento', 'de emprendimiento'),
	liderazgo: type('Liderazgo', 'de liderazgo'),
	éxito: type('Éxito', 'de éxito'),
	gratitud: type('Gratitud', 'de gratitud'),
	instagram: type('Instagram', 'para Instagram'),
	facebook: type('General', 'para Facebook'),
	negocios: type('Negocios', 'de negocios'),
	moda: type('Moda', 'de moda'),
	comida: type('Comida', 'sobre comida'),
	humor: type('Humor', 'de humor'),
} as const satisfies Record<string, PhraseType>

export type PhraseTypeValue = keyof typeof PHRASE_TYPE_CATALOGUE

export const PHRASE_TYPES: Record<PhraseTypeValue, PhraseType> = PHRASE_TYPE_CATALOGUE

/** Words for a type in the instruction text ('frases de amor'); unknown values as typed. */
export function phraseTypeWords(value: string): string {
	if (!Object.hasOwn(PHRASE_TYPES, value)) return value
	return PHRASE_TYPES[value as PhraseTypeValue].words || value
}

export const LENGTH_SLIDER = { min: 5, max: 100, step: 1, default: 25 } as const

/** The topic and the image's additional context: the boxes' maxLength and the server's check. */
export const MAX_PROMPT_LENGTH = 500
export const MAX_CONTEXT_LENGTH = 500
/** A generated phrase as edited by hand: the edit box's maxLength and the server's check. */
export const MAX_PHRASE_LENGTH = 500

export const MODES = ['text', 'image'] as const
export type Mode = (typeof MODES)[number]

/** Largest image a visitor may upload: 15 MB. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024

export const HASHTAGS_PER_PHRASE = 3

/** The date shown to Spanish readers is the one in Spain. */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid'
