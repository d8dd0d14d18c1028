/**
 * Shared HTTP plumbing for remote providers: fetch that turns network and abort failures
 * into ProviderError, and parsing of retry hints.
 */
import { ProviderError } from '../errors'

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
		text = await response.text()
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
		const text = await response.text()
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
