import { expect, test } from 'vitest'
import { getTextProvider, providerConfigFromEnv } from './index.server'

const none = {
	GEMINI_API_KEY: undefined,
	GEMINI_BASE_URL: 'https://generativelanguage.googleapis.com',
	GEMINI_MODEL: 'gemini-flash-latest',
	OPENAI_BASE_URL: undefined,
	OPENAI_API_KEY: undefined,
	OPENAI_MODEL: undefined,
}

test('nothing configured: the offline engine', () => {
	expect(providerConfigFromEnv(none)).toEqual({ provider: 'offline' })
	expect(getTextProvider({ provider: 'offline' }).id).toBe('offline')
})

test('a Gemini key wins', () => {
	const config = providerConfigFromEnv({
		...none,
		GEMINI_API_KEY: 'k',
		GEMINI_MODEL: 'gemini-2.5-flash',
		OPENAI_BASE_URL: 'http://localhost:11434/v1',
		OPENAI_MODEL: 'llama3.2',
	})
	expect(config.provider).toBe('gemini')
	const provider = getTextProvider(config)
	expect(provider).toMatchObject({ id: 'gemini', model: 'gemini-2.5-flash' })
})

test('an OpenAI-compatible server', () => {
	const config = providerConfigFromEnv({
		...none,
		OPENAI_BASE_URL: 'http://localhost:11434/v1',
		OPENAI_MODEL: 'llama3.2',
	})
	expect(getTextProvider(config)).toMatchObject({ id: 'openai', model: 'llama3.2' })
})

test('an incomplete configuration falls back to offline', () => {
	expect(getTextProvider({ provider: 'gemini' }).id).toBe('offline')
	expect(getTextProvider({ provider: 'openai', openai: { baseUrl: '', model: '' } }).id).toBe(
		'offline',
	)
})
