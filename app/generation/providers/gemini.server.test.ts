import { afterAll, beforeAll, expect, test } from 'vitest'
import {
	FAKE_GEMINI_KEY,
	geminiError,
	geminiQuota,
	startFakeGemini,
} from '../../../tests/fakes/fake-gemini'
import { type FakeServer } from '../../../tests/fakes/shared'
import { ProviderError } from '../errors'
import { createGeminiProvider } from './gemini.server'

let gemini: FakeServer
beforeAll(async () => {
	gemini = await startFakeGemini()
})
afterAll(() => gemini.close())

const params = {
	instruction: 'Genera exactamente 2 frases',
	temperature: 0.8,
	topP: 0.95,
	topK: 50,
	maxOutputTokens: 2048,
}

test('listModels offers the models that generate content', async () => {
	const provider = createGeminiProvider({ apiKey: FAKE_GEMINI_KEY, baseUrl: gemini.url })
	expect(await provider.listModels()).toEqual([
		{ id: 'gemini-flash-latest', displayName: 'gemini-flash-latest' },
		{ id: 'gemini-2.5-flash', displayName: 'gemini-2.5-flash' },
		{ id: 'gemini-2.5-pro', displayName: 'gemini-2.5-pro' },
	])
})

test('the key never travels in the URL', async () => {
	gemini.requests.length = 0
	await createGeminiProvider({ apiKey: FAKE_GEMINI_KEY, baseUrl: `${gemini.url}/` }).generate(
		params,
	)
	expect(gemini.requests[0]!.path).not.toContain(FAKE_GEMINI_KEY)
	expect(gemini.requests[0]!.path).toBe('/v1beta/models/gemini-flash-latest:generateContent')
})

test('a model that refuses thinkingBudget 0 is asked again without it', async () => {
	gemini.requests.length = 0
	gemini.enqueue(geminiError(400, 'Budget 0 is invalid. This model only works in thinking mode.'))
	const provider = createGeminiProvider({
		apiKey: FAKE_GEMINI_KEY,
		baseUrl: gemini.url,
		model: 'gemini-2.5-pro',
	})
	expect(await provider.generate(params)).toContain('\n')
	const configs = gemini.requests.map(
		(r) => (r.body as { generationConfig: Record<string, unknown> }).generationConfig,
	)
	expect(configs[0]!.thinkingConfig).toEqual({ thinkingBudget: 0 })
	expect(configs[1]!.thinkingConfig).toBeUndefined()
	// Remembered for the next call.
	await provider.generate(params)
	expect(
		(gemini.requests[2]!.body as { generationConfig: Record<string, unknown> }).generationConfig
			.thinkingConfig,
	).toBeUndefined()
})

test('429 carries the RetryInfo delay', async () => {
	gemini.enqueue(geminiQuota('12s'))
	const error = await createGeminiProvider({ apiKey: FAKE_GEMINI_KEY, baseUrl: gemini.url })
		.generate(params)
		.catch((caught: unknown) => caught)
	expect(error).toBeInstanceOf(ProviderError)
	expect(error).toMatchObject({ kind: 'quota', status: 429, retryAfterMs: 12_000 })
})

test('an unreachable server is unavailable', async () => {
	const error = await createGeminiProvider({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' })
		.generate(params)
		.catch((caught: unknown) => caught)
	expect(error).toMatchObject({ kind: 'unavailable' })
})

test("a provider's error that quotes the key reaches us with the key blanked out", async () => {
	const key = 'AIzaSy-una-clave-larga-1234567890'
	const quoting = await startFakeGemini({ apiKey: key })
	try {
		quoting.enqueue(geminiError(400, `API key not valid: ${key}`))
		const provider = createGeminiProvider({ apiKey: key, baseUrl: quoting.url })
		const error = await provider.generate(params).catch((caught: unknown) => caught)
		expect(error).toBeInstanceOf(ProviderError)
		expect((error as ProviderError).detail).toBe('API key not valid: [clave oculta]')
		quoting.enqueue(geminiError(403, `Key ${key.slice(0, 10)}… was refused`))
		const partial = await provider.generate(params).catch((caught: unknown) => caught)
		expect((partial as ProviderError).detail).toMatch(/^Key \[clave oculta\]/)
	} finally {
		await quoting.close()
	}
})
