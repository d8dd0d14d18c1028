/**
 * A generation request resolved into the rules that apply to it: the word range, the
 * emoji range of the page, the personalisation, the language code. Both the instruction
 * text and the offline engine work from this.
 */
import { wordRange, type WordRange } from './length'
import { GENERATOR_PAGES, type Page } from '~/generator/pages'
import { getLanguage, type LanguageCode } from './options'
import { personalization, type Personalization } from './personalize'
import {
	DEFAULT_REGISTER,
	DEFAULT_VARIANT,
	isRegister,
	isSpanishVariant,
	type SpanishStyle,
} from './spanish'
import { type GenerationRequest } from './types'

export interface GenerationBrief {
	page: Page
	/** The trimmed topic; '' in image mode without one. */
	prompt: string
	/** The optional context typed next to an image. */
	context: string
	/** Whether the phrases describe an attached image. */
	image: boolean
	count: number
	language: LanguageCode
	languageValue: string
	/** The variety and register, when the language is Spanish; null otherwise. */
	spanish: SpanishStyle | null
	type: string
	words: WordRange
	/** Emojis per phrase, or null when the visitor does not want them. */
	emojis: { min: number; max: number } | null
	hashtags: boolean
	/** The moment whose date the phrases mention, or null. */
	date: Date | null
	timeZone: string
	personalization: Personalization | null
}

export function createBrief(
	page: Page,
	request: GenerationRequest,
	options: { now: Date; timeZone: string },
): GenerationBrief {
	const prompt = request.prompt.trim()
	const image = request.mode === 'image' || Boolean(request.image)
	const language = getLanguage(request.language)
	return {
		page,
		prompt,
		context: request.context?.trim() ?? '',
		image,
		count: request.count,
		language: language.code,
		languageValue: language.value,
		spanish: language.code === 'es' ? spanishStyle(request) : null,
		type: request.type,
		words: wordRange(request.length),
		emojis: request.includeEmojis ? { ...GENERATOR_PAGES[page].emojis } : null,
		hashtags: request.includeHashtags,
		date: request.includeDate ? options.now : null,
		timeZone: options.timeZone,
		personalization: personalization(request.type, [prompt, request.context ?? ''].join(' ')),
	}
}

/** The request's variety and register, each falling back to its default. */
export function spanishStyle(
	request: Pick<GenerationRequest, 'variant' | 'register'>,
): SpanishStyle {
	return {
		variant: isSpanishVariant(request.variant) ? request.variant : DEFAULT_VARIANT,
		register: isRegister(request.register) ? request.register : DEFAULT_REGISTER,
	}
}
