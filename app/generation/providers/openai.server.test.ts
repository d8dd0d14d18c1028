import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import {
	openAIContentFilter,
	openAIError,
	openAIQuota,
	openAIText,
	startFakeOpenAI,
} from '../../../tests/fakes/fake-openai'
import { type FakeServer } from '../../../tests/fakes/shared'
import { GenerationError, ProviderError } from '../errors'
import { generatePhrases } from '../generate.server'
import { type Page } from '~/generator/pages'
import { type GenerationRequest } from '../types'
import { createOpenAIProvider } from './openai.server'

let server: FakeServer
let keyed: FakeServer
beforeAll(async () => {
	server = await startFakeOpenAI()
	keyed = await startFakeOpenAI({ apiKey: 'sk-test' })
})
afterAll(async () => {
	await server.close()
	await keyed.close()
})
afterEach(() => {
	server.requests.length = 0
	server.setMode('normal')
})

const request: GenerationRequest = {
	prompt: 'el lunes',
	count: 4,
	language: 'español es',
	type: '',
	length: 25,
	includeEmojis: false,
	includeHashtags: false,
	includeDate: false,
}

function run(
	page: Page = 'home',
	overrides: Partial<GenerationRequest> = {},
	options: { timeoutMs?: number; model?: string } = {},
) {
	const sleeps: number[] = []
	const promise = generatePhrases({
		page,
		request: { ...request, ...overrides },
		provider: createOpenAIProvider({
			baseUrl: `${server.url}/v1`,
			model: options.model ?? 'llama3.2',
		}),
		timeoutMs: options.timeoutMs,
		sleep: async (ms) => {
			sleeps.push(ms)
		},
	})
	return { promise, sleeps }
}

async function failure(promise: Promise<unknown>) {
	const error = await promise.catch((caught: unknown) => caught)
	expect(error).toBeInstanceOf(GenerationError)
	return error as GenerationError
}

describe('OpenAI-compatible provider', () => {
	test('normal answer, the page’s parameters, no key header when none is set', async () => {
		const result = await run().promise
		expect(result).toMatchObject({ provider: 'openai', model: 'llama3.2', offline: false })
		expect(result.phrases).toHaveLength(4)
		const sent = server.requests[0]!
		expect(sent.path).toBe('/v1/chat/completions')
		expect(sent.headers.authorization).toBeUndefined()
		expect(sent.body).toMatchObject({
			model: 'llama3.2',
			temperature: 0.8,
			top_p: 0.95,
			top_k: 50,
			max_tokens: 2048,
		})
	})

	test('the key is sent as a bearer token', async () => {
		const provider = createOpenAIProvider({
			baseUrl: `${keyed.url}/v1`,
			apiKey: 'sk-test',
			model: 'llama3.2',
		})
		expect(
			await provider.generate({
				instruction: 'exactamente 2',
				temperature: 0.8,
				topP: 0.9,
				topK: 40,
				maxOutputTokens: 100,
			}),
		).toContain('\n')
		expect(keyed.requests[0]!.headers.authorization).toBe('Bearer sk-test')
	})

	test('a wrong key is a key problem', async () => {
		const provider = createOpenAIProvider({
			baseUrl: `${keyed.url}/v1`,
			apiKey: 'wrong',
			model: 'llama3.2',
		})
		const error = await failure(
			generatePhrases({
				page: 'instagram',
				request: { ...request, type: 'instagram' },
				provider,
				sleep: async () => {},
			}),
		)
		expect(error.message).toBe(
			'Clave de API inválida. Por favor, verifica la clave API en configuración.',
		)
	})

	test('messy text is cleaned', async () => {
		server.setMode('messy')
		const result = await run().promise
		expect(result.phrases[0]).toBe('Cada amanecer trae una nueva oportunidad para brillar.')
	})

	test('too few phrases: placeholders after three attempts', async () => {
		server.setMode('short')
		const { promise, sleeps } = run('facebook', { count: 6, type: 'facebook' })
		const result = await promise
		expect(result.phrases.slice(3)).toEqual([
			'Frase para Facebook #4',
			'Frase para Facebook #5',
			'Frase para Facebook #6',
		])
		expect(sleeps).toEqual([500, 1000])
	})

	test('429 with a long Retry-After fails with the quota message', async () => {
		server.enqueue(openAIQuota(60))
		const error = await failure(run().promise)
		expect(error.kind).toBe('quota')
		expect(server.requests).toHaveLength(1)
	})

	test('429 with a short Retry-After is honoured', async () => {
		server.enqueue(openAIQuota(2))
		const { promise, sleeps } = run()
		await promise
		expect(sleeps).toEqual([2000])
	})

	test('a content filter retries with the simplified prompt', async () => {
		server.enqueue(openAIContentFilter())
		const result = await run('home', { prompt: 'tema delicado' }).promise
		expect(result.phrases).toHaveLength(4)
		const second = server.requests[1]!.body as { messages: Array<{ content: string }> }
		expect(second.messages[0]!.content).not.toContain('tema delicado')
	})

	test('503 then success', async () => {
		server.enqueue(openAIError(503, 'Service Unavailable'))
		const { promise, sleeps } = run()
		expect((await promise).phrases).toHaveLength(4)
		expect(sleeps).toEqual([500])
	})

	test('unknown model', async () => {
		const error = await failure(run('home', {}, { model: 'no-such-model' }).promise)
		expect(error.message).toContain('«no-such-model»')
	})

	test('slow answers past the timeout', async () => {
		server.enqueue(...[1, 2, 3].map(() => openAIText('Tarde.', { delayMs: 5_000 })))
		const error = await failure(run('home', {}, { timeoutMs: 100 }).promise)
		expect(error.kind).toBe('timeout')
	})

	test('images travel as a data: URL content part', async () => {
		const data = Buffer.from('GIF89a-fake')
		await run(
			'facebook',
			{
				count: 3,
				type: 'facebook',
				mode: 'image',
				prompt: '',
				image: { mimeType: 'image/gif', data },
			},
			{ model: 'llava' },
		).promise
		const body = server.requests[0]!.body as {
			messages: Array<{ content: Array<Record<string, unknown>> }>
		}
		expect(body.messages[0]!.content).toEqual([
			{ type: 'text', text: expect.stringContaining('Observa la imagen adjunta') },
			{ type: 'image_url', image_url: { url: `data:image/gif;base64,${data.toString('base64')}` } },
		])
	})
})

