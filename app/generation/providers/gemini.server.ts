/**
 * Google Gemini over REST (generativelanguage v1beta). The key travels in a header, never
 * in the URL, so it cannot end up in logs.
 */
import { ProviderError, type ProviderErrorKind } from '../errors'
import {
	getJson,
	isRecord,
	parseDuration,
	parseRetryAfter,
	postEventStream,
	postJson,
	trimBase,
} from './http.server'
import { type GenerateParams, type TextProvider } from './types'

export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com'
export const GEMINI_DEFAULT_MODEL = 'gemini-flash-latest'

interface GeminiConfig {
	apiKey: string
	baseUrl?: string
	model?: string
}

/** Finish reasons that mean the answer was withheld on policy grounds. */
const BLOCKED_FINISH_REASONS = new Set([
	'SAFETY',
	'PROHIBITED_CONTENT',
	'BLOCKLIST',
	'SPII',
	'IMAGE_SAFETY',
])

/** Models that refused `thinkingBudget: 0` (they only work in thinking mode). */
const thinkingRequired = new Set<string>()

export function createGeminiProvider(config: GeminiConfig): TextProvider & {
	listModels(signal?: AbortSignal): Promise<GeminiModel[]>
} {
	const base = trimBase(config.baseUrl ?? GEMINI_DEFAULT_BASE_URL)
	const model = (config.model ?? GEMINI_DEFAULT_MODEL).replace(/^models\//, '')
	const headers = { 'x-goog-api-key': config.apiKey }

	function requestBody(params: GenerateParams, withThinkingBudget: boolean) {
		const parts: unknown[] = []
		if (params.image) {
			parts.push({
				inlineData: {
					mimeType: params.image.mimeType,
					data: params.image.data.toString('base64'),
				},
			})
		}
		parts.push({ text: params.instruction })
		const generationConfig: Record<string, unknown> = {
			temperature: params.temperature,
			topP: params.topP,
			topK: params.topK,
			maxOutputTokens: params.maxOutputTokens,
		}
		// Short phrases must not be eaten by thinking tokens.
		if (withThinkingBudget) generationConfig.thinkingConfig = { thinkingBudget: 0 }
		return { contents: [{ role: 'user', parts }], generationConfig }
	}

	/**
	 * The error of a refused call, or null when the model only refused the thinking budget
	 * (it works in thinking mode alone): the caller asks again without it.
	 */
	function refusal(
		response: { status: number; json: unknown; headers: Headers },
		withThinkingBudget: boolean,
	): ProviderError | null {
		const error = geminiError(response.status, response.json, model, response.headers)
		if (withThinkingBudget && error.status === 400 && /thinking|budget/i.test(error.detail ?? '')) {
			thinkingRequired.add(model)
			return null
		}
		return error
	}

	async function call(params: GenerateParams, withThinkingBudget: boolean): Promise<string> {
		const response = await postJson(
			`${base}/v1beta/models/${encodeURIComponent(model)}:generateContent`,
			{ headers, body: requestBody(params, withThinkingBudget), signal: params.signal, model },
		)
		if (response.status !== 200) {
			const error = refusal(response, withThinkingBudget)
			if (!error) return call(params, false)
			throw error
		}
		return readText(response.json, model)
	}

	async function* stream(
		params: GenerateParams,
		withThinkingBudget: boolean,
	): AsyncGenerator<string> {
		const response = await postEventStream(
			`${base}/v1beta/models/${encodeURIComponent(model)}:streamGenerateContent?alt=sse`,
			{ headers, body: requestBody(params, withThinkingBudget), signal: params.signal, model },
		)
		if (!response.ok) {
			const error = refusal(response, withThinkingBudget)
			if (!error) return yield* stream(params, false)
			throw error
		}
		// Each event is a GenerateContentResponse holding the next piece of the text.
		for await (const json of response.events) {
			const text = readText(json, model)
			if (text) yield text
		}
	}

	return {
		id: 'gemini',
		model,
		generate: (params) => call(params, !thinkingRequired.has(model)),
		stream: (params) => stream(params, !thinkingRequired.has(model)),
		async listModels(signal) {
			const response = await getJson(`${base}/v1beta/models?pageSize=1000`, { headers, signal })
			if (response.status !== 200) throw geminiError(response.status, response.json, model)
			const models =
				isRecord(response.json) && Array.isArray(response.json.models) ? response.json.models : []
			return models.filter(isRecord).flatMap((entry) => {
				const name = typeof entry.name === 'string' ? entry.name.replace(/^models\//, '') : ''
				const methods = Array.isArray(entry.supportedGenerationMethods)
					? entry.supportedGenerationMethods
					: []
				if (!name || !methods.includes('generateContent')) return []
				return [
					{
						id: name,
						displayName: typeof entry.displayName === 'string' ? entry.displayName : name,
					},
				]
			})
		},
	}
}

interface GeminiModel {
	id: string
	displayName: string
}

/** The text of the first candidate, or a ProviderError when it was blocked or malformed. */
export function readText(json: unknown, model: string): string {
	if (!isRecord(json)) throw new ProviderError('bad_response', { detail: 'not JSON', model })
	const feedback = json.promptFeedback
	if (isRecord(feedback) && typeof feedback.blockReason === 'string') {
		throw new ProviderError('blocked', { detail: feedback.blockReason, model })
	}
	const candidates = Array.isArray(json.candidates) ? json.candidates : []
	const first: unknown = candidates[0]
	if (!isRecord(first)) return ''
	const text =
		isRecord(first.content) && Array.isArray(first.content.parts)
			? first.content.parts
					.filter(
						(part): part is Record<string, unknown> => isRecord(part) && part.thought !== true,
					)
					.map((part) => (typeof part.text === 'string' ? part.text : ''))
					.join('')
			: ''
	const finishReason = typeof first.finishReason === 'string' ? first.finishReason : ''
	// A partial answer cut off on policy grounds is still a refusal.
	if (BLOCKED_FINISH_REASONS.has(finishReason)) {
		throw new ProviderError('blocked', { detail: finishReason, model })
	}
	return text
}

/** Maps a Gemini error answer to a ProviderError. */
export function geminiError(
	status: number,
	json: unknown,
	model: string,
	headers?: Headers,
): ProviderError {
	const error = isRecord(json) && isRecord(json.error) ? json.error : {}
	const message = typeof error.message === 'string' ? error.message : `HTTP ${status}`
	const details = Array.isArray(error.details) ? error.details.filter(isRecord) : []
	let kind: ProviderErrorKind
	let retryAfterMs: number | undefined
	if (status === 401 || status === 403) kind = 'auth'
	else if (status === 400 && /api key/i.test(message)) kind = 'auth'
	else if (status === 400 && details.some((detail) => detail.reason === 'API_KEY_INVALID'))
		kind = 'auth'
	else if (status === 404) kind = 'not_found'
	else if (status === 429) {
		kind = 'quota'
		const retryInfo = details.find((detail) =>
			String(detail['@type'] ?? '').endsWith('google.rpc.RetryInfo'),
		)
		retryAfterMs =
			parseDuration(retryInfo?.retryDelay) ?? parseRetryAfter(headers?.get('retry-after') ?? null)
	} else if (status >= 500) kind = 'unavailable'
	else kind = 'bad_response'
	return new ProviderError(kind, { status, detail: message, retryAfterMs, model })
}
