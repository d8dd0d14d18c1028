/**
 * Which model answers, with which key and parameters: the one place that resolves it.
 * Admin settings (the `settings` table, the models list, the shared advanced parameters and
 * each generator's own settings) win over the environment, which wins over the built-in
 * defaults. Everything comes from the process's copy of the configuration
 * (snapshot.server.ts), which follows every change.
 *
 * Addresses and keys are resolved apart: first where a call goes, then the key for that
 * address, the first in precedence order that is bound to it (bound-key.server.ts): a
 * generator's own key, a custom model's key, the admin's, the environment's
 * (GEMINI_API_KEY belongs to GEMINI_BASE_URL or Google's address, OPENAI_API_KEY to
 * OPENAI_BASE_URL). A key is never sent to any other address, whatever the precedence.
 */
import { type Page } from '~/generator/pages'
import { GEMINI_DEFAULT_BASE_URL, GEMINI_DEFAULT_MODEL } from '~/generation/providers/gemini.server'
import {
	getTextProvider,
	providerConfigFromEnv,
	type ProviderConfig,
} from '~/generation/providers/index.server'
import { PROVIDER_IDS, type ProviderId, type TextProvider } from '~/generation/providers/types'
import { prisma } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'
import { keyFor, openKey, unbindKey, type KeyCandidate } from './bound-key.server'
import { type InForce, type Source } from './in-force'
import { configuration, modelSelect } from './snapshot.server'
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
		/** The key sent to `baseUrl`: of `keys`, the first bound to it. */
		apiKey: KeyCandidate | null
		/** Every Gemini key there is (the admin's, the environment's), each with its address. */
		keys: KeyCandidate[]
		baseUrl: InForce<string>
		/** Where the service's Gemini calls go: the custom model's address, else `baseUrl`. */
		address: string
		model: ModelInForce
	}
	openai: {
		/** The key sent to `baseUrl`: of `keys`, the first bound to it. */
		apiKey: KeyCandidate | null
		keys: KeyCandidate[]
		baseUrl: InForce<string> | null
		model: ModelInForce | null
	}
	advanced: InForce<AdvancedParams>
	/** The provider that really answers: an incomplete choice falls back to offline. */
	effective: ProviderConfig
	/** Where `effective` sends its calls (null: offline), and the key they carry. */
	effectiveAddress: string | null
	effectiveKey: KeyCandidate | null
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

/**
 * Where a model entry sends its calls: a custom URL brings its own address and maybe a key,
 * bound to that address (a key stored before keys were bound is bound to it here: the URL
 * is kept beside it in the same row and never changes).
 */
function modelTarget(row: ModelRow): { baseUrl: string | null; key: KeyCandidate | null } {
	const baseUrl = (row.url ? parseGeminiModelUrl(row.url)?.baseUrl : null) ?? null
	return { baseUrl, key: storedKey(row.apiKey, baseUrl) }
}

/**
 * A key stored in a row (a generator's, a model's) as the resolver weighs it. One stored
 * before keys were bound goes to `legacyAddress` (by default, nowhere).
 */
function storedKey(
	stored: string | null,
	legacyAddress: string | null = null,
): KeyCandidate | null {
	const opened = stored ? openKey(stored) : null
	if (!opened?.key) return null
	return {
		value: opened.key,
		source: 'admin',
		address: opened.legacy ? legacyAddress : opened.address,
	}
}

/** An admin-saved key as the resolver weighs it; null when none is stored (or it no longer opens). */
function adminKey(plain: string | undefined): KeyCandidate | null {
	if (!plain) return null
	const { key, address } = unbindKey(plain)
	return key ? { value: key, source: 'admin', address } : null
}

