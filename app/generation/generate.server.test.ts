/**
 * The orchestrator against real HTTP: a fake Gemini server on loopback.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import {
	FAKE_GEMINI_KEY,
	geminiBlocked,
	geminiError,
	geminiFinishBlocked,
	geminiForbidden,
	geminiQuota,
	geminiText,
	geminiUnavailable,
	startFakeGemini,
} from '../../tests/fakes/fake-gemini'
import { type FakeServer } from '../../tests/fakes/shared'
import { GenerationError, MESSAGES } from './errors'
import {
	attemptTemperature,
	backoffDelay,
	generatePhrases,
	madeBillableCall,
	type GenerationEvent,
	type GeneratePhrasesOptions,
} from './generate.server'
import { type Page } from '~/generator/pages'
import { createGeminiProvider } from './providers/gemini.server'
import { createOfflineProvider } from './providers/offline.server'
import { type GenerationRequest } from './types'

let gemini: FakeServer
beforeAll(async () => {
	gemini = await startFakeGemini()
})
afterAll(() => gemini.close())
afterEach(() => {
	gemini.requests.length = 0
	gemini.setMode('normal')
})

const now = new Date('2026-11-21T12:00:00Z')

function request(overrides: Partial<GenerationRequest> = {}): GenerationRequest {
	return {
		prompt: 'el lunes',
		count: 4,
		language: 'español es',
		type: 'motivacionales',
		length: 25,
		includeEmojis: false,
		includeHashtags: false,
		includeDate: false,
		...overrides,
	}
}

function run(
	page: Page = 'home',
	overrides: Partial<GenerationRequest> = {},
	options: Partial<GeneratePhrasesOptions> = {},
) {
	const sleeps: number[] = []
	const promise = generatePhrases({
		page,
		request: request(overrides),
		provider: createGeminiProvider({ apiKey: FAKE_GEMINI_KEY, baseUrl: gemini.url }),
		now,
		sleep: async (ms) => {
			sleeps.push(ms)
		},
		...options,
	})
	return { promise, sleeps }
}

function sentTemperatures() {
	return gemini.requests.map(
		(r) => (r.body as { generationConfig: { temperature: number } }).generationConfig.temperature,
	)
}

function sentInstruction(index: number) {
	const body = gemini.requests[index]!.body as {
		contents: Array<{ parts: Array<{ text?: string }> }>
	}
	return body.contents[0]!.parts.map((part) => part.text ?? '').join('')
}

async function failure(promise: Promise<unknown>): Promise<GenerationError> {
	try {
		await promise
	} catch (error) {
		expect(error).toBeInstanceOf(GenerationError)
		return error as GenerationError
	}
	throw new Error('expected a failure')
}

describe('retry schedule', () => {
	test.each([
		[0, 0.8, 500],
		[1, 0.6, 1000],
		[2, 0.5, 2000],
	])('attempt %i: temperature %d, then wait %i ms', (attempt, temperature, delay) => {
		expect(attemptTemperature(attempt)).toBe(temperature)
		expect(backoffDelay(attempt)).toBe(delay)
	})
})

describe('generatePhrases with Gemini', () => {
	test('normal answer: one call with the page’s parameters', async () => {
		const { promise, sleeps } = run('home')
		const result = await promise
		expect(result.phrases).toHaveLength(4)
		expect(result).toMatchObject({
			provider: 'gemini',
			model: 'gemini-flash-latest',
			offline: false,
			attempts: 1,
			placeholders: 0,
		})
		expect(result.events).toHaveLength(1)
		expect(result.events[0]).toMatchObject({ outcome: 'ok', temperature: 0.8 })
		expect(sleeps).toEqual([])
		const sent = gemini.requests[0]!
		expect(sent.path).toBe('/v1beta/models/gemini-flash-latest:generateContent')
		expect(sent.headers['x-goog-api-key']).toBe(FAKE_GEMINI_KEY)
		expect(sent.body).toMatchObject({
			contents: [{ role: 'user' }],
			generationConfig: {
				temperature: 0.8,
				topP: 0.95,
				topK: 50,
				maxOutputTokens: 2048,
				thinkingConfig: { thinkingBudget: 0 },
			},
		})
		expect(sentInstruction(0)).toContain('exactamente 4 frases motivacionales')
	})

	test('Facebook sends its own parameters', async () => {
		await run('facebook', { count: 6, type: 'facebook' }).promise
		expect(gemini.requests[0]!.body).toMatchObject({
			generationConfig: { temperature: 0.8, topP: 0.9, topK: 40, maxOutputTokens: 1024 },
		})
	})

	test('messy text is cleaned', async () => {
		gemini.setMode('messy')
		const result = await run('home', { count: 4 }).promise
		expect(result.phrases).toEqual([
			'Cada amanecer trae una nueva oportunidad para brillar.',
			'Los sueños grandes empiezan con pasos pequeños.',
			'La constancia convierte lo difícil en posible.',
			'Sonreír también es una forma de avanzar.',
		])
	})

	test('longer answers are cut to count', async () => {
		gemini.enqueue(geminiText('Uno.\nDos.\nTres.\nCuatro.\nCinco.\nSeis.'))
		expect((await run('home', { count: 3 }).promise).phrases).toEqual(['Uno.', 'Dos.', 'Tres.'])
	})

	test('thought parts are skipped', async () => {
		gemini.enqueue(geminiText('Uno.\nDos.', { thought: 'Pensando en frases...' }))
		expect((await run('home', { count: 2 }).promise).phrases).toEqual(['Uno.', 'Dos.'])
	})

	test.each([
		['home', ['Idea 3 sobre el lunes', 'Idea 4 sobre el lunes']],
		['instagram', ['Idea 3 para Instagram sobre el lunes', 'Idea 4 para Instagram sobre el lunes']],
	] as const)(
		'too few phrases on %s: three attempts, then placeholders',
		async (page, placeholders) => {
			gemini.setMode('short')
			const { promise, sleeps } = run(page, { count: 4, type: page === 'home' ? '' : 'instagram' })
			const result = await promise
			expect(result.phrases.slice(2)).toEqual(placeholders)
			expect(result.placeholders).toBe(2)
			expect(result.attempts).toBe(3)
			expect(sleeps).toEqual([500, 1000])
			expect(sentTemperatures()).toEqual([0.8, 0.6, 0.5])
			expect(result.events.map((e) => e.outcome)).toEqual(['short', 'short', 'short'])
		},
	)

	test('Facebook placeholders, with date, emojis and hashtags', async () => {
		gemini.setMode('short')
		const result = await run('facebook', {
			count: 6,
			type: 'facebook',
			includeDate: true,
			includeEmojis: true,
			includeHashtags: true,
		}).promise
		expect(result.phrases).toHaveLength(6)
		expect(result.phrases[5]).toBe(
			'Frase para Facebook #6 (sábado, 21 de noviembre de 2026) ✨ #Lunes #Facebook #Ideas',
		)
	})

	test('phrases from several attempts add up', async () => {
		gemini.enqueue(geminiText('Uno.\nDos.'), geminiText('Dos.\nTres.\nCuatro.'))
		const result = await run('home', { count: 4 }).promise
		expect(result.phrases).toEqual(['Uno.', 'Dos.', 'Tres.', 'Cuatro.'])
		expect(result.attempts).toBe(2)
	})

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

	test('image requests send the image as inlineData', async () => {
		const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
		await run('instagram', {
			type: 'instagram',
			mode: 'image',
			prompt: '',
			context: 'atardecer',
			image: { mimeType: 'image/png', data },
		}).promise
		const parts = (gemini.requests[0]!.body as { contents: Array<{ parts: unknown[] }> })
			.contents[0]!.parts
		expect(parts[0]).toEqual({
			inlineData: { mimeType: 'image/png', data: data.toString('base64') },
		})
		expect(sentInstruction(0)).toContain('Observa la imagen adjunta')
		expect(sentInstruction(0)).toContain('atardecer')
	})
})

describe('the ceiling on provider calls (reserveCall)', () => {
	/** A ceiling with `left` calls; counts how often it was asked. */
	function ceiling(left: number) {
		const state = { asked: 0, left }
		return {
			state,
			reserveCall: async () => {
				state.asked++
				if (state.left <= 0) return false
				state.left--
				return true
			},
		}
	}

	test('is asked before every call, retries included', async () => {
		gemini.enqueue(geminiUnavailable())
		const { state, reserveCall } = ceiling(10)
		const result = await run('home', {}, { reserveCall }).promise
		expect(result.phrases).toHaveLength(4)
		expect(gemini.requests).toHaveLength(2)
		expect(state.asked).toBe(2)
	})

	test('refused before the first call: no call, the global limit message', async () => {
		const { reserveCall } = ceiling(0)
		const error = await failure(run('home', {}, { reserveCall }).promise)
		expect(error.kind).toBe('global_limit')
		expect(error.message).toBe(
			'Frasea ha alcanzado el límite de generaciones de hoy para todo el servicio. Vuelve a intentarlo mañana, a partir de las 00:00 (hora de España).',
		)
		expect(gemini.requests).toHaveLength(0)
	})

	test('refused on a retry: no more calls, the phrases already made are kept', async () => {
		gemini.enqueue(geminiText('Uno.\nDos.'))
		const { state, reserveCall } = ceiling(1)
		const result = await run('home', { count: 4 }, { reserveCall }).promise
		expect(gemini.requests).toHaveLength(1)
		expect(state.asked).toBe(2)
		expect(result.phrases.slice(0, 2)).toEqual(['Uno.', 'Dos.'])
		expect(result.placeholders).toBe(2)
	})

	test('refused on a retry after a failed call: the global limit message', async () => {
		gemini.enqueue(geminiUnavailable())
		const { reserveCall } = ceiling(1)
		const error = await failure(run('home', {}, { reserveCall }).promise)
		expect(error.kind).toBe('global_limit')
		expect(gemini.requests).toHaveLength(1)
	})
})

