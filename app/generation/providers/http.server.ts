/**
 * Shared HTTP plumbing for remote providers: fetch that turns network and abort failures
 * into ProviderError, and parsing of retry hints. What a provider answers is read with the
 * caller's credentials blanked out: some APIs quote the key they refused in their error
 * message, and those messages reach logs and the admin's screen.
 */
import { ProviderError } from '../errors'

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
	return { status: response.status, json, text, headers: response.headers }
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
