/**
 * Shared HTTP plumbing for remote providers: fetch that turns network and abort failures
 * into ProviderError, and parsing of retry hints. What a provider answers is read with the
 * caller's credentials blanked out: some APIs quote the key they refused in their error
 * message, and those messages reach logs and the admin's screen.
 */
import { createSseParser } from '~/utils/sse'
import { ProviderError } from '../errors'

/**
 * A streamed answer larger than this is not a few phrases: the call fails rather than let
 * a misbehaving server fill the memory (the largest token budget is a few kilobytes).
 */
const MAX_STREAM_BYTES = 1024 * 1024

/** The credential values among request headers (`x-goog-api-key`, `Bearer …`). */
function credentials(headers: Record<string, string>): string[] {
	return Object.entries(headers).flatMap(([name, value]) => {
		const lower = name.toLowerCase()
		if (lower === 'authorization') {
			const token = value.replace(/^Bearer\s+/i, '').trim()
			return token ? [token] : []
		}
		return lower.includes('key') && value ? [value] : []
	})
}

/** `text` with every credential (and any 8+ character piece of one) replaced. */
export function redactCredentials(text: string, headers: Record<string, string>): string {
	let redacted = text
	for (const secret of credentials(headers)) {
		redacted = redacted.replaceAll(secret, '[clave oculta]')
		// A message may quote only part of it ('sk-abc…wxyz'): blank long fragments too.
		if (secret.length >= 16) {
			for (const piece of [secret.slice(0, 8), secret.slice(-8)]) {
				redacted = redacted.replaceAll(piece, '[clave oculta]')
			}
		}
	}
	return redacted
}

export async function postJson(
	url: string,
	init: { headers: Record<string, string>; body: unknown; signal?: AbortSignal; model: string },
): Promise<{ status: number; json: unknown; text: string; headers: Headers }> {
	let response: Response
	try {
		response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...init.headers },
			body: JSON.stringify(init.body),
			signal: init.signal,
		})
	} catch (error) {
		throw networkError(error, init.signal, init.model)
	}
	const { json, text } = await readBody(response, init)
	return { status: response.status, json, text, headers: response.headers }
}

/** A whole answer's text, credentials blanked out, and its JSON (undefined when it is none). */
async function readBody(
	response: Response,
	init: { headers: Record<string, string>; signal?: AbortSignal; model: string },
) {
	let text: string
	try {
		text = redactCredentials(await response.text(), init.headers)
	} catch (error) {
		throw networkError(error, init.signal, init.model)
	}
	let json: unknown = undefined
	try {
		json = text ? JSON.parse(text) : undefined
	} catch {
		// Left undefined: callers decide whether a non-JSON body is an error.
	}
	return { json, text }
}

/**
 * A POST whose successful answer is a stream of server-sent events (Gemini's
 * `streamGenerateContent?alt=sse`, OpenAI's `stream: true`). Any other status is read whole
 * as JSON, like postJson, for the caller's error mapping; a 200 yields each event's data
 * parsed as JSON, until the stream ends or sends `[DONE]`.
 */
export async function postEventStream(
	url: string,
	init: { headers: Record<string, string>; body: unknown; signal?: AbortSignal; model: string },
): Promise<
	| { ok: true; events: AsyncGenerator<unknown> }
	| { ok: false; status: number; json: unknown; headers: Headers }
> {
	let response: Response
	try {
		response = await fetch(url, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				accept: 'text/event-stream',
				...init.headers,
			},
			body: JSON.stringify(init.body),
			signal: init.signal,
		})
	} catch (error) {
		throw networkError(error, init.signal, init.model)
	}
	if (response.status !== 200 || !response.body) {
		const { json } = await readBody(response, init)
		return { ok: false, status: response.status, json, headers: response.headers }
	}
	return { ok: true, events: readEvents(response.body, init) }
}

async function* readEvents(
	body: ReadableStream<Uint8Array>,
	init: { signal?: AbortSignal; model: string },
): AsyncGenerator<unknown> {
	const reader = body.getReader()
	const decoder = new TextDecoder()
	const parser = createSseParser()
	let bytes = 0
	try {
		for (;;) {
			let chunk: ReadableStreamReadResult<Uint8Array>
			try {
				chunk = await reader.read()
			} catch (error) {
				throw networkError(error, init.signal, init.model)
			}
			const events = chunk.done
				? parser.end()
				: parser.push(decoder.decode(chunk.value, { stream: true }))
			for (const event of events) {
				if (event.data === '[DONE]') return
				let json: unknown
				try {
					json = JSON.parse(event.data)
				} catch {
					throw new ProviderError('bad_response', {
						detail: 'an event that is not JSON',
						model: init.model,
					})
				}
				yield json
			}
			if (chunk.done) return
			bytes += chunk.value.byteLength
			if (bytes > MAX_STREAM_BYTES) {
				throw new ProviderError('bad_response', {
					detail: 'a streamed answer over 1 MB',
					model: init.model,
				})
			}
		}
	} finally {
		// Stopped early (enough phrases, an error, the visitor left): close the connection.
		reader.cancel().catch(() => {})
	}
}

export async function getJson(
	url: string,
	init: { headers: Record<string, string>; signal?: AbortSignal },
): Promise<{ status: number; json: unknown }> {
	let response: Response
	try {
		response = await fetch(url, { headers: init.headers, signal: init.signal })
		const text = redactCredentials(await response.text(), init.headers)
		let json: unknown
		try {
			json = text ? JSON.parse(text) : undefined
		} catch {
			json = undefined
		}
		return { status: response.status, json }
	} catch (error) {
		throw networkError(error, init.signal, '')
	}
}

function networkError(error: unknown, signal: AbortSignal | undefined, model: string) {
	if (signal?.aborted) {
		const reason: unknown = signal.reason
		const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError'
		return new ProviderError(timedOut ? 'timeout' : 'aborted', { cause: error, model })
	}
	return new ProviderError('unavailable', {
		detail: error instanceof Error ? error.message : String(error),
		cause: error,
		model,
	})
}

/** '12s', '1.5s' or '500ms' (protobuf Duration JSON) in milliseconds. */
export function parseDuration(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined
	const match = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(value.trim())
	if (!match) return undefined
	const amount = Number(match[1])
	return Math.round(match[2] === 'ms' ? amount : amount * 1000)
}

/** Retry-After in seconds or as an HTTP date, in milliseconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
	if (!value) return undefined
	if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
	const date = Date.parse(value)
	return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Base URL without a trailing slash. */
export function trimBase(url: string): string {
	return url.replace(/\/+$/, '')
}
