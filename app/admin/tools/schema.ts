/**
 * The tools pages' forms: one schema each, checked in the browser (Conform) and again by
 * the action. What only the server knows (a stored key, whether a model still exists) is
 * checked in the action.
 */
import { z } from 'zod'
import {
	isApiBaseUrl,
	isToolEndpoint,
	onStep,
	PROMPT_PLACEHOLDER,
	SAMPLING_RANGES,
	TOOL_LIMITS,
} from './limits'
import { toolsMessages as m } from './messages'

const L = TOOL_LIMITS

/** An optional id from a select ('' is "the service's model"). */
const optionalId = z.string().trim().max(L.id, m.unknownModel).optional()

const optionalKey = z.string().trim().max(L.apiKey, m.keyTooLong).optional()

export const newToolSchema = z
	.object({
		name: z.string().trim().max(L.name, m.nameTooLong(L.name)).optional(),
		description: z
			.string()
			.trim()
			.max(L.description, m.descriptionTooLong(L.description))
			.optional(),
		endpoint: z
			.string()
			.trim()
			.max(L.endpoint, m.endpointTooLong(L.endpoint))
			.refine(isToolEndpoint, m.endpointInvalid)
			.optional(),
		modelId: optionalId,
		isActive: z.boolean().default(false),
	})
	.superRefine((value, context) => {
		if (!value.name || !value.description || !value.endpoint) {
			context.addIssue({ code: 'custom', path: [], message: m.fillAllFields })
		}
	})

/** The intents of a row's buttons and of the confirmation step. */
export const toolRowActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.enum(['activar', 'desactivar']),
		toolId: z.string().min(1).max(L.id),
	}),
	z.object({
		intent: z.literal('eliminar'),
		toolId: z.string().min(1).max(L.id),
		confirmado: z.literal('si').optional(),
	}),
])

const { temperature, maxTokens, topP } = SAMPLING_RANGES

export const instagramSettingsSchema = z.object({
	name: z
		.string({ error: m.nameRequired })
		.trim()
		.min(1, m.nameRequired)
		.max(L.name, m.nameTooLong(L.name)),
	description: z
		.string({ error: m.descriptionRequired })
		.trim()
		.min(1, m.descriptionRequired)
		.max(L.description, m.descriptionTooLong(L.description)),
	isActive: z.boolean().default(false),
	apiKey: optionalKey,
	modelId: optionalId,
	customPrompt: z
		.string({ error: m.templateNeedsPrompt })
		.trim()
		.max(L.template, m.templateTooLong(L.template))
		.refine((text) => text.includes(PROMPT_PLACEHOLDER), m.templateNeedsPrompt),
	includeSystemPrompt: z.boolean().default(false),
	temperature: z
		.number({ error: m.temperatureInvalid })
		.min(temperature.min, m.temperatureInvalid)
		.max(temperature.max, m.temperatureInvalid)
		.refine((value) => onStep(value, temperature.step), m.temperatureInvalid),
	maxTokens: z
		.number({ error: m.maxTokensInvalid })
		.int(m.maxTokensInvalid)
		.min(maxTokens.min, m.maxTokensInvalid)
		.max(maxTokens.max, m.maxTokensInvalid),
	topP: z
		.number({ error: m.topPInvalid })
		.min(topP.min, m.topPInvalid)
		.max(topP.max, m.topPInvalid)
		.refine((value) => onStep(value, topP.step), m.topPInvalid),
})

export type InstagramSettingsValue = z.output<typeof instagramSettingsSchema>

export const FACEBOOK_INTENTS = { save: 'guardar', test: 'probar' } as const

export const facebookSettingsSchema = z
	.object({
		intent: z.enum([FACEBOOK_INTENTS.save, FACEBOOK_INTENTS.test]).default(FACEBOOK_INTENTS.save),
		baseUrl: z
			.string()
			.trim()
			.max(L.apiUrl, m.apiUrlTooLong(L.apiUrl))
			.refine(isApiBaseUrl, m.apiUrlInvalid)
			.optional(),
		apiKey: optionalKey,
		modelId: optionalId,
	})
	.superRefine((value, context) => {
		if (value.baseUrl) return
		// A test names both missing things at once; saving points at the field.
		if (value.intent === FACEBOOK_INTENTS.test) {
			context.addIssue({ code: 'custom', path: [], message: m.testNeedsUrlAndKey })
		} else {
			context.addIssue({ code: 'custom', path: ['baseUrl'], message: m.apiUrlRequired })
		}
	})

export type FacebookSettingsValue = z.output<typeof facebookSettingsSchema>
