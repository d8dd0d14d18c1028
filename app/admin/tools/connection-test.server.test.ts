import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
	FAKE_GEMINI_KEY,
	geminiError,
	geminiText,
	startFakeGemini,
} from '../../../tests/fakes/fake-gemini'
import { type FakeServer } from '../../../tests/fakes/shared'
import { testConnection, TESTS_PER_MINUTE, takeTestSlot } from './connection-test.server'
import { toolsMessages as m } from './messages'

let gemini: FakeServer
beforeAll(async () => {
	gemini = await startFakeGemini()
})
afterAll(() => gemini.close())
beforeEach(() => {
	gemini.requests.length = 0
})

const target = (overrides: Partial<Parameters<typeof testConnection>[0]> = {}) => ({
	baseUrl: gemini.url,
	apiKey: FAKE_GEMINI_KEY,
	provider: 'gemini',
	model: 'gemini-flash-latest',
	...overrides,
})

describe('the connection test says what the API did', () => {
	test('it answered with text: success, with an excerpt; one small call with the key', async () => {
		gemini.enqueue(geminiText('ok'))
		expect(await testConnection(target())).toEqual({ ok: true, message: m.testOk, excerpt: 'ok' })
		expect(gemini.requests).toHaveLength(1)
		expect(gemini.requests[0]?.headers['x-goog-api-key']).toBe(FAKE_GEMINI_KEY)
		expect(gemini.requests[0]?.path).toBe('/v1beta/models/gemini-flash-latest:generateContent')
	})

	test('a 200 without text: answered, but not the data expected', async () => {
		gemini.enqueue({ status: 200, body: { candidates: [] } })
		expect(await testConnection(target())).toEqual({
			ok: false,
			message: 'La API respondió, pero no se recibieron datos esperados',
		})
		gemini.enqueue({ status: 200, body: 'esto no es JSON' })
		expect((await testConnection(target())).message).toBe(m.testEmpty)
	})

	test("a refusal: the API's own message (a wrong key, a missing model)", async () => {
		expect(await testConnection(target({ apiKey: 'clave-equivocada' }))).toEqual({
			ok: false,
			message: 'Error de la API: API key not valid. Please pass a valid API key.',
		})
		expect((await testConnection(target({ model: 'no-existe' }))).message).toMatch(
			/^Error de la API: models\/no-existe is not found/,
		)
	})

	test('the key never shows, even when the API repeats it', async () => {
		gemini.enqueue(geminiError(400, `Clave ${FAKE_GEMINI_KEY} rechazada`))
		const result = await testConnection(target())
		expect(result.message).toMatch(/^Error de la API: Clave .+ rechazada$/)
		expect(result.message).not.toContain(FAKE_GEMINI_KEY)
	})

	test('nothing answers, or not in time: could not connect', async () => {
		expect(await testConnection(target({ baseUrl: 'http://127.0.0.1:9' }))).toEqual({
			ok: false,
			message: 'No se pudo conectar con la API. Comprueba la URL.',
		})
		gemini.enqueue(geminiText('tarde', { delayMs: 2000 }))
		expect((await testConnection(target(), 200)).message).toBe(m.testUnreachable)
	})
})

test('an admin gets a limited number of tests a minute', async () => {
	for (let i = 0; i < TESTS_PER_MINUTE; i++) expect(await takeTestSlot('admin-1')).toBeNull()
	expect(await takeTestSlot('admin-1')).toBeGreaterThan(0)
	expect(await takeTestSlot('admin-2')).toBeNull()
})
