/**
 * Which model answers, with which key and parameters: the one place that resolves it.
 * Admin settings (the `settings` table, the models list, the shared advanced parameters and
 * each generator's own settings) win over the environment, which wins over the built-in
 * defaults. Everything comes from the process's copy of the configuration
 * (snapshot.server.ts), which follows every change.
 */
import { type Page } from '~/generator/pages'
import { GEMINI_DEFAULT_BASE_URL, GEMINI_DEFAULT_MODEL } from '~/generation/providers/gemini.server'
import {
	getTextProvider,
	providerConfigFromEnv,
	type ProviderConfig,
} from '~/generation/providers/index.server'
import { PROVIDER_IDS, type ProviderId, type TextProvider } from '~/generation/providers/types'
import { getEnv } from '~/utils/env.server'
import { type InForce, type Source } from './in-force'
import { decryptSecret } from './secrets.server'
import { configuration } from './snapshot.server'
import { readSettings, SETTING_KEYS } from './store.server'

/** The shared generation parameters (table configuracion_avanzada, the row without a user). */
export interface AdvancedParams {
	temperature: number
	topP: number
	maxTokens: number
	enhanceQuality: boolean
}

export const ADVANCED_DEFAULTS: AdvancedParams = {
	temperature: 0.7,
	topP: 0.9,
	maxTokens: 1024,
	enhanceQuality: false,
}

/** Sampling that replaces a page's built-in values (an admin saved some). */
export interface Sampling {
	temperature: number
	topP: number
	maxOutputTokens: number
}

/** An admin's instruction template: `{{prompt}}` stands for what the visitor typed. */
export interface InstructionTemplate {
	text: string
	/** Whether our own instruction (count, length, language, format) follows the template. */
	includeSystemPrompt: boolean
}

export const PROMPT_PLACEHOLDER = '{{prompt}}'

interface ModelInForce extends InForce<string> {
	/** The admin's model list entry in use, when one is. */
	optionId: string | null
	optionName: string | null
}

export interface ServiceAiConfig {
	provider: InForce<ProviderId>
	gemini: {
		apiKey: InForce<string> | null
		baseUrl: InForce<string>
		model: ModelInForce
	}
	openai: {
		apiKey: InForce<string> | null
		baseUrl: InForce<string> | null
		model: ModelInForce | null
	}
	advanced: InForce<AdvancedParams>
	/** The provider that really answers: an incomplete choice falls back to offline. */
	effective: ProviderConfig
}

const isProviderId = (value: string | undefined): value is ProviderId =>
	(PROVIDER_IDS as readonly string[]).includes(value ?? '')

/** `process.env` decides whether a value came from the environment or the schema's default. */
const envSource = (name: string): Source => (process.env[name]?.trim() ? 'env' : 'default')

/**
 * A Gemini-style model URL as the admin pastes it:
 * `https://host[/prefix]/v1beta/models/<model>:generateContent?key=<key>`. The key part
 * may be empty (the provider's key is used). Null when the URL is not of that form.
 */
export function parseGeminiModelUrl(
	raw: string,
): { baseUrl: string; model: string; key: string } | null {
	const url = URL.parse(raw.trim())
	if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null
	if (url.username || url.password || !url.searchParams.has('key')) return null
	const match = /^(.*?)\/v1(?:beta|alpha)?\/models\/([^/:]+):(?:stream)?[gG]enerateContent$/.exec(
		url.pathname,
	)
	if (!match) return null
	return {
		baseUrl: `${url.origin}${match[1] ?? ''}`,
		model: decodeURIComponent(match[2] ?? ''),
		key: url.searchParams.get('key') ?? '',
	}
}

type ModelRow = {
	id: string
	name: string
	provider: string
	model: string
	url: string
	apiKey: string | null
}

/** Where a model entry sends its calls: a custom URL brings its own base and maybe a key. */
function modelTarget(row: ModelRow) {
	const parsed = row.url ? parseGeminiModelUrl(row.url) : null
	const key = row.apiKey ? decryptSecret(row.apiKey) : null
	return { baseUrl: parsed?.baseUrl ?? null, apiKey: key || null }
}

