/**
 * Which text provider answers. The one place that reads provider configuration: the
 * environment today; admin-stored settings (which win over it) plug in as `overrides`.
 */
import { getEnv } from '~/utils/env.server'
import {
	createGeminiProvider,
	GEMINI_DEFAULT_BASE_URL,
	GEMINI_DEFAULT_MODEL,
} from './gemini.server'
import { createOfflineProvider } from './offline.server'
import { createOpenAIProvider } from './openai.server'
import { type ProviderId, type TextProvider } from './types'

export interface ProviderConfig {
	provider: ProviderId
	gemini?: { apiKey: string; baseUrl: string; model: string }
	openai?: { baseUrl: string; apiKey?: string; model: string }
}

/** The provider configuration the environment describes: Gemini, else OpenAI, else offline. */
export function providerConfigFromEnv(
	env: Pick<
		ReturnType<typeof getEnv>,
		| 'GEMINI_API_KEY'
		| 'GEMINI_BASE_URL'
		| 'GEMINI_MODEL'
		| 'OPENAI_BASE_URL'
		| 'OPENAI_API_KEY'
		| 'OPENAI_MODEL'
	> = getEnv(),
): ProviderConfig {
	if (env.GEMINI_API_KEY) {
		return {
			provider: 'gemini',
			gemini: {
				apiKey: env.GEMINI_API_KEY,
				baseUrl: env.GEMINI_BASE_URL ?? GEMINI_DEFAULT_BASE_URL,
				model: env.GEMINI_MODEL ?? GEMINI_DEFAULT_MODEL,
			},
		}
	}
	if (env.OPENAI_BASE_URL && env.OPENAI_MODEL) {
		return {
			provider: 'openai',
			openai: {
				baseUrl: env.OPENAI_BASE_URL,
				apiKey: env.OPENAI_API_KEY,
				model: env.OPENAI_MODEL,
			},
		}
	}
	return { provider: 'offline' }
}

/**
 * The provider to use. `config` replaces the environment entirely (admin settings, tests);
 * an incomplete configuration falls back to the offline engine rather than failing.
 */
export function getTextProvider(config: ProviderConfig = providerConfigFromEnv()): TextProvider {
	if (config.provider === 'gemini' && config.gemini?.apiKey) {
		return createGeminiProvider(config.gemini)
	}
	if (config.provider === 'openai' && config.openai?.baseUrl && config.openai.model) {
		return createOpenAIProvider(config.openai)
	}
	return createOfflineProvider()
}
