/**
 * The API Key tab: what answers now and why, and the writes behind its forms. Keys are
 * read here only to be masked; the page's data carries the last 4 characters at most.
 */
import { type ProviderId } from '~/generation/providers/types'
import { type Source } from '~/settings/in-force'
import { loadServiceAiConfig, type ServiceAiConfig } from '~/settings/ai-config.server'
import { maskSecret } from '~/settings/secrets.server'
import { SETTING_KEYS, writeSetting } from '~/settings/store.server'
import { apiSettingsMessages as m } from './messages'

interface Shown {
	value: string
	source: Source
}

export interface ProviderView {
	chosen: { value: ProviderId; source: Source }
	/** The provider that really answers (offline when the choice is incomplete). */
	answering: ProviderId
	/** The model that answers: the chosen one's, or the offline engine's. */
	model: Shown | null
	/** What the chosen provider still needs, in Spanish; empty when it is complete. */
	missing: string[]
	gemini: { key: Shown | null; baseUrl: Shown; savedBaseUrl: string | null }
	openai: { key: Shown | null; baseUrl: Shown | null; model: Shown | null }
}

const masked = (secret: { value: string; source: Source } | null): Shown | null =>
	secret ? { value: maskSecret(secret.value), source: secret.source } : null

const plain = (entry: { value: string; source: Source } | null): Shown | null =>
	entry ? { value: entry.value, source: entry.source } : null

export function providerView(config: ServiceAiConfig): ProviderView {
	const chosen = config.provider.value
	const missing: string[] = []
	if (chosen === 'gemini' && !config.gemini.apiKey && config.effective.provider === 'offline') {
		missing.push(m.missingGeminiKey)
	}
	if (chosen === 'openai') {
		if (!config.openai.baseUrl) missing.push(m.missingOpenAIBase)
		if (!config.openai.model) missing.push(m.missingOpenAIModel)
	}
	const answering = config.effective.provider
	const model =
		answering === 'gemini'
			? plain(config.gemini.model)
			: answering === 'openai'
				? plain(config.openai.model)
				: null
	return {
		chosen: { value: chosen, source: config.provider.source },
		answering,
		model,
		missing,
		gemini: {
			key: masked(config.gemini.apiKey),
			baseUrl: plain(config.gemini.baseUrl)!,
			savedBaseUrl: config.gemini.baseUrl.source === 'admin' ? config.gemini.baseUrl.value : null,
		},
		openai: {
			key: masked(config.openai.apiKey),
			baseUrl: plain(config.openai.baseUrl),
			model: plain(config.openai.model),
		},
	}
}

export async function loadProviderView() {
	return providerView(await loadServiceAiConfig())
}

/** null: back to the environment's choice. */
export function saveProvider(adminId: string, provider: ProviderId | null) {
	return writeSetting(SETTING_KEYS.provider, provider, adminId)
}

const KEY_SETTINGS = {
	gemini: SETTING_KEYS.geminiApiKey,
	openai: SETTING_KEYS.openaiApiKey,
} as const

/** Saves (or, with null, clears) a provider's key; stored encrypted by writeSetting. */
export function saveProviderKey(
	adminId: string,
	provider: 'gemini' | 'openai',
	key: string | null,
) {
	return writeSetting(KEY_SETTINGS[provider], key, adminId)
}

/** An empty address (undefined) clears the admin's: the environment's or Google's applies. */
export function saveGeminiAddress(adminId: string, baseUrl: string | undefined) {
	return writeSetting(SETTING_KEYS.geminiBaseUrl, baseUrl ?? null, adminId)
}

/** Hands the OpenAI-compatible server's address back to the environment (OPENAI_BASE_URL). */
export function resetOpenAIAddress(adminId: string) {
	return writeSetting(SETTING_KEYS.openaiBaseUrl, null, adminId)
}

/** The OpenAI-compatible server's address, and its key when one was typed. */
export async function saveOpenAIServer(
	adminId: string,
	value: { baseUrl: string; apiKey?: string },
) {
	await writeSetting(SETTING_KEYS.openaiBaseUrl, value.baseUrl, adminId)
	if (value.apiKey) await writeSetting(SETTING_KEYS.openaiApiKey, value.apiKey, adminId)
}