export async function loadServiceAiConfig(): Promise<ServiceAiConfig> {
	const env = getEnv()
	const [stored, { defaultModels: defaults, advanced: advancedRow }] = await Promise.all([
		readSettings([
			SETTING_KEYS.provider,
			SETTING_KEYS.geminiApiKey,
			SETTING_KEYS.geminiBaseUrl,
			SETTING_KEYS.openaiApiKey,
			SETTING_KEYS.openaiBaseUrl,
		]),
		configuration(),
	])
	const defaultFor = (provider: ProviderId) => defaults.find((row) => row.provider === provider)

	const fromEnv = providerConfigFromEnv(env).provider
	const provider: InForce<ProviderId> = isProviderId(stored[SETTING_KEYS.provider])
		? { value: stored[SETTING_KEYS.provider] as ProviderId, source: 'admin' }
		: { value: fromEnv, source: fromEnv === 'offline' ? 'default' : 'env' }

	const geminiOption = defaultFor('gemini')
	const geminiTarget = geminiOption ? modelTarget(geminiOption) : null
	const geminiKey = stored[SETTING_KEYS.geminiApiKey]
	const geminiBase = stored[SETTING_KEYS.geminiBaseUrl]
	const gemini: ServiceAiConfig['gemini'] = {
		apiKey: geminiKey
			? { value: geminiKey, source: 'admin' }
			: env.GEMINI_API_KEY
				? { value: env.GEMINI_API_KEY, source: 'env' }
				: null,
		baseUrl: geminiBase
			? { value: geminiBase, source: 'admin' }
			: {
					value: env.GEMINI_BASE_URL ?? GEMINI_DEFAULT_BASE_URL,
					source: envSource('GEMINI_BASE_URL'),
				},
		model: geminiOption
			? {
					value: geminiOption.model,
					source: 'admin',
					optionId: geminiOption.id,
					optionName: geminiOption.name,
				}
			: {
					value: env.GEMINI_MODEL ?? GEMINI_DEFAULT_MODEL,
					source: envSource('GEMINI_MODEL'),
					optionId: null,
					optionName: null,
				},
	}

	const openaiOption = defaultFor('openai')
	const openaiKey = stored[SETTING_KEYS.openaiApiKey]
	const openaiBase = stored[SETTING_KEYS.openaiBaseUrl]
	const openai: ServiceAiConfig['openai'] = {
		apiKey: openaiKey
			? { value: openaiKey, source: 'admin' }
			: env.OPENAI_API_KEY
				? { value: env.OPENAI_API_KEY, source: 'env' }
				: null,
		baseUrl: openaiBase
			? { value: openaiBase, source: 'admin' }
			: env.OPENAI_BASE_URL
				? { value: env.OPENAI_BASE_URL, source: 'env' }
				: null,
		model: openaiOption
			? {
					value: openaiOption.model,
					source: 'admin',
					optionId: openaiOption.id,
					optionName: openaiOption.name,
				}
			: env.OPENAI_MODEL
				? { value: env.OPENAI_MODEL, source: 'env', optionId: null, optionName: null }
				: null,
	}

	const advanced: InForce<AdvancedParams> = advancedRow
		? {
				value: {
					temperature: advancedRow.temperature,
					topP: advancedRow.topP,
					maxTokens: advancedRow.maxTokens,
					enhanceQuality: advancedRow.enhanceQuality,
				},
				source: 'admin',
			}
		: { value: ADVANCED_DEFAULTS, source: 'default' }

	const effective = effectiveConfig(provider.value, {
		gemini: {
			apiKey: geminiTarget?.apiKey ?? gemini.apiKey?.value,
			baseUrl: geminiTarget?.baseUrl ?? gemini.baseUrl.value,
			model: gemini.model.value,
		},
		openai: {
			apiKey: openai.apiKey?.value,
			baseUrl: openai.baseUrl?.value,
			model: openai.model?.value,
		},
	})
	return { provider, gemini, openai, advanced, effective }
}

interface Candidates {
	gemini: { apiKey?: string; baseUrl: string; model: string }
	openai: { apiKey?: string; baseUrl?: string; model?: string }
}

