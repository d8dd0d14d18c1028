/**
 * The API Key tab: what answers now and why, and the writes behind its forms. Keys are
 * read here only to be masked; the page's data carries the last 4 characters at most.
 *
 * A key is saved bound to an address (bound-key.server.ts): Gemini's to the Gemini address
 * in force when it is saved, or typed with a new address in the address form; the
 * OpenAI-compatible server's to the address of its form. Changing an address while the key
 * in use would not follow asks for a key for the new address instead of saving.
 */
import { GEMINI_DEFAULT_BASE_URL } from '~/generation/providers/gemini.server'
import { type ProviderId } from '~/generation/providers/types'
import { keyFor, bindKey, type KeyCandidate } from '~/settings/bound-key.server'
import { type Source } from '~/settings/in-force'
import { loadServiceAiConfig, type ServiceAiConfig } from '~/settings/ai-config.server'
import { maskSecret } from '~/settings/secrets.server'
import { SETTING_KEYS, writeSetting } from '~/settings/store.server'
import { getEnv } from '~/utils/env.server'
import { apiSettingsMessages as m } from './messages'

interface Shown {
	value: string
	source: Source
}

/** A key that exists but is not sent to the address in use: it belongs to another. */
interface IdleKey extends Shown {
	/** The address it belongs to; null when it was stored without one. */
	address: string | null
}

export interface ProviderView {
	chosen: { value: ProviderId; source: Source }
	/** The provider that really answers (offline when the choice is incomplete). */
	answering: ProviderId
	/** The model that answers: the chosen one's, or the offline engine's. */
	model: Shown | null
	/** What the chosen provider still needs, in Spanish; empty when it is complete. */
	missing: string[]
	gemini: { key: Shown | null; idle: IdleKey[]; baseUrl: Shown; savedBaseUrl: string | null }
	openai: { key: Shown | null; idle: IdleKey[]; baseUrl: Shown | null; model: Shown | null }
}

const masked = (secret: { value: string; source: Source } | null): Shown | null =>
	secret ? { value: maskSecret(secret.value), source: secret.source } : null

/** The keys of `keys` other than the one in use, masked, with the address each belongs to. */
const idleKeys = (keys: KeyCandidate[], inUse: KeyCandidate | null): IdleKey[] =>
	keys
		.filter((key) => key !== inUse)
		.map((key) => ({ value: maskSecret(key.value), source: key.source, address: key.address }))

const plain = (entry: { value: string; source: Source } | null): Shown | null =>
	entry ? { value: entry.value, source: entry.source } : null

export function providerView(config: ServiceAiConfig): ProviderView {
	const chosen = config.provider.value
	const missing: string[] = []
	if (chosen === 'gemini' && config.effective.provider === 'offline') {
		if (!config.gemini.apiKey) {
			missing.push(config.gemini.keys.length > 0 ? m.missingGeminiKeyHere : m.missingGeminiKey)
		} else {
			missing.push(m.missingModelKey)
		}
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
			idle: idleKeys(config.gemini.keys, config.gemini.apiKey),
			baseUrl: plain(config.gemini.baseUrl)!,
			savedBaseUrl: config.gemini.baseUrl.source === 'admin' ? config.gemini.baseUrl.value : null,
		},
		openai: {
			key: masked(config.openai.apiKey),
			idle: idleKeys(config.openai.keys, config.openai.apiKey),
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

/**
 * Saves a provider's key bound to `address` (stored encrypted by writeSetting), or with
 * null clears it.
 */
export function saveProviderKey(
	adminId: string,
	provider: 'gemini' | 'openai',
	key: { value: string; address: string | null } | null,
) {
	return writeSetting(KEY_SETTINGS[provider], key ? bindKey(key.value, key.address) : null, adminId)
}

/** 'clave-gemini': the key belongs to the Gemini address in force. */
export async function saveGeminiKey(adminId: string, key: string) {
	const config = await loadServiceAiConfig()
	await saveProviderKey(adminId, 'gemini', { value: key, address: config.gemini.baseUrl.value })
}

/**
 * Whether moving `provider` to `next` leaves the key in use behind: one is sent now, and
 * none of the keys there is bound to the new address.
 */
function leavesKeyBehind(
	config: ServiceAiConfig,
	provider: 'gemini' | 'openai',
	next: string | null,
) {
	const { apiKey, keys } = config[provider]
	return apiKey !== null && keyFor(keys, next) === null
}

export type AddressOutcome = 'saved' | 'key_required'

/**
 * The Gemini address (undefined: the environment's, or Google's) and, when typed, the key
 * for it. Without a key, an address the key in use would not follow is refused.
 */
export async function saveGeminiAddress(
	adminId: string,
	value: { baseUrl?: string; apiKey?: string },
): Promise<AddressOutcome> {
	const config = await loadServiceAiConfig()
	const next = value.baseUrl ?? getEnv().GEMINI_BASE_URL ?? GEMINI_DEFAULT_BASE_URL
	if (!value.apiKey && leavesKeyBehind(config, 'gemini', next)) return 'key_required'
	await writeSetting(SETTING_KEYS.geminiBaseUrl, value.baseUrl ?? null, adminId)
	if (value.apiKey) {
		await saveProviderKey(adminId, 'gemini', { value: value.apiKey, address: next })
	}
	return 'saved'
}

/**
 * Hands the OpenAI-compatible server's address back to the environment (OPENAI_BASE_URL).
 * A button without a key field: it is not refused, and says whether the key stayed behind.
 */
export async function resetOpenAIAddress(adminId: string) {
	const config = await loadServiceAiConfig()
	const keyStaysBehind = leavesKeyBehind(config, 'openai', getEnv().OPENAI_BASE_URL ?? null)
	await writeSetting(SETTING_KEYS.openaiBaseUrl, null, adminId)
	return { keyStaysBehind }
}

/**
 * The OpenAI-compatible server's address, and its key when one was typed. Without a key, an
 * address the key in use would not follow is refused.
 */
export async function saveOpenAIServer(
	adminId: string,
	value: { baseUrl: string; apiKey?: string },
): Promise<AddressOutcome> {
	const config = await loadServiceAiConfig()
	if (!value.apiKey && leavesKeyBehind(config, 'openai', value.baseUrl)) return 'key_required'
	await writeSetting(SETTING_KEYS.openaiBaseUrl, value.baseUrl, adminId)
	if (value.apiKey) {
		await saveProviderKey(adminId, 'openai', { value: value.apiKey, address: value.baseUrl })
	}
	return 'saved'
}
