/**
 * A fake Gemini API (generativelanguage v1beta) on loopback: generateContent,
 * streamGenerateContent (`?alt=sse`) and ListModels, with the real error shapes.
 * Standalone:
 *   tsx tests/fakes/fake-gemini.ts --port 4300 --mode normal --latency 0
 * and, for streamed answers that pause after their first two lines for 6 s:
 *   tsx tests/fakes/fake-gemini.ts --port 4300 --first-lines 2 --pause-ms 6000
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

export const FAKE_GEMINI_KEY = 'fake-gemini-key'
export const FAKE_GEMINI_MODELS = ['gemini-flash-latest', 'gemini-2.5-flash', 'gemini-2.5-pro']

export interface FakeGeminiOptions extends FakeServerOptions {
	/** The key that is accepted; any other gets 400 'API key not valid'. */
	apiKey?: string
	models?: string[]
}

/** A 200 answer with `text` (optionally preceded by a thought part, as thinking models do). */
export function geminiText(
	text: string,
	options: { thought?: string; delayMs?: number } = {},
): ScriptedReply {
	const parts = options.thought ? [{ text: options.thought, thought: true }, { text }] : [{ text }]
	return {
		status: 200,
		delayMs: options.delayMs,
		body: {
			candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
			usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 80, totalTokenCount: 130 },
		},
	}
}

/** One streamed GenerateContentResponse carrying a piece of the text. */
function chunk(text: string, finishReason?: string) {
	return {
		candidates: [
			{
				content: { role: 'model', parts: [{ text }] },
				index: 0,
				...(finishReason && { finishReason }),
			},
		],
	}
}

/**
 * A streamed answer (`streamGenerateContent?alt=sse`): each piece an event, the last one
 * with finishReason STOP; `cut` drops the connection after the pieces instead (the answer
 * breaks off mid-stream).
 */
export function geminiStream(
	pieces: Array<string | TextPiece>,
	options: { cut?: boolean; finishReason?: string } = {},
): ScriptedReply {
	const all = pieces.map((piece) => (typeof piece === 'string' ? { text: piece } : piece))
	return {
		status: 200,
		body: null,
		cut: options.cut,
		events: all.map(({ text, ...timing }, index) => ({
			...timing,
			data: chunk(
				text,
				index === all.length - 1 && !options.cut ? (options.finishReason ?? 'STOP') : undefined,
			),
		})),
	}
}

/** A whole answer (geminiText and friends) as the stream of the same text would come. */
function asStream(reply: ScriptedReply, timing: StreamTiming | undefined): ScriptedReply {
	if (reply.events || reply.status !== 200) return reply
	const body = reply.body as {
		candidates?: Array<{ content?: { parts?: Array<{ text?: string; thought?: boolean }> } }>
	}
	const parts = body?.candidates?.[0]?.content?.parts
	const text = (parts ?? [])
		.filter((part) => !part.thought)
		.map((part) => part.text ?? '')
		.join('')
	// Blocked and empty answers are one event, as Gemini sends them.
	if (!text) return { ...reply, events: [{ data: reply.body }] }
	return { ...geminiStream(textPieces(text, timing)), delayMs: reply.delayMs }
}

export function geminiBlocked(reason = 'SAFETY'): ScriptedReply {
	return { status: 200, body: { promptFeedback: { blockReason: reason } } }
}

export function geminiFinishBlocked(reason = 'PROHIBITED_CONTENT'): ScriptedReply {
	return {
		status: 200,
		body: { candidates: [{ content: { role: 'model', parts: [] }, finishReason: reason }] },
	}
}

export function geminiError(
	status: number,
	message: string,
	details: unknown[] = [],
): ScriptedReply {
	const statusName: Record<number, string> = {
		400: 'INVALID_ARGUMENT',
		403: 'PERMISSION_DENIED',
		404: 'NOT_FOUND',
		429: 'RESOURCE_EXHAUSTED',
		500: 'INTERNAL',
		503: 'UNAVAILABLE',
		504: 'DEADLINE_EXCEEDED',
	}
	return {
		status,
		body: { error: { code: status, message, status: statusName[status] ?? 'UNKNOWN', details } },
	}
}

export function geminiInvalidKey(): ScriptedReply {
	return geminiError(400, 'API key not valid. Please pass a valid API key.', [
		{
			'@type': 'type.googleapis.com/google.rpc.ErrorInfo',
			reason: 'API_KEY_INVALID',
			domain: 'googleapis.com',
		},
	])
}

export function geminiQuota(retryDelay = '7s'): ScriptedReply {
	return geminiError(
		429,
		'You exceeded your current quota, please check your plan and billing details.',
		[
			{ '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [] },
			{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay },
		],
	)
}

export function geminiForbidden(): ScriptedReply {
	return geminiError(403, "Method doesn't allow unregistered callers. Please use API Key.")
}

export function geminiUnavailable(): ScriptedReply {
	return geminiError(503, 'The model is overloaded. Please try again later.')
}

function instructionOf(request: RecordedRequest): string {
	const body = request.body as { contents?: Array<{ parts?: Array<{ text?: string }> }> }
	return (body?.contents?.[0]?.parts ?? []).map((part) => part.text ?? '').join('\n')
}

export function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeServer> {
	const apiKey = options.apiKey ?? FAKE_GEMINI_KEY
	const models = options.models ?? FAKE_GEMINI_MODELS
	return startServer((request, { mode, next, streamTiming }) => {
		const url = new URL(request.path, 'http://fake')
		if (request.headers['x-goog-api-key'] !== apiKey) return geminiInvalidKey()
		if (request.method === 'GET' && url.pathname === '/v1beta/models') {
			return {
				status: 200,
				body: {
					models: models.map((id) => ({
						name: `models/${id}`,
						displayName: id,
						supportedGenerationMethods: ['generateContent', 'countTokens'],
					})),
				},
			}
		}
		const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(
			url.pathname,
		)
		if (request.method !== 'POST' || !match) return geminiError(404, `Not found: ${url.pathname}`)
		const streamed = match[2] === 'streamGenerateContent'
		if (streamed && url.searchParams.get('alt') !== 'sse') {
			return geminiError(400, 'This fake streams server-sent events only: add ?alt=sse')
		}
		const model = decodeURIComponent(match[1]!)
		if (!models.includes(model)) {
			return geminiError(
				404,
				`models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
			)
		}
		const instruction = instructionOf(request)
		const reply =
			next() ??
			geminiText(modeText(mode, requestedCount(instruction), requestedLanguage(instruction)))
		return streamed ? asStream(reply, streamTiming) : reply
	}, options)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	await runCli(startFakeGemini, 'Fake Gemini')
}