/** The configuration of `provider` when it is complete, else the offline engine. */
function effectiveConfig(provider: ProviderId, candidates: Candidates): ProviderConfig {
	const { gemini, openai } = candidates
	if (provider === 'gemini' && gemini.apiKey) {
		return { provider, gemini: { ...gemini, apiKey: gemini.apiKey } }
	}
	if (provider === 'openai' && openai.baseUrl && openai.model) {
		return {
			provider,
			openai: { baseUrl: openai.baseUrl, apiKey: openai.apiKey, model: openai.model },
		}
	}
	return { provider: 'offline' }
}

/** Generator pages whose own settings page sets sampling parameters too. */
const PAGES_WITH_OWN_SAMPLING: ReadonlySet<Page> = new Set(['instagram'])

export interface GenerationSetup {
	provider: TextProvider
	/** Absent: the page's built-in sampling. */
	sampling?: Sampling
	enhanceQuality: boolean
	template?: InstructionTemplate
}

/**
 * The provider configuration a generator page uses: the service's, changed by the page's
 * own settings where an admin saved some (a model from the list, a key, an API URL).
 */
export async function providerConfigFor(
	page: Page,
	service?: ServiceAiConfig,
): Promise<{ config: ProviderConfig; service: ServiceAiConfig; tool: ToolRow | null }> {
	const [resolved, { toolSettings }] = await Promise.all([
		service ?? loadServiceAiConfig(),
		configuration(),
	])
	const tool: ToolRow | null = page === 'home' ? null : (toolSettings.get(page) ?? null)
	if (!tool) return { config: resolved.effective, service: resolved, tool: null }

	// The model's provider; else the service's; a page given its own address or key while the
	// service runs offline speaks Gemini's API (the product's original provider).
	const kind: ProviderId = isProviderId(tool.model?.provider)
		? (tool.model.provider as ProviderId)
		: resolved.effective.provider === 'offline' && (tool.baseUrl || tool.apiKey)
			? 'gemini'
			: resolved.effective.provider
	const target = tool.model ? modelTarget(tool.model) : null
	const toolKey = tool.apiKey ? decryptSecret(tool.apiKey) : null
	const pick = (...values: Array<string | null | undefined>) =>
		values.find((value): value is string => Boolean(value))
	const config = effectiveConfig(kind, {
		gemini: {
			apiKey: pick(toolKey, target?.apiKey, resolved.gemini.apiKey?.value),
			baseUrl:
				pick(tool.baseUrl, target?.baseUrl, resolved.effective.gemini?.baseUrl) ??
				resolved.gemini.baseUrl.value,
			model: pick(tool.model?.model, resolved.gemini.model.value) ?? GEMINI_DEFAULT_MODEL,
		},
		openai: {
			apiKey: pick(toolKey, target?.apiKey, resolved.openai.apiKey?.value),
			baseUrl: pick(tool.baseUrl, resolved.openai.baseUrl?.value),
			model: pick(tool.model?.model, resolved.openai.model?.value),
		},
	})
	return { config, service: resolved, tool }
}

type ToolRow = {
	apiKey: string | null
	baseUrl: string | null
	customPrompt: string | null
	temperature: number
	topP: number
	maxTokens: number
	includeSystemPrompt: boolean
	model: ModelRow | null
}

/** Everything a generation on `page` needs from configuration, in a few indexed reads. */
export async function generationSetupFor(page: Page): Promise<GenerationSetup> {
	const { config, service, tool } = await providerConfigFor(page)
	const advanced = service.advanced
	let sampling: Sampling | undefined =
		advanced.source === 'admin'
			? {
					temperature: advanced.value.temperature,
					topP: advanced.value.topP,
					maxOutputTokens: advanced.value.maxTokens,
				}
			: undefined
	if (tool && PAGES_WITH_OWN_SAMPLING.has(page)) {
		sampling = { temperature: tool.temperature, topP: tool.topP, maxOutputTokens: tool.maxTokens }
	}
	const template = tool?.customPrompt?.includes(PROMPT_PLACEHOLDER)
		? { text: tool.customPrompt, includeSystemPrompt: tool.includeSystemPrompt }
		: undefined
	return {
		provider: getTextProvider(config),
		sampling,
		enhanceQuality: advanced.value.enhanceQuality,
		template,
	}
}
