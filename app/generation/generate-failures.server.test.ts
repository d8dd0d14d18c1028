/**
 * How the orchestrator meets the provider's failures (quota, keys, blocks, outages, empty
 * answers, deadlines), against a fake Gemini server on loopback.
 */
import { describe, expect, test } from 'vitest'
import {
	FAKE_GEMINI_KEY,
	geminiBlocked,
	geminiError,
	geminiFinishBlocked,
	geminiForbidden,
	geminiQuota,
	geminiText,
	geminiUnavailable,
} from '../../tests/fakes/fake-gemini'
import { MESSAGES } from './errors'
import { generatePhrases } from './generate.server'
import { createGeminiProvider } from './providers/gemini.server'
import { failure, request, startGeminiForFile } from '../../tests/support/generate'

const { gemini, run, sentTemperatures, sentInstruction } = await startGeminiForFile()

describe('generatePhrases with Gemini: failures', () => {
	test.each([
		[
			'home',
			'Se ha excedido el límite de cuota de la API. Por favor, intenta más tarde o cambia a otro modelo en la configuración de administrador.',
		],
		['instagram', 'Se ha excedido el límite de cuota de la API. Por favor, intenta más tarde.'],
	] as const)('429 with a long RetryInfo fails at once on %s', async (page, message) => {
		gemini.enqueue(geminiQuota('38s'))
		const { promise, sleeps } = run(page, { type: page === 'home' ? '' : 'instagram' })
		const error = await failure(promise)
		expect(error.kind).toBe('quota')
		expect(error.message).toBe(message)
		expect(gemini.requests).toHaveLength(1)
		expect(sleeps).toEqual([])
	})

	test('429 with a short RetryInfo waits that long and retries', async () => {
		gemini.enqueue(geminiQuota('1.5s'))
		const { promise, sleeps } = run('home')
		const result = await promise
		expect(result.phrases).toHaveLength(4)
		expect(sleeps).toEqual([1500])
		expect(result.events.map((e) => e.errorKind ?? e.outcome)).toEqual(['quota', 'ok'])
	})

	test('403 is a key problem, not retried', async () => {
		gemini.enqueue(geminiForbidden())
		const error = await failure(run('home').promise)
		expect(error.message).toBe(
			'Clave de API inválida. Por favor, verifica la clave API en la configuración de administrador.',
		)
		expect(gemini.requests).toHaveLength(1)
	})

	test('400 API key not valid (a wrong key)', async () => {
		const error = await failure(
			generatePhrases({
				page: 'instagram',
				request: request({ type: 'instagram' }),
				provider: createGeminiProvider({ apiKey: 'wrong', baseUrl: gemini.url }),
				sleep: async () => {},
			}),
		)
		expect(error.kind).toBe('auth')
		expect(error.message).toBe(
			'Clave de API inválida. Por favor, verifica la clave API en configuración.',
		)
	})

	test('a blocked prompt retries with the simplified prompt, then succeeds', async () => {
		gemini.enqueue(geminiBlocked())
		const result = await run('home', { prompt: 'tema delicado' }).promise
		expect(result.phrases).toHaveLength(4)
		expect(sentInstruction(0)).toContain('tema delicado')
		expect(sentInstruction(1)).not.toContain('tema delicado')
		expect(sentInstruction(1)).toContain('positivas y respetuosas')
		expect(sentTemperatures()).toEqual([0.8, 0.6])
	})

	test('blocked on every attempt: the content message', async () => {
		gemini.enqueue(
			geminiBlocked(),
			geminiFinishBlocked('SAFETY'),
			geminiFinishBlocked('PROHIBITED_CONTENT'),
		)
		const error = await failure(run('facebook', { count: 6, type: 'facebook' }).promise)
		expect(error.message).toBe(MESSAGES.blocked)
		expect(gemini.requests).toHaveLength(3)
	})

	test('503 then success', async () => {
		gemini.enqueue(geminiUnavailable())
		const { promise, sleeps } = run('home')
		expect((await promise).phrases).toHaveLength(4)
		expect(sleeps).toEqual([500])
	})

	test.each([
		['home', 'Error al llamar a la API de Gemini'],
		['facebook', 'Error al llamar a la API para generar frases de Facebook'],
	] as const)('503 on every attempt on %s', async (page, message) => {
		gemini.enqueue(
			geminiUnavailable(),
			geminiError(500, 'Internal error'),
			geminiError(504, 'Deadline exceeded'),
		)
		const error = await failure(
			run(page, { count: 6, type: page === 'home' ? '' : 'facebook' }).promise,
		)
		expect(error.message).toBe(message)
	})

	test.each([
		['home', 'No se pudo generar contenido. Por favor, intenta con un prompt diferente.'],
		['facebook', 'No se pudo generar contenido. Por favor, intenta con otro prompt.'],
	] as const)('empty text on every attempt on %s', async (page, message) => {
		gemini.setMode('empty')
		const error = await failure(
			run(page, { count: 6, type: page === 'home' ? '' : 'facebook' }).promise,
		)
		expect(error.kind).toBe('empty_text')
		expect(error.message).toBe(message)
	})

	test('an unknown model is named, not retried', async () => {
		const error = await failure(
			generatePhrases({
				page: 'home',
				request: request(),
				provider: createGeminiProvider({
					apiKey: FAKE_GEMINI_KEY,
					baseUrl: gemini.url,
					model: 'gemini-2.0-flash',
				}),
				sleep: async () => {},
			}),
		)
		expect(error.kind).toBe('not_found')
		expect(error.message).toContain('«gemini-2.0-flash»')
		expect(gemini.requests).toHaveLength(1)
	})

	test('slow answers past the timeout', async () => {
		gemini.enqueue(...[1, 2, 3].map(() => geminiText('Tarde.', { delayMs: 5_000 })))
		const started = Date.now()
		const error = await failure(run('home', {}, { timeoutMs: 100 }).promise)
		expect(error.kind).toBe('timeout')
		expect(error.message).toBe(MESSAGES.timeout)
		expect(Date.now() - started).toBeLessThan(2_000)
	})

	test('the visitor going away aborts the call', async () => {
		gemini.enqueue(geminiText('Tarde.', { delayMs: 5_000 }))
		const controller = new AbortController()
		const { promise } = run('home', {}, { signal: controller.signal })
		setTimeout(() => controller.abort(), 50)
		const error = await failure(promise)
		expect(error.kind).toBe('aborted')
		expect(gemini.requests).toHaveLength(1)
	})
})
