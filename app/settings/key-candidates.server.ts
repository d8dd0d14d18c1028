/**
 * Stored keys and custom model URLs as the resolver weighs them: each key a candidate
 * bound to the address it was saved for, each custom model the address its calls go to.
 */
import { openKey, unbindKey, type KeyCandidate } from './bound-key.server'

/**
 * A Gemini-style model URL as the admin pastes it:
 * `https://host[/prefix]/v1beta/models/<model>:generateContent?key=<key>`. The key part
 * may be empty (the provider's key is used). Null when the URL is not of that form.
 */
export function parseGeminiModelUrl(
	raw: string,
): { baseUrl: string; model: string; key: string } | null {
	const url = URL.parse(raw.trim())
	if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null
	if (url.username || url.password || !url.searchParams.has('key')) return null
	const match = /^(.*?)\/v1(?:beta|alpha)?\/models\/([^/:]+):(?:stream)?[gG]enerateContent$/.exec(
		url.pathname,
	)
	if (!match) return null
	return {
		baseUrl: `${url.origin}${match[1] ?? ''}`,
		model: decodeURIComponent(match[2] ?? ''),
		key: url.searchParams.get('key') ?? '',
	}
}

export type ModelRow = {
	id: string
	name: string
	provider: string
	model: string
	url: string
	apiKey: string | null
}

/**
 * Where a model entry sends its calls: a custom URL brings its own address and maybe a key,
 * bound to that address (a key stored before keys were bound is bound to it here: the URL
 * is kept beside it in the same row and never changes).
 */
export function modelTarget(row: ModelRow): { baseUrl: string | null; key: KeyCandidate | null } {
	const baseUrl = (row.url ? parseGeminiModelUrl(row.url)?.baseUrl : null) ?? null
	return { baseUrl, key: storedKey(row.apiKey, baseUrl) }
}

/**
 * A key stored in a row (a generator's, a model's) as the resolver weighs it. One stored
 * before keys were bound goes to `legacyAddress` (by default, nowhere).
 */
export function storedKey(
	stored: string | null,
	legacyAddress: string | null = null,
): KeyCandidate | null {
	const opened = stored ? openKey(stored) : null
	if (!opened?.key) return null
	return {
		value: opened.key,
		source: 'admin',
		address: opened.legacy ? legacyAddress : opened.address,
	}
}

/** An admin-saved key as the resolver weighs it; null when none is stored (or it no longer opens). */
export function adminKey(plain: string | undefined): KeyCandidate | null {
	if (!plain) return null
	const { key, address } = unbindKey(plain)
	return key ? { value: key, source: 'admin', address } : null
}

export const present = (candidates: Array<KeyCandidate | null>) =>
	candidates.filter((candidate): candidate is KeyCandidate => candidate !== null)
