import type { LanguageValue, Mode } from './options'

export interface ImageInput {
	mimeType: string
	data: Buffer
}

/** A validated generation request, independent of how the form delivered it. */
export interface GenerationRequest {
	prompt: string
	count: number
	language: LanguageValue | string
	/** Spanish only: the variety ('ar') and the register ('cercano'); unknown values fall back. */
	variant?: string
	register?: string
	/** A phrase type value of the page; '' is "none" on the home page. */
	type: string
	/** Slider words (25) or a text such as '25 palabras' or 'corta'. */
	length: number | string
	includeEmojis: boolean
	includeHashtags: boolean
	includeDate: boolean
	mode?: Mode
	/** Extra context typed next to an image. */
	context?: string
	image?: ImageInput
}
