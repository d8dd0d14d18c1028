/**
 * A fake OpenAI-compatible server (as Ollama, llama.cpp or vLLM expose) on loopback:
 * /v1/chat/completions (whole, or streamed with `stream: true`) and /v1/models. Standalone
 * (`--first-lines 2 --pause-ms 6000` paces streamed answers):
 *   tsx tests/fakes/fake-openai.ts --port 4301 --mode normal --latency 0
 * Point OPENAI_BASE_URL at `${url}/v1`.
 */
import { pathToFileURL } from 'node:url'
import {
	modeText,
	requestedLanguage,
	requestedCount,
	runCli,
	startServer,
	textPieces,
	type FakeServer,
	type FakeServerOptions,
	type RecordedRequest,
	type ScriptedReply,
	type StreamTiming,
	type TextPiece,
} from './shared'

export const FAKE_OPENAI_MODELS = ['llama3.2', 'qwen2.5:7b', 'llava']

export interface FakeOpenAIOptions extends FakeServerOptions {
	/** When set, requests need 'Authorization: Bearer <apiKey>'. */
	apiKey?: string
	models?: string[]
}

export function openAIText(
	text: string,
	options: { delayMs?: number; finishReason?: string } = {},
): ScriptedReply {
	return {
		status: 200,
		delayMs: options.delayMs,
		body: {
			id: 'chatcmpl-fake',
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model: 'fake',
			choices: [
				{
					index: 0,
					message: { role: 'assistant', content: text },
					finish_reason: options.finishReason ?? 'stop',
				},
			],
		},
	}
}

function chunk(delta: Record<string, string>, finishReason: string | null = null) {
	return {
		id: 'chatcmpl-fake',
		object: 'chat.completion.chunk',
		created: Math.floor(Date.now() / 1000),
		model: 'fake',
		choices: [{ index: 0, delta, finish_reason: finishReason }],
	}
}

/**
 * A streamed answer (`stream: true`): a first chunk with the role, one per piece, a last
 * one with the finish reason, then `[DONE]`; `cut` drops the connection after the pieces.
 */
export function openAIStream(
	pieces: Array<string | TextPiece>,
	options: { cut?: boolean; finishReason?: string } = {},
): ScriptedReply {
	const content = pieces.map((piece) => (typeof piece === 'string' ? { text: piece } : piece))
	return {
		status: 200,
		body: null,
		cut: options.cut,
		events: [
			{ data: chunk({ role: 'assistant' }) },
			...content.map(({ text, ...timing }) => ({ ...timing, data: chunk({ content: text }) })),
			...(options.cut
				? []
				: [{ data: chunk({}, options.finishReason ?? 'stop') }, { data: '[DONE]' }]),
		],
	}
}

/** A whole answer (openAIText and friends) as the stream of the same text would come. */
function asStream(reply: ScriptedReply, timing: StreamTiming | undefined): ScriptedReply {
	if (reply.events || reply.status !== 200) return reply
	const first = (
		reply.body as { choices?: Array<{ message?: { content?: string }; finish_reason?: string }> }
	)?.choices?.[0]
	const text = first?.message?.content ?? ''
	return {
		...openAIStream(text ? textPieces(text, timing) : [], {
			finishReason: first?.finish_reason ?? 'stop',
		}),
		delayMs: reply.delayMs,
	}
}

export function openAIError(
	status: number,
	message: string,
	extra: { type?: string; code?: string; headers?: Record<string, string> } = {},
): ScriptedReply {
	return {
		status,
		headers: extra.headers,
		body: {
			error: { message, type: extra.type ?? 'invalid_request_error', code: extra.code ?? null },
		},
	}
}

export function openAIQuota(retryAfterSeconds = 7): ScriptedReply {
	return openAIError(429, 'Rate limit reached. Please try again later.', {
		type: 'rate_limit_error',
		code: 'rate_limit_exceeded',
		headers: { 'retry-after': String(retryAfterSeconds) },
	})
}

export function openAIInvalidKey(): ScriptedReply {
	return openAIError(401, 'Incorrect API key provided.', { code: 'invalid_api_key' })
}

export function openAIContentFilter(): ScriptedReply {
	return openAIText('', { finishReason: 'content_filter' })
}

function instructionOf(request: RecordedRequest): string {
	const body = request.body as {
		messages?: Array<{ content?: string | Array<{ type: string; text?: string }> }>
	}
	const content = body?.messages?.[0]?.content
	if (typeof content === 'string') return content
	return (content ?? []).map((part) => part.text ?? '').join('\n')
}

export function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeServer> {
	const models = options.models ?? FAKE_OPENAI_MODELS
	return startServer((request, { mode, next, streamTiming }) => {
		const url = new URL(request.path, 'http://fake')
		if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
			return openAIInvalidKey()
		}
		if (request.method === 'GET' && url.pathname === '/v1/models') {
			return {
				status: 200,
				body: {
					object: 'list',
					data: models.map((id) => ({ id, object: 'model', owned_by: 'fake' })),
				},
			}
		}
		if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
			return openAIError(404, `Unknown path ${url.pathname}`)
		}
		const model = (request.body as { model?: string })?.model ?? ''
		if (!models.includes(model)) {
			return openAIError(404, `model '${model}' not found`, {
				type: 'not_found_error',
				code: 'model_not_found',
			})
		}
		const instruction = instructionOf(request)
		const reply =
			next() ??
			openAIText(modeText(mode, requestedCount(instruction), requestedLanguage(instruction)))
		return (request.body as { stream?: boolean })?.stream === true
			? asStream(reply, streamTiming)
			: reply
	}, options)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	await runCli(startFakeOpenAI, 'Fake OpenAI-compatible server')
}
