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

/**
 * Every phrase type a page may offer, by form value, with its label (each page picks its
 * own list).
 */
export const PHRASE_TYPE_LABELS = {
	// The home page's "no selection".
	'': 'Ninguno',
	motivacionales: 'Motivacionales',
	profesionales: 'Profesionales',
	creativas: 'Creativas',
	persuasivas: 'Persuasivas',
	emocionales: 'Emocionales',
	inspiradoras: 'Inspiradoras',
	divertidas: 'Divertidas',
	reflexivas: 'Reflexivas',
	románticas: 'Románticas',
	amor: 'Amor',
	filosóficas: 'Filosóficas',
	superación: 'Superación',
	científicas: 'Científicas',
	históricas: 'Históricas',
	espirituales: 'Espirituales',
	irónicas: 'Irónicas',
	populares: 'Populares',
	literarias: 'Literarias',
	sarcásticas: 'Sarcásticas',
	cómicas: 'Cómicas',
	épicas: 'Épicas',
	amistad: 'Amistad',
	familia: 'Familia',
	trabajo: 'Trabajo',
	deportivas: 'Deportivas',
	educativas: 'Educativas',
	navideñas: 'Navideñas',
	cumpleaños: 'Cumpleaños',
	graduación: 'Graduación',
	viajes: 'Viajes',
	naturaleza: 'Naturaleza',
	tecnología: 'Tecnología',
	música: 'Música',
	arte: 'Arte',
	cocina: 'Cocina',
	salud: 'Salud',
	fitness: 'Fitness',
	emprendimiento: 'Emprendimiento',
	liderazgo: 'Liderazgo',
	éxito: 'Éxito',
	gratitud: 'Gratitud',
	instagram: 'Instagram',
	facebook: 'General',
	negocios: 'Negocios',
	moda: 'Moda',
	comida: 'Comida',
	humor: 'Humor',
} as const

export type PhraseTypeValue = keyof typeof PHRASE_TYPE_LABELS

/**
 * How a type reads inside 'frases …' in the instruction text, where that is not the value
 * itself ('frases motivacionales', but 'frases de amor'). Only the server needs it.
 */
const PHRASE_TYPE_WORDS: Partial<Record<PhraseTypeValue, string>> = {
	amor: 'de amor',
	superación: 'de superación',
	amistad: 'de amistad',
	familia: 'sobre la familia',
	trabajo: 'sobre el trabajo',
	cumpleaños: 'de cumpleaños',
	graduación: 'de graduación',
	viajes: 'de viajes',
	naturaleza: 'sobre la naturaleza',
	tecnología: 'sobre tecnología',
	música: 'sobre música',
	arte: 'sobre arte',
	cocina: 'sobre cocina',
	salud: 'sobre salud',
	fitness: 'de fitness',
	emprendimiento: 'de emprendimiento',
	liderazgo: 'de liderazgo',
	éxito: 'de éxito',
	gratitud: 'de gratitud',
	instagram: 'para Instagram',
	facebook: 'para Facebook',
	negocios: 'de negocios',
	moda: 'de moda',
	comida: 'sobre comida',
	humor: 'de humor',
}

/** Words for a type in the instruction text; '' (no type) has none, unknown values read as typed. */
export function phraseTypeWords(value: string): string {
	if (value === '') return ''
	return Object.hasOwn(PHRASE_TYPE_WORDS, value)
		? (PHRASE_TYPE_WORDS[value as PhraseTypeValue] ?? value)
		: value
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
