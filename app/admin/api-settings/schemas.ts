/**
 * The forms of Configuración API: one schema each, used by Conform in the browser and by
 * the action on the server. Checks that need the server (a custom URL's exact shape,
 * duplicates) run in the action after these.
 */
import { z } from 'zod'
import { MAX_PROMPT_LENGTH } from '~/generation/options'
import { apiSettingsMessages as m } from './messages'

export const TABS = ['clave', 'modelos', 'prueba', 'avanzada'] as const
export type TabId = (typeof TABS)[number]

export function tabFrom(value: string | null): TabId {
	return TABS.find((tab) => tab === value) ?? 'clave'
}

export const API_SETTINGS_PATH = '/admin/api-settings'
export const tabHref = (tab: TabId) => `${API_SETTINGS_PATH}?tab=${tab}`

/** A provider's model id as its API names it (gemini-2.5-pro, llama3.2, qwen2.5:7b, org/model). */
export const MODEL_ID_PATTERN = /^[\w.:/-]{1,128}$/

export const NAME_MAX_LENGTH = 100
const KEY_MAX_LENGTH = 500
const URL_MAX_LENGTH = 2000

// Copies of limits.server.ts's bounds (a server module the browser cannot import); a test
// keeps them equal.
export const LIMIT_NAMES = ['anon', 'user', 'ip', 'global'] as const
export const LIMIT_BOUNDS = {
	minimum: { anon: 1, user: 1, ip: 1, global: 0 },
	maximum: 1_000_000,
} as const

/** The sliders of the advanced parameters: their ranges are the server's too. */
export const ADVANCED_RANGES = {
	temperature: { min: 0, max: 1, step: 0.1 },
	topP: { min: 0, max: 1, step: 0.1 },
	maxTokens: { min: 256, max: 2048, step: 128 },
} as const

function isHttpUrl(value: string) {
	const url = URL.parse(value)
	return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && !!url.host
}

const httpUrl = z
	.string()
	.trim()
	.max(URL_MAX_LENGTH, m.urlTooLong)
	.refine(isHttpUrl, m.urlInvalid)
	// The providers add their own paths: a trailing slash would double one.
	.transform((value) => value.replace(/\/+$/, ''))

export const providerSchema = z.object({
	provider: z.enum(['gemini', 'openai', 'offline'], { error: m.badForm }),
})

/** The key is required here: clearing one is 'Restablecer clave'. */
export const geminiKeySchema = z.object({
	apiKey: z
		.string({ error: m.keyEmpty })
		.trim()
		.min(1, m.keyEmpty)
		.max(KEY_MAX_LENGTH, m.keyTooLong),
})

/** A key typed with an address: empty keeps the key in force, when it is bound to that address. */
const addressKey = z.string().trim().max(KEY_MAX_LENGTH, m.keyTooLong).optional()

/** Empty address: the environment's, or Google's. */
export const geminiAddressSchema = z.object({ baseUrl: httpUrl.optional(), apiKey: addressKey })

export const openaiSchema = z.object({
	baseUrl: z.string({ error: m.urlRequired }).pipe(httpUrl),
	apiKey: addressKey,
})

export const resetKeySchema = z.object({
	provider: z.enum(['gemini', 'openai'], { error: m.badForm }),
})

const required = z.string({ error: m.fillAll }).trim().min(1, m.fillAll)

/** The browser can tell an empty field or a missing '?key='; the action checks the rest. */
export const customModelSchema = z.object({
	name: required.max(NAME_MAX_LENGTH, m.nameTooLong),
	url: required
		.max(URL_MAX_LENGTH, m.urlTooLong)
		.refine((value) => value.includes('?key='), m.urlNeedsKey),
})

export const listedModelSchema = z.object({
	provider: z.enum(['gemini', 'openai'], { error: m.badForm }),
	model: z.string({ error: m.modelIdInvalid }).trim().regex(MODEL_ID_PATTERN, m.modelIdInvalid),
	name: z.string().trim().max(NAME_MAX_LENGTH, m.nameTooLong).optional(),
})

export const modelRowSchema = z.object({
	modelId: z.string({ error: m.badForm }).min(1, m.badForm).max(100, m.badForm),
	confirmado: z.literal('si').optional(),
})

export const testSchema = z.object({
	prompt: z
		.string({ error: m.promptEmpty })
		.trim()
		.min(1, m.promptEmpty)
		.max(MAX_PROMPT_LENGTH, m.promptTooLong(MAX_PROMPT_LENGTH)),
})

/** A number in `range`, on its steps (0.1 steps compared in tenths, free of float noise). */
function stepped(range: { min: number; max: number; step: number }) {
	const message = m.rangeError(range.min, range.max, range.step)
	return z
		.number({ error: message })
		.min(range.min, message)
		.max(range.max, message)
		.refine((value) => {
			const steps = (value - range.min) / range.step
			return Math.abs(steps - Math.round(steps)) < 1e-6
		}, message)
		.transform((value) => Math.round(value * 10) / 10)
}

export const advancedSchema = z.object({
	temperature: stepped(ADVANCED_RANGES.temperature),
	topP: stepped(ADVANCED_RANGES.topP),
	maxTokens: stepped(ADVANCED_RANGES.maxTokens),
	enhanceQuality: z.boolean({ error: m.badForm }).default(false),
})

function limit(minimum: number) {
	const message = m.limitRange(minimum, LIMIT_BOUNDS.maximum)
	// Empty (undefined): use the environment's value.
	return z
		.number({ error: message })
		.int(message)
		.min(minimum, message)
		.max(LIMIT_BOUNDS.maximum, message)
		.optional()
}

export const limitsSchema = z.object({
	anon: limit(LIMIT_BOUNDS.minimum.anon),
	user: limit(LIMIT_BOUNDS.minimum.user),
	ip: limit(LIMIT_BOUNDS.minimum.ip),
	global: limit(LIMIT_BOUNDS.minimum.global),
})

export type AdvancedValues = z.output<typeof advancedSchema>
export type LimitValues = z.output<typeof limitsSchema>