describe('madeBillableCall', () => {
	const event = (
		outcome: GenerationEvent['outcome'],
		errorKind?: GenerationEvent['errorKind'],
	) => ({
		attempt: 0,
		temperature: 0.8,
		latencyMs: 1,
		outcome,
		errorKind,
	})

	test('no call, or only calls the provider refused before working, bill nothing', () => {
		expect(madeBillableCall([])).toBe(false)
		expect(
			madeBillableCall([
				event('error', 'auth'),
				event('error', 'quota'),
				event('error', 'not_found'),
			]),
		).toBe(false)
	})

	test.each([
		['ok', undefined],
		['short', undefined],
		['empty', 'empty_text'],
		['error', 'blocked'],
		['error', 'timeout'],
		['error', 'aborted'],
		['error', 'unavailable'],
	] as const)('a call answered %s (%s) may have been billed', (outcome, kind) => {
		expect(madeBillableCall([event('error', 'quota'), event(outcome, kind)])).toBe(true)
	})
})

describe('generatePhrases offline', () => {
	test('every page answers from the offline engine', async () => {
		for (const page of ['home', 'instagram', 'facebook'] as const) {
			const result = await generatePhrases({
				page,
				request: request({
					count: page === 'facebook' ? 12 : 10,
					type: page === 'home' ? '' : page,
				}),
				provider: createOfflineProvider({ seed: 1 }),
			})
			expect(result.offline).toBe(true)
			expect(result.phrases).toHaveLength(page === 'facebook' ? 12 : 10)
			expect(result.placeholders).toBe(0)
			expect(result.attempts).toBe(1)
		}
	})
})
