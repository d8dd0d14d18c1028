import { DEFAULT_SIZE_KEY, isSizeKey } from '~/cards/sizes'
import { DEFAULT_LANGUAGE, LENGTH_SLIDER } from '~/generation/options'
import { DEFAULT_REGISTER, DEFAULT_VARIANT } from '~/generation/spanish'
import { GENERATOR_PAGES, hasImageMode, type Page } from './pages'
import { type GeneratorValues } from './view'

/** The form of a page nobody has used yet. */
function defaultValues(page: Page): GeneratorValues {
	const config = GENERATOR_PAGES[page]
	return {
		mode: 'text',
		prompt: '',
		context: '',
		language: DEFAULT_LANGUAGE,
		variant: DEFAULT_VARIANT,
		register: DEFAULT_REGISTER,
		type: config.phraseTypes[0],
		count: config.counts.default,
		length: LENGTH_SLIDER.default,
		platform: DEFAULT_SIZE_KEY,
		includeEmojis: true,
		includeHashtags: config.hashtagsByDefault,
		includeDate: false,
	}
}

/**
 * The form's values from a stored batch's settings or a failed submission, over the
 * page's defaults (null: the defaults alone) and `base` (what a signed-in user chose
 * last). Values are shown back as sent; the schema judges them.
 */
export function formValues(
	page: Page,
	raw: Record<string, unknown> | null | undefined,
	base: Partial<GeneratorValues> = {},
): GeneratorValues {
	const values = { ...defaultValues(page), ...base }
	if (!raw) return values
	const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : undefined)
	const number = (key: string) => {
		const value = Number(raw[key])
		return Number.isFinite(value) ? value : undefined
	}
	const flag = (key: string) => raw[key] === true || raw[key] === 'on'
	return {
		mode: raw.mode === 'image' && hasImageMode(page) ? 'image' : 'text',
		prompt: text('prompt') ?? '',
		context: text('context') ?? '',
		language: text('language') ?? values.language,
		variant: text('variant') ?? values.variant,
		register: text('register') ?? values.register,
		type: text('type') ?? values.type,
		count: number('count') ?? values.count,
		length: number('length') ?? values.length,
		platform: isSizeKey(raw.platform) ? raw.platform : values.platform,
		includeEmojis: flag('includeEmojis'),
		includeHashtags: flag('includeHashtags'),
		includeDate: flag('includeDate'),
	}
}
