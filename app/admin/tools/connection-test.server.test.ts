import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
	FAKE_GEMINI_KEY,
	geminiError,
	geminiText,
	startFakeGemini,
} from '../../../tests/fakes/fake-gemini'
import { type FakeServer } from '../../../tests/fakes/shared'
import { routeAnswer } from '../../../tests/support/route-answer'
import { createSession } from '~/auth/session.server'
import { action as facebookApiAction } from '~/routes/admin.facebook-api'
import { prisma } from '~/utils/db.server'
import { testConnection, TESTS_PER_MINUTE, takeTestSlot } from './connection-test.server'
import { saveFacebookSettings } from './generator-settings.server'
import { toolsMessages as m } from './messages'

let gemini: FakeServer
/** Someone else's server on loopback, where no stored key may go. */
let listener: FakeServer
beforeAll(async () => {
	gemini = await startFakeGemini()
	listener = await startFakeGemini({ apiKey: 'clave-del-atacante' })
})
afterAll(async () => {
	await Promise.all([gemini.close(), listener.close()])
})
beforeEach(() => {
	gemini.requests.length = 0
	listener.requests.length = 0
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

describe("'Probar conexión' never takes the stored key to another address", () => {
	const STORED_KEY = 'clave-guardada-de-facebook-4321'

	/** The page's post, as a signed-in admin's browser (or an attacker with the session) sends it. */
	async function probar(cookie: string, fields: Record<string, string>) {
		const answer = await routeAnswer(
			await facebookApiAction({
				request: new Request('http://localhost/admin/facebook-api', {
					method: 'POST',
					headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
					body: new URLSearchParams({ intent: 'probar', ...fields }),
				}),
				params: {},
				context: { clientAddress: '127.0.0.1', protocol: 'http' },
			}),
		)
		const body = answer.body as {
			test: { ok: boolean; message: string } | null
			result?: { error?: Record<string, string[]> }
		}
		return { status: answer.status, test: body.test, errors: body.result?.error ?? {} }
	}

	test('an empty key tests the stored one only at its own address; elsewhere only a typed key goes', async () => {
		const admin = await prisma.profile.create({
			data: {
				name: 'Admin',
				email: 'admin-probar@frasea.test',
				role: 'admin',
				emailVerifiedAt: new Date(),
			},
		})
		const cookie = (await createSession(admin.id)).cookie.split(';')[0]!
		expect(
			await saveFacebookSettings(
				{ intent: 'guardar', baseUrl: gemini.url, apiKey: STORED_KEY },
				admin.id,
			),
		).toBe('ok')

		// The attack: the stored key, pointed at a listener.
		const attack = await probar(cookie, { baseUrl: listener.url, apiKey: '' })
		expect(listener.requests).toEqual([])
		expect(attack.status).toBe(400)
		expect(attack.test).toBeNull()
		expect(attack.errors.apiKey?.[0]).toMatch(/escribe/i)
		// The same address, written differently, is not another address.
		const sameAddress = await probar(cookie, { baseUrl: `${gemini.url}/`, apiKey: '' })
		expect(sameAddress.status).toBe(200)
		expect(gemini.requests.at(-1)?.headers['x-goog-api-key']).toBe(STORED_KEY)

		// A key typed in the form goes where the form says: that one only.
		const typed = await probar(cookie, { baseUrl: listener.url, apiKey: 'clave-del-atacante' })
		expect(typed.test).toMatchObject({ ok: true })
		expect(listener.requests.map((call) => call.headers['x-goog-api-key'])).toEqual([
			'clave-del-atacante',
		])
	})
})