const present = (candidates: Array<KeyCandidate | null>) =>
	candidates.filter((candidate): candidate is KeyCandidate => candidate !== null)

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
	const geminiBase = stored[SETTING_KEYS.geminiBaseUrl]
	const geminiKeys = present([
		adminKey(stored[SETTING_KEYS.geminiApiKey]),
		env.GEMINI_API_KEY
			? {
					value: env.GEMINI_API_KEY,
					source: 'env',
					address: env.GEMINI_BASE_URL ?? GEMINI_DEFAULT_BASE_URL,
				}
			: null,
	])
	const geminiBaseUrl: InForce<string> = geminiBase
		? { value: geminiBase, source: 'admin' }
		: {
				value: env.GEMINI_BASE_URL ?? GEMINI_DEFAULT_BASE_URL,
				source: envSource('GEMINI_BASE_URL'),
			}
	const gemini: ServiceAiConfig['gemini'] = {
		apiKey: keyFor(geminiKeys, geminiBaseUrl.value),
		keys: geminiKeys,
		baseUrl: geminiBaseUrl,
		address: geminiTarget?.baseUrl ?? geminiBaseUrl.value,
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
	const openaiBase = stored[SETTING_KEYS.openaiBaseUrl]
	const openaiKeys = present([
		adminKey(stored[SETTING_KEYS.openaiApiKey]),
		// Without OPENAI_BASE_URL the environment's key belongs to no address at all.
		env.OPENAI_API_KEY
			? { value: env.OPENAI_API_KEY, source: 'env', address: env.OPENAI_BASE_URL ?? null }
			: null,
	])
	const openaiBaseUrl: InForce<string> | null = openaiBase
		? { value: openaiBase, source: 'admin' }
		: env.OPENAI_BASE_URL
			? { value: env.OPENAI_BASE_URL, source: 'env' }
			: null
	const openai: ServiceAiConfig['openai'] = {
		apiKey: openaiBaseUrl ? keyFor(openaiKeys, openaiBaseUrl.value) : null,
		keys: openaiKeys,
		baseUrl: openaiBaseUrl,
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

	const geminiKey = keyFor([geminiTarget?.key, ...geminiKeys], gemini.address)
	const effective = effectiveConfig(provider.value, {
		gemini: { apiKey: geminiKey?.value, baseUrl: gemini.address, model: gemini.model.value },
		openai: {
			apiKey: openai.apiKey?.value,
			baseUrl: openai.baseUrl?.value,
			model: openai.model?.value,
		},
	})
	const answering = effective.provider
	return {
		provider,
		gemini,
		openai,
		advanced,
		effective,
		effectiveAddress:
			answering === 'gemini'
				? gemini.address
				: answering === 'openai'
					? openai.baseUrl!.value
					: null,
		effectiveKey:
			answering === 'gemini' ? geminiKey : answering === 'openai' ? openai.apiKey : null,
	}
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

/** The key a generator's calls carry, and whose it is. */
export interface UsedKey {
	candidate: KeyCandidate
	/** The page's own key, its custom model's, or the service's. */
	owner: 'page' | 'model' | 'service'
}

/**
 * The provider configuration a generator page uses: the service's, changed by the page's
 * own settings where an admin saved some (a model from the list, a key, an API URL). Also
 * says where its calls go and which key they carry, for the page's settings screen.
 */
export async function providerConfigFor(
	page: Page,
	service?: ServiceAiConfig,
): Promise<{
	config: ProviderConfig
	service: ServiceAiConfig
	tool: ToolRow | null
	address: string | null
	key: UsedKey | null
}> {
	const [resolved, { toolSettings }] = await Promise.all([
		service ?? loadServiceAiConfig(),
		configuration(),
	])
	const tool: ToolRow | null = page === 'home' ? null : (toolSettings.get(page) ?? null)
	if (!tool) {
		const candidate = resolved.effectiveKey
		return {
			config: resolved.effective,
			service: resolved,
			tool: null,
			address: resolved.effectiveAddress,
			key: candidate ? { candidate, owner: 'service' } : null,
		}
	}

	const { kind, baseUrl, target } = generatorTarget(
		{ ...tool, hasOwnKey: Boolean(tool.apiKey) },
		resolved,
	)
	const own = storedKey(tool.apiKey)
	const serviceKeys = kind === 'openai' ? resolved.openai.keys : resolved.gemini.keys
	const picked = keyFor([own, target?.key, ...serviceKeys], baseUrl)
	const model = tool.model?.model
	const config = effectiveConfig(kind, {
		gemini: {
			apiKey: picked?.value,
			baseUrl: baseUrl ?? resolved.gemini.address,
			model: model || resolved.gemini.model.value || GEMINI_DEFAULT_MODEL,
		},
		openai: {
			apiKey: picked?.value,
			baseUrl: baseUrl ?? undefined,
			model: model || resolved.openai.model?.value,
		},
	})
	const owner = picked === own ? 'page' : picked === target?.key ? 'model' : 'service'
	return {
		config,
		service: resolved,
		tool,
		address: config.provider === 'offline' ? null : baseUrl,
		key: picked && config.provider !== 'offline' ? { candidate: picked, owner } : null,
	}
}

/**
 * Where a generator's calls go with its own settings, whatever key they would carry: its
 * own address, else its model's, else the service's; and which API that address speaks.
 */
function generatorTarget(
	tool: Pick<ToolRow, 'baseUrl' | 'model'> & { hasOwnKey: boolean },
	service: ServiceAiConfig,
): { kind: ProviderId; baseUrl: string | null; target: ReturnType<typeof modelTarget> | null } {
	// The model's provider; else the service's; a page given its own address or key while the
	// service runs offline speaks Gemini's API (the product's original provider).
	const kind: ProviderId = isProviderId(tool.model?.provider)
		? (tool.model.provider as ProviderId)
		: service.effective.provider === 'offline' && (tool.baseUrl || tool.hasOwnKey)
			? 'gemini'
			: service.effective.provider
	const target = tool.model ? modelTarget(tool.model) : null
	const baseUrl =
		kind === 'openai'
			? tool.baseUrl || service.openai.baseUrl?.value || null
			: tool.baseUrl || target?.baseUrl || service.gemini.address
	return { kind, baseUrl, target }
}

/**
 * The address a generator's own key is saved for: where its calls go with the settings it
 * is being saved with (`modelId`: the model chosen in the same form).
 */
export async function generatorAddress(settings: {
	baseUrl: string | null
	modelId: string | null
}): Promise<string | null> {
	const [service, model] = await Promise.all([
		loadServiceAiConfig(),
		settings.modelId
			? prisma.modelOption.findUnique({ where: { id: settings.modelId }, select: modelSelect })
			: null,
	])
	return generatorTarget({ baseUrl: settings.baseUrl, model, hasOwnKey: true }, service).baseUrl
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
