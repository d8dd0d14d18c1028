/**
 * The shape of the offline engine's phrase bank and how phrase types group into families
 * that share templates. Each language file fills one LanguageBank.
 */
import { type Address, type SpanishVariant } from '../spanish'

export const FAMILIES = [
	'motivation',
	'work',
	'creative',
	'reflective',
	'love',
	'humor',
	'wisdom',
	'knowledge',
	'bonds',
	'celebration',
	'travel',
	'food',
	'health',
	'social',
] as const
export type Family = (typeof FAMILIES)[number]

/** Every phrase type of the three pages ('' is the home page's "none"). */
export const TYPE_FAMILY = {
	'': 'social',
	instagram: 'social',
	facebook: 'social',
	moda: 'social',
	motivacionales: 'motivation',
	inspiradoras: 'motivation',
	superación: 'motivation',
	éxito: 'motivation',
	profesionales: 'work',
	persuasivas: 'work',
	trabajo: 'work',
	emprendimiento: 'work',
	liderazgo: 'work',
	negocios: 'work',
	creativas: 'creative',
	arte: 'creative',
	música: 'creative',
	literarias: 'creative',
	reflexivas: 'reflective',
	filosóficas: 'reflective',
	espirituales: 'reflective',
	emocionales: 'reflective',
	gratitud: 'reflective',
	románticas: 'love',
	amor: 'love',
	divertidas: 'humor',
	cómicas: 'humor',
	irónicas: 'humor',
	sarcásticas: 'humor',
	humor: 'humor',
	populares: 'wisdom',
	históricas: 'wisdom',
	épicas: 'wisdom',
	científicas: 'knowledge',
	educativas: 'knowledge',
	tecnología: 'knowledge',
	amistad: 'bonds',
	familia: 'bonds',
	navideñas: 'celebration',
	cumpleaños: 'celebration',
	graduación: 'celebration',
	viajes: 'travel',
	naturaleza: 'travel',
	cocina: 'food',
	comida: 'food',
	salud: 'health',
	fitness: 'health',
	deportivas: 'health',
} as const satisfies Record<string, Family>

export type ThemedType = keyof typeof TYPE_FAMILY

export function familyOf(type: string): Family {
	return (TYPE_FAMILY as Record<string, Family>)[type] ?? 'social'
}

/** Emojis that fit each family; the engine picks 1–3 distinct ones. */
export const FAMILY_EMOJIS: Record<Family, string[]> = {
	motivation: ['💪', '🚀', '🔥', '🌟', '🏆', '✨'],
	work: ['💼', '📈', '🤝', '💡', '🎯', '🚀'],
	creative: ['🎨', '✨', '🎶', '📚', '🖌️', '💡'],
	reflective: ['🌿', '🙏', '💭', '🕊️', '🌅', '✨'],
	love: ['❤️', '💕', '😍', '💖', '🌹', '💞'],
	humor: ['😂', '🤣', '😜', '🙃', '😅', '😎'],
	wisdom: ['📜', '🏛️', '⚔️', '🦉', '🌍', '✨'],
	knowledge: ['🔬', '📚', '💻', '🧠', '🚀', '💡'],
	bonds: ['🤗', '👨‍👩‍👧', '💛', '🫶', '🥰', '🏡'],
	celebration: ['🎉', '🎂', '🎄', '🎓', '🥳', '🎁'],
	travel: ['✈️', '🌍', '🏔️', '🌊', '🌿', '🧭'],
	food: ['🍝', '😋', '🥘', '🍰', '👩‍🍳', '🍓'],
	health: ['🏃', '💪', '🥗', '🧘', '⚽', '❤️'],
	social: ['✨', '📸', '💫', '🙌', '😊', '🌈'],
}

export interface Theme {
	/** Singular noun phrases with their article, used for {kw}: 'la motivación'. */
	kw: string[]
	/** Hashtag words, without '#'. */
	tags: string[]
}

/**
 * The order of the forms in a `[…|…|…]` slot of a template, filler or key phrase: the one
 * for the reader addressed as tú, as vos, as usted ('[Cree en ti|Creé en vos|Crea en usted]').
 */
export const SLOT_ADDRESSES = ['tú', 'vos', 'usted'] as const satisfies readonly Address[]

/** A word that differs from country to country (`<key>` in a template). */
export type RegionalWord = { default: string; formal?: string } & Partial<
	Record<SpanishVariant, string>
>

export interface LanguageBank {
	/** BCP 47 locale for the date. */
	locale: string
	/** 'Hoy, sábado, 21 de noviembre de 2026:' */
	datePrefix: (date: string) => string
	/** 'Para mi novia:' */
	dedication: (who: string) => string
	/** What the phrases are about in image mode without context: 'esta imagen'. */
	imageTopic: string
	/** Words to strip from the front of a topic: request verbs, 'frases', connectors. */
	topicNoise: string[]
	/**
	 * Clauses appended to a sentence after a comma to reach the word range: lowercase, no
	 * final punctuation. Include a few of one and two words so any range can be met.
	 */
	fillers: string[]
	/**
	 * Sentences per family. {topic}/{Topic} is the visitor's topic (capitalised at the start
	 * of a sentence), {kw}/{Kw} a key phrase of the type. Every template ends with . ! or ?
	 */
	templates: Record<Family, string[]>
	/** Key phrases and hashtags per phrase type. */
	themes: Record<ThemedType, Theme>
	/** Generic hashtags for padding. */
	tags: string[]
	/**
	 * Words that differ by country (`<key>` in a template): the variant's word, else
	 * `default`; in the formal register `formal` comes first (slang has no place there).
	 */
	regionalWords?: Record<string, RegionalWord>
	/**
	 * The least share of a batch's phrases that address the reader in the register's own
	 * form (a slot whose form for that address differs from the others').
	 */
	addressedShare?: number
}
