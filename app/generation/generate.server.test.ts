/**
 * The orchestrator's answers against real HTTP: a fake Gemini server on loopback.
 */
import { describe, expect, test } from 'vitest'
import { FAKE_GEMINI_KEY, geminiText } from '../../tests/fakes/fake-gemini'
import { attemptTemperature, backoffDelay, generatePhrases } from './generate.server'
import { createOfflineProvider } from './providers/offline.server'
import { request, startGeminiForFile } from '../../tests/support/generate'

const { gemini, run, sentTemperatures, sentInstruction } = await startGeminiForFile()

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