describe('listModels', () => {
	test('lists the ids the server offers at GET {base}/models, with the key as a bearer token', async () => {
		keyed.requests.length = 0
		const provider = createOpenAIProvider({
			baseUrl: `${keyed.url}/v1/`,
			apiKey: 'sk-test',
			model: 'llama3.2',
		})
		expect(await provider.listModels()).toEqual([
			{ id: 'llama3.2' },
			{ id: 'qwen2.5:7b' },
			{ id: 'llava' },
		])
		expect(keyed.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' })
		expect(keyed.requests[0]!.headers.authorization).toBe('Bearer sk-test')
	})

	test('a refused key is a key problem, carrying the server’s message', async () => {
		const provider = createOpenAIProvider({
			baseUrl: `${keyed.url}/v1`,
			apiKey: 'wrong',
			model: 'llama3.2',
		})
		const error = await provider.listModels().catch((caught: unknown) => caught)
		expect(error).toBeInstanceOf(ProviderError)
		expect(error).toMatchObject({
			kind: 'auth',
			status: 401,
			detail: 'Incorrect API key provided.',
		})
	})

	test('a server that is not there, or a timeout, is a typed error too', async () => {
		const gone = createOpenAIProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'x' })
		await expect(gone.listModels()).rejects.toMatchObject({ kind: 'unavailable' })
		const provider = createOpenAIProvider({ baseUrl: `${server.url}/v1`, model: 'llama3.2' })
		const timedOut = AbortSignal.abort(new DOMException('too slow', 'TimeoutError'))
		await expect(provider.listModels(timedOut)).rejects.toMatchObject({ kind: 'timeout' })
	})

	test('an answer without a model list is an empty list, not a crash', async () => {
		const other = await startFakeOpenAI({ models: [] })
		try {
			const provider = createOpenAIProvider({ baseUrl: `${other.url}/v1`, model: 'x' })
			expect(await provider.listModels()).toEqual([])
		} finally {
			await other.close()
		}
	})
})
