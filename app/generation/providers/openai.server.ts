/**
 * Any OpenAI-compatible chat completions server: OpenAI, Ollama, llama.cpp, vLLM,
 * LM Studio. The key is optional because local servers rarely need one.
 */
import { ProviderError, type ProviderErrorKind } from '../errors'
import {
	getJson,
	isRecord,
	parseRetryAfter,
	postEventStream,
	postJson,
	trimBase,
} from './http.server'
import { type GenerateParams, type TextProvider } from './types'

interface OpenAIConfig {
	/** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 */
	baseUrl: string
	apiKey?: string
	model: string
}

/** A model the server offers (GET /models): its id is what `model` takes. */
export interface OpenAIModel {
	id: string
}

export function createOpenAIProvider(config: OpenAIConfig): TextProvider & {
	listModels(signal?: AbortSignal): Promise<OpenAIModel[]>
} {
	const base = trimBase(config.baseUrl)
	const model = config.model
	const headers: Record<string, string> = config.apiKey
		? { authorization: `Bearer ${config.apiKey}` }
		: {}

	function requestBody(params: GenerateParams) {
		const content = params.image
			? [
					{ type: 'text', text: params.instruction },
					{
						type: 'image_url',
						image_url: {
							url: `data:${params.image.mimeType};base64,${params.image.data.toString('base64')}`,
						},
					},
				]
			: params.instruction
		return {
			model,
			messages: [{ role: 'user', content }],
			temperature: params.temperature,
			top_p: params.topP,
			// Not part of OpenAI's API, but llama.cpp, vLLM and Ollama read it.
			top_k: params.topK,
			max_tokens: params.maxOutputTokens,
		}
	}

	return {
		id: 'openai',
		model,
		async generate(params) {
			const response = await postJson(`${base}/chat/completions`, {
				headers,
				body: requestBody(params),
				signal: params.signal,
				model,
			})
			if (response.status !== 200) {
				throw openAIError(response.status, response.json, model, response.headers)
			}
			return readText(response.json, model)
		},
		async *stream(params) {
			const response = await postEventStream(`${base}/chat/completions`, {
				headers,
				body: { ...requestBody(params), stream: true },
				signal: params.signal,
				model,
			})
			if (!response.ok) {
				throw openAIError(response.status, response.json, model, response.headers)
			}
			for await (const json of response.events) {
				const text = readDelta(json, model)
				if (text) yield text
			}
		},
		// GET {base}/models lists what the server can run ({ data: [{ id }] }); Ollama, vLLM
		// and LM Studio answer it as OpenAI does. Failures are the same typed errors as above.
		async listModels(signal) {
			const response = await getJson(`${base}/models`, { headers, signal })
			if (response.status !== 200) throw openAIError(response.status, response.json, model)
			const entries =
				isRecord(response.json) && Array.isArray(response.json.data) ? response.json.data : []
			const ids = entries
				.filter(isRecord)
				.map((entry) => (typeof entry.id === 'string' ? entry.id.trim() : ''))
				.filter(Boolean)
			return [...new Set(ids)].map((id) => ({ id }))
		},
	}
}

export function readText(json: unknown, model: string): string {
	if (!isRecord(json) || !Array.isArray(json.choices)) {
		throw new ProviderError('bad_response', { detail: 'no choices', model })
	}
	const first: unknown = json.choices[0]
	if (!isRecord(first)) return ''
	if (first.finish_reason === 'content_filter') {
		throw new ProviderError('blocked', { detail: 'content_filter', model })
	}
	const message = isRecord(first.message) ? first.message : {}
	if (typeof message.refusal === 'string' && message.refusal) {
		throw new ProviderError('blocked', { detail: message.refusal, model })
	}
	const content = message.content
	if (typeof content === 'string') return content
	if (Array.isArray(content)) {
		return content
			.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
			.join('')
	}
	return ''
}

/**
 * The text of one streamed chunk (`choices[0].delta.content`); a refusal, a content filter
 * or an error sent inside the stream is a ProviderError, as in a whole answer.
 */
export function readDelta(json: unknown, model: string): string {
	if (!isRecord(json)) throw new ProviderError('bad_response', { detail: 'not JSON', model })
	// Some servers report a failure after the 200 as an event of its own.
	if (json.error !== undefined) throw openAIError(502, json, model)
	const first: unknown = Array.isArray(json.choices) ? json.choices[0] : undefined
	if (!isRecord(first)) return ''
	if (first.finish_reason === 'content_filter') {
		throw new ProviderError('blocked', { detail: 'content_filter', model })
	}
	const delta = isRecord(first.delta) ? first.delta : {}
	if (typeof delta.refusal === 'string' && delta.refusal) {
		throw new ProviderError('blocked', { detail: delta.refusal, model })
	}
	return typeof delta.content === 'string' ? delta.content : ''
}

export function openAIError(
	status: number,
	json: unknown,
	model: string,
	headers?: Headers,
): ProviderError {
	const error = isRecord(json) && isRecord(json.error) ? json.error : {}
	const message =
		typeof error.message === 'string'
			? error.message
			: typeof json === 'object' && isRecord(json) && typeof json.error === 'string'
				? json.error
				: `HTTP ${status}`
	const code = typeof error.code === 'string' ? error.code : ''
	let kind: ProviderErrorKind
	if (status === 401 || status === 403 || code === 'invalid_api_key') kind = 'auth'
	else if (status === 404) kind = 'not_found'
	else if (status === 429) kind = 'quota'
	else if (status >= 500) kind = 'unavailable'
	else if (code === 'content_filter' || code === 'content_policy_violation') kind = 'blocked'
	else kind = 'bad_response'
	return new ProviderError(kind, {
		status,
		detail: message,
		retryAfterMs: status === 429 ? parseRetryAfter(headers?.get('retry-after') ?? null) : undefined,
		model,
	})
}
