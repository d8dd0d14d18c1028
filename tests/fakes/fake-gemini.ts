/**
 * A fake Gemini API (generativelanguage v1beta) on loopback: generateContent and
 * ListModels, with the real error shapes. Standalone:
 *   tsx tests/fakes/fake-gemini.ts --port 4300 --mode normal --latency 0
 */
import { pathToFileURL } from 'node:url'
import {
	modeText,
	requestedLanguage,
	requestedCount,
	runCli,
	startServer,
	type FakeServer,
	type FakeServerOptions,
	type RecordedRequest,
	type ScriptedReply,
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
	return startServer((request, { mode, next }) => {
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
		const match = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(url.pathname)
		if (request.method !== 'POST' || !match) return geminiError(404, `Not found: ${url.pathname}`)
		const model = decodeURIComponent(match[1]!)
		if (!models.includes(model)) {
			return geminiError(
				404,
				`models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
			)
		}
		const instruction = instructionOf(request)
		return (
			next() ??
			geminiText(modeText(mode, requestedCount(instruction), requestedLanguage(instruction)))
		)
	}, options)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	await runCli(startFakeGemini, 'Fake Gemini')
}
