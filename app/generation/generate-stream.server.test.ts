/**
 * Streamed generations against the fake Gemini and OpenAI-compatible servers on loopback:
 * each provider's stream parsed into text, and the orchestrator releasing phrases as their
 * lines end, through the same cleaning, language check, retries and error catalogue as a
 * whole answer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import {
	FAKE_GEMINI_KEY,
	geminiQuota,
	geminiStream,
	startFakeGemini,
} from '../../tests/fakes/fake-gemini'
import { openAIError, openAIStream, startFakeOpenAI } from '../../tests/fakes/fake-openai'
import { fakePhrases, gate, type FakeServer } from '../../tests/fakes/shared'
import { failure, now, request } from '../../tests/support/generate'
import { ProviderError } from './errors'
import {
	generatePhrases,
	madeBillableCall,
	type GenerationEvent,
	type GeneratePhrasesOptions,
} from './generate.server'
import { createGeminiProvider } from './providers/gemini.server'
import { createOpenAIProvider } from './providers/openai.server'
import { type TextProvider } from './providers/types'

let gemini: FakeServer
let openai: FakeServer
beforeAll(async () => {
	;[gemini, openai] = await Promise.all([startFakeGemini(), startFakeOpenAI()])
})
afterAll(async () => {
	await Promise.all([gemini.close(), openai.close()])
})
afterEach(() => {
	for (const fake of [gemini, openai]) {
		fake.requests.length = 0
		fake.setMode('normal')
	}
})

const params = {
	instruction: 'Genera exactamente 4 frases',
	temperature: 0.8,
	topP: 0.95,
	topK: 50,
	maxOutputTokens: 2048,
}

const providers = {
	gemini: {
		fake: () => gemini,
		create: () => createGeminiProvider({ apiKey: FAKE_GEMINI_KEY, baseUrl: gemini.url }),
		streamOf: geminiStream,
	},
	openai: {
		fake: () => openai,
		create: () => createOpenAIProvider({ baseUrl: `${openai.url}/v1`, model: 'llama3.2' }),
		streamOf: openAIStream,
	},
}

async function collect(pieces: AsyncIterable<string>) {
	const texts: string[] = []
	for await (const piece of pieces) texts.push(piece)
	return texts
}

function streamed(provider: TextProvider, options: Partial<GeneratePhrasesOptions> = {}) {
	const released: string[] = []
	const sleeps: number[] = []
	const promise = generatePhrases({
		page: 'home',
		request: request(),
		provider,
		now,
		sleep: async (ms) => {
			sleeps.push(ms)
		},
		onPhrase: (phrase) => {
			released.push(phrase)
		},
		...options,
	})
	return { promise, released, sleeps }
}

describe.each(Object.entries(providers))('%s streams', (_name, kind) => {
	test('the pieces of the text, as the server sends them', async () => {
		kind.fake().enqueue(kind.streamOf(['Hoy es ', 'tu día.\nNunca', ' te rindas.']))
		expect(await collect(kind.create().stream!(params))).toEqual([
			'Hoy es ',
			'tu día.\nNunca',
			' te rindas.',
		])
	})

	test('an error answer before the stream is the typed error of a whole answer', async () => {
		kind
			.fake()
			.enqueue(
				kind === providers.gemini ? geminiQuota('40s') : openAIError(429, 'Rate limit reached'),
			)
		const error = await collect(kind.create().stream!(params)).catch((caught: unknown) => caught)
		expect(error).toBeInstanceOf(ProviderError)
		expect((error as ProviderError).kind).toBe('quota')
	})

	test('a connection dropped mid-stream is an outage after the pieces that came', async () => {
		kind.fake().enqueue(kind.streamOf(['Hoy es tu día.\n'], { cut: true }))
		const texts: string[] = []
		const error = await (async () => {
			for await (const piece of kind.create().stream!(params)) texts.push(piece)
		})().catch((caught: unknown) => caught)
		expect(texts).toEqual(['Hoy es tu día.\n'])
		expect(error).toBeInstanceOf(ProviderError)
		expect((error as ProviderError).kind).toBe('unavailable')
	})

	test('a policy stop inside the stream is a refusal', async () => {
		kind.fake().enqueue(
			kind.streamOf(['Hoy es tu día.\n'], {
				finishReason: kind === providers.gemini ? 'SAFETY' : 'content_filter',
			}),
		)
		const error = await collect(kind.create().stream!(params)).catch((caught: unknown) => caught)
		expect((error as ProviderError).kind).toBe('blocked')
	})

	test('the orchestrator releases each phrase once its line has ended, before the model finishes', async () => {
		const rest = gate()
		const [first, second, ...others] = fakePhrases(4)
		kind
			.fake()
			.enqueue(
				kind.streamOf([
					'¡Claro! Aquí tienes 4 frases:\n',
					`1. ${first}\n2. "${second}"\n3. `,
					{ text: `${others[0]}\n4. ${others[1]}`, waitFor: rest.opened },
				]),
			)
		const run = streamed(kind.create())
		await expect.poll(() => run.released).toEqual([first, second])
		rest.open()
		const result = await run.promise
		expect(run.released).toEqual(fakePhrases(4))
		expect(result.phrases).toEqual(fakePhrases(4))
		expect(result.placeholders).toBe(0)
	})

	test('a break mid-stream keeps what was released; the retry adds only new phrases', async () => {
		const phrases = fakePhrases(4)
		kind.fake().enqueue(kind.streamOf([`${phrases[0]}\n${phrases[1]}\nA medias`], { cut: true }))
		kind.fake().enqueue(kind.streamOf([phrases.join('\n')]))
		const notices: string[] = []
		const run = streamed(kind.create(), { onRetry: (error) => notices.push(error.message) })
		const result = await run.promise
		expect(run.released).toEqual(phrases)
		expect(result.phrases).toEqual(phrases)
		// The half line of the broken answer is never released.
		expect(run.released.join(' ')).not.toContain('A medias')
		expect(notices).toHaveLength(1)
		expect(run.sleeps).toHaveLength(1)
	})

	test('once the batch is full the stream is no longer read', async () => {
		const never = gate()
		kind
			.fake()
			.enqueue(
				kind.streamOf([
					fakePhrases(4).join('\n') + '\n',
					{ text: 'Una quinta frase de más.\n', waitFor: never.opened },
				]),
			)
		const result = await streamed(kind.create()).promise
		expect(result.phrases).toEqual(fakePhrases(4))
	})

	test('an answer in another language releases nothing and fails with the Spanish message', async () => {
		const english = fakePhrases(4, 'en').join('\n')
		for (let attempt = 0; attempt < 3; attempt++) kind.fake().enqueue(kind.streamOf([english]))
		const run = streamed(kind.create())
		const error = await failure(run.promise)
		expect(error.kind).toBe('wrong_language')
		expect(run.released).toEqual([])
	})

	test('a phrase we fail to keep ends the generation with our own error: the provider is not blamed nor called again', async () => {
		const phrases = fakePhrases(4)
		kind.fake().enqueue(kind.streamOf([phrases.join('\n')]))
		const busy = new Error('SQLITE_BUSY: database is locked')
		const kept: string[] = []
		const events: GenerationEvent[] = []
		let calls = 0
		const notices: string[] = []
		const run = streamed(kind.create(), {
			events,
			reserveCall: async () => {
				calls++
				return true
			},
			onRetry: (error) => notices.push(error.message),
			// The third phrase cannot be stored; the first two were.
			onPhrase: (phrase) => {
				if (kept.length === 2) throw busy
				kept.push(phrase)
			},
		})
		// The caller gets its own failure back, untouched, not a provider error.
		await expect(run.promise).rejects.toBe(busy)
		expect(kept).toEqual(phrases.slice(0, 2))
		// One call, never retried: no second call billed or counted against the ceiling.
		expect(kind.fake().requests).toHaveLength(1)
		expect(calls).toBe(1)
		expect(notices).toEqual([])
		expect(run.sleeps).toEqual([])
		// The call is recorded as the answer it was, with no error against the model, and it
		// was billed.
		expect(events).toHaveLength(1)
		expect(events[0]).toMatchObject({ attempt: 0, outcome: 'short' })
		expect(events[0]?.errorKind).toBeUndefined()
		expect(madeBillableCall(events)).toBe(true)
	})

	test('the visitor leaving aborts the provider call', async () => {
		const never = gate()
		kind
			.fake()
			.enqueue(kind.streamOf([`${fakePhrases(1)[0]}\n`, { text: 'más', waitFor: never.opened }]))
		const controller = new AbortController()
		const run = streamed(kind.create(), { signal: controller.signal })
		await expect.poll(() => run.released).toHaveLength(1)
		controller.abort()
		const error = await failure(run.promise)
		expect(error.kind).toBe('aborted')
	})
})
