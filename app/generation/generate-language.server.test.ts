/**
 * Answers in another language than the one asked for, against the fake Gemini and
 * OpenAI-compatible servers: retried with a firmer instruction within the three attempts
 * (each one a call), stray phrases dropped and refilled, and refused in Spanish when every
 * attempt comes back foreign. No foreign phrase is ever part of a result.
 */
import { afterAll, describe, expect, test } from 'vitest'
import { geminiText } from '../../tests/fakes/fake-gemini'
import { startFakeOpenAI } from '../../tests/fakes/fake-openai'
import { fakePhrases } from '../../tests/fakes/shared'
import { failure, request, startGeminiForFile } from '../../tests/support/generate'
import { generatePhrases } from './generate.server'
import { createOpenAIProvider } from './providers/openai.server'
import { createOfflineProvider } from './providers/offline.server'

const { gemini, run, sentInstruction, sentTemperatures } = await startGeminiForFile()

const REMINDER = 'IMPORTANTE: tu respuesta anterior no estaba en español.'
const REFUSAL =
	'El modelo respondió en otro idioma en lugar de en español, también al pedírselo de nuevo. Por favor, intenta otra vez; si vuelve a pasar, escribe el tema en español.'
const english = (count: number) => geminiText(fakePhrases(count, 'en').join('\n'))
const spanish = (count: number) => geminiText(fakePhrases(count, 'es').join('\n'))

/** A ceiling that counts the calls it is asked for. */
function countingCeiling() {
	const state = { asked: 0 }
	return {
		state,
		reserveCall: async () => {
			state.asked++
			return true
		},
	}
}

describe('an answer in another language', () => {
	test('every attempt in English: three calls, each reminded, then the Spanish refusal', async () => {
		gemini.setMode('english')
		const { state, reserveCall } = countingCeiling()
		const { promise, sleeps } = run('home', { variant: 'ar' }, { reserveCall })
		const error = await failure(promise)
		expect(error.kind).toBe('wrong_language')
		expect(error.message).toBe(REFUSAL)
		expect(error.toast).toBe('El modelo respondió en otro idioma. Por favor, intenta de nuevo.')
		expect(gemini.requests).toHaveLength(3)
		expect(state.asked).toBe(3)
		expect(sleeps).toEqual([500, 1000])
		expect(sentTemperatures()).toEqual([0.8, 0.6, 0.5])
		expect(sentInstruction(0)).not.toContain('IMPORTANTE')
		for (const index of [1, 2]) {
			expect(sentInstruction(index)).toContain(REMINDER)
			expect(sentInstruction(index)).toContain(
				'todas las frases en español de Argentina (rioplatense) (es)',
			)
		}
	})

	test('each failed attempt is recorded with the phrases it rejected', async () => {
		gemini.setMode('english')
		const events: Parameters<typeof generatePhrases>[0]['events'] = []
		await failure(run('instagram', { type: 'instagram', count: 5 }, { events }).promise)
		expect(events.map((event) => [event.outcome, event.errorKind, event.rejected])).toEqual([
			['wrong_language', 'wrong_language', 5],
			['wrong_language', 'wrong_language', 5],
			['wrong_language', 'wrong_language', 5],
		])
	})

	test('English first, Spanish after the reminder: the Spanish phrases only', async () => {
		gemini.enqueue(english(4), spanish(4))
		const result = await run('facebook', { type: 'facebook', count: 3 }).promise
		expect(result.phrases).toEqual(fakePhrases(3, 'es'))
		expect(result.attempts).toBe(2)
		expect(result.events.map((event) => event.outcome)).toEqual(['wrong_language', 'ok'])
		expect(sentInstruction(1)).toContain(REMINDER)
	})

	test('one stray English phrase is dropped and the batch refilled by the next call', async () => {
		const [first, second, third] = fakePhrases(3, 'es')
		gemini.enqueue(
			geminiText([first, 'Every sunrise brings a new chance to shine.', second, third].join('\n')),
			geminiText(fakePhrases(6, 'es').slice(3).join('\n')),
		)
		const result = await run('home', { count: 4 }).promise
		expect(result.phrases).toEqual(fakePhrases(4, 'es'))
		expect(result.placeholders).toBe(0)
		expect(result.events.map((event) => [event.outcome, event.rejected])).toEqual([
			['short', 1],
			['ok', undefined],
		])
		expect(sentInstruction(1)).toContain(REMINDER)
	})

	test('what every attempt brought in Spanish is kept; placeholders, never a foreign phrase, fill the rest', async () => {
		const [first, second] = fakePhrases(2, 'es')
		gemini.enqueue(
			geminiText([first, second, 'Big dreams start with small steps.'].join('\n')),
			english(4),
			english(4),
		)
		const result = await run('home', { count: 4 }).promise
		expect(result.phrases).toEqual([
			first,
			second,
			'Idea 3 sobre el lunes',
			'Idea 4 sobre el lunes',
		])
		expect(result.events.map((event) => event.outcome)).toEqual([
			'short',
			'wrong_language',
			'wrong_language',
		])
	})

	test('other languages are checked the same way', async () => {
		gemini.enqueue(spanish(4), spanish(4), spanish(4))
		const error = await failure(run('home', { language: 'italiano it' }).promise)
		expect(error.message).toContain('en lugar de en italiano')
		expect(sentInstruction(1)).toContain('Escribe absolutamente todas las frases en italiano (it)')
	})
})

describe('answers in the language asked for', () => {
	test.each(['inglés en', 'portugués pt', 'francés fr', 'italiano it'])(
		'%s: accepted at the first call',
		async (language) => {
			const result = await run('home', { language }).promise
			expect(result.attempts).toBe(1)
			expect(result.events.map((event) => event.outcome)).toEqual(['ok'])
		},
	)

	test('brands, hashtags, emoji and an English topic do not trip the check', async () => {
		gemini.enqueue(
			geminiText(
				[
					'Aprovecha el Black Friday en nuestra tienda y estrena tus nuevas sneakers 👟 #BlackFriday #Sale',
					'Este Black Friday, tu outfit favorito de Zara te espera con descuentos 🛍️ @zara',
					'No te pierdas las ofertas del Black Friday en https://tienda.example.com/ofertas',
					'Black Friday: corre por tus sneakers antes de que se agoten 🔥 #Sneakers',
				].join('\n'),
			),
		)
		const result = await run('instagram', {
			type: 'instagram',
			prompt: 'Black Friday sneakers sale',
		}).promise
		expect(result.attempts).toBe(1)
		expect(result.phrases).toHaveLength(4)
	})
})

const openai = await startFakeOpenAI({ mode: 'english' })
afterAll(() => openai.close())

describe('every provider', () => {
	test('an OpenAI-compatible server answering in English is refused the same way', async () => {
		const error = await failure(
			generatePhrases({
				page: 'home',
				request: request(),
				provider: createOpenAIProvider({ baseUrl: `${openai.url}/v1`, model: 'llama3.2' }),
				sleep: async () => {},
			}),
		)
		expect(error.kind).toBe('wrong_language')
		expect(openai.requests.filter((call) => call.method === 'POST')).toHaveLength(3)
	})

	test('the offline engine is not second-guessed: one answer, in the variant asked for', async () => {
		const result = await generatePhrases({
			page: 'home',
			request: request({ variant: 'ar', count: 6 }),
			provider: createOfflineProvider({ seed: 5 }),
			sleep: async () => {},
		})
		expect(result.attempts).toBe(1)
		expect(result.phrases).toHaveLength(6)
	})
})
