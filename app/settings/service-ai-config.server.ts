/**
 * The service's own configuration: which provider, address, key, model and advanced
 * parameters are in force, each with where it came from (admin, environment, default), and
 * the provider that really answers once an incomplete choice falls back to offline.
 */
import { GEMINI_DEFAULT_BASE_URL, GEMINI_DEFAULT_MODEL } from '~/generation/providers/gemini.server'
import { providerConfigFromEnv, type ProviderConfig } from '~/generation/providers/index.server'
import { PROVIDER_IDS, type ProviderId } from '~/generation/providers/types'
import { getEnv } from '~/utils/env.server'
import { keyFor, type KeyCandidate } from './bound-key.server'
import { ADVANCED_DEFAULTS, type AdvancedParams } from './generation-params'
import { type InForce, type Source } from './in-force'
import { adminKey, modelTarget, present } from './key-candidates.server'
import { configuration } from './snapshot.server'
import { readSettings, SETTING_KEYS } from './store.server'

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

export const isProviderId = (value: string | undefined): value is ProviderId =>
	(PROVIDER_IDS as readonly string[]).includes(value ?? '')

/** `process.env` decides whether a value came from the environment or the schema's default. */
const envSource = (name: string): Source => (process.env[name]?.trim() ? 'env' : 'default')

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
export function effectiveConfig(provider: ProviderId, candidates: Candidates): ProviderConfig {
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
