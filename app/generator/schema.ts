/**
 * The generation form's schema, one per page (from its entry in pages.ts), used by the
 * action (parseWithZod). Messages are the product's agreed Spanish texts, verbatim.
 */
import { z } from 'zod'
import {
	DEFAULT_LANGUAGE,
	LANGUAGE_VALUES,
	LENGTH_SLIDER,
	MAX_CONTEXT_LENGTH,
	MAX_IMAGE_BYTES,
	MAX_PROMPT_LENGTH,
} from '~/generation/options'
import {
	DEFAULT_REGISTER,
	DEFAULT_VARIANT,
	REGISTERS,
	SPANISH_VARIANTS,
} from '~/generation/spanish'
import { imageTypeMessage, VALIDATION_MESSAGES } from './messages'
import { GENERATOR_PAGES, hasImageMode, type Page } from './pages'

/** A file input left empty arrives as a nameless, empty File. */
function isFile(value: unknown): value is File {
	return typeof File !== 'undefined' && value instanceof File
}

/** The schema of a generation request on `page`. */
export function generationSchema(page: Page) {
	const { counts } = GENERATOR_PAGES[page]
	const [defaultType, ...otherTypes]: readonly [string, ...string[]] =
		GENERATOR_PAGES[page].phraseTypes
	const imageTypes: readonly string[] = GENERATOR_PAGES[page].imageTypes

	return z
		.object({
			prompt: z
				.string({ error: VALIDATION_MESSAGES.prompt })
				.trim()
				.max(MAX_PROMPT_LENGTH, { error: VALIDATION_MESSAGES.promptTooLong })
				.optional()
				.default(''),
			count: z
				.number({ error: VALIDATION_MESSAGES.count })
				.int({ error: VALIDATION_MESSAGES.count })
				.min(1, { error: VALIDATION_MESSAGES.count })
				.max(counts.max, { error: VALIDATION_MESSAGES.countOption })
				.refine((count) => (counts.options as readonly number[]).includes(count), {
					error: VALIDATION_MESSAGES.countOption,
				})
				.default(counts.default),
			language: z
				.enum(LANGUAGE_VALUES, { error: VALIDATION_MESSAGES.language })
				.default(DEFAULT_LANGUAGE),
			// Sent with every language (the fields are only shown for Spanish), used for Spanish.
			variant: z
				.enum(SPANISH_VARIANTS, { error: VALIDATION_MESSAGES.variant })
				.default(DEFAULT_VARIANT),
			register: z
				.enum(REGISTERS, { error: VALIDATION_MESSAGES.register })
				.default(DEFAULT_REGISTER),
			type: z
				.enum([defaultType, ...otherTypes], { error: VALIDATION_MESSAGES.type })
				.default(defaultType),
			length: z
				.number({ error: VALIDATION_MESSAGES.length })
				.int({ error: VALIDATION_MESSAGES.length })
				.min(LENGTH_SLIDER.min, { error: VALIDATION_MESSAGES.length })
				.max(LENGTH_SLIDER.max, { error: VALIDATION_MESSAGES.length })
				.default(LENGTH_SLIDER.default),
			includeEmojis: z.boolean({ error: VALIDATION_MESSAGES.option }).default(false),
			includeHashtags: z.boolean({ error: VALIDATION_MESSAGES.option }).default(false),
			includeDate: z.boolean({ error: VALIDATION_MESSAGES.option }).default(false),
			mode: hasImageMode(page)
				? z.enum(['text', 'image'], { error: VALIDATION_MESSAGES.option }).default('text')
				: z.literal('text', { error: VALIDATION_MESSAGES.option }).default('text'),
			context: z
				.string({ error: VALIDATION_MESSAGES.option })
				.trim()
				.max(MAX_CONTEXT_LENGTH, { error: VALIDATION_MESSAGES.contextTooLong })
				.optional(),
			image: z.any().optional(),
		})
		.superRefine((value, ctx) => {
			if (value.mode !== 'image') {
				if (!value.prompt) {
					ctx.addIssue({ code: 'custom', path: ['prompt'], message: VALIDATION_MESSAGES.prompt })
				}
				return
			}
			const image: unknown = value.image
			if (!isFile(image) || image.size === 0) {
				ctx.addIssue({ code: 'custom', path: ['image'], message: VALIDATION_MESSAGES.image })
				return
			}
			if (image.size > MAX_IMAGE_BYTES) {
				ctx.addIssue({
					code: 'custom',
					path: ['image'],
					message: VALIDATION_MESSAGES.imageTooLarge,
				})
				return
			}
			if (image.type && !imageTypes.includes(image.type)) {
				ctx.addIssue({
					code: 'custom',
					path: ['image'],
					message: imageTypeMessage(page),
				})
			}
		})
		.transform(({ image, ...rest }) => ({
			...rest,
			// Text mode ignores an image left in the form, and image mode the prompt's absence.
			image: rest.mode === 'image' && isFile(image) ? image : undefined,
		}))
}
