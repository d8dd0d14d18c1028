/**
 * A provider key belongs to the address it was saved for, and is sent nowhere else: whoever
 * can change an address (any admin, or a stolen admin session) must not be able to make the
 * app deliver a stored key to a server of their choosing. Another address needs a key
 * typed for it.
 *
 * The address is stored inside the encrypted value (secrets.server.ts), so it cannot be
 * changed without the encryption key either: a database writer cannot re-point a key.
 * Values saved before keys were bound hold the bare key ("legacy"); they are bound once, at
 * start, to the address in force then (legacy-keys.server.ts), and until then go nowhere.
 */
import { type Source } from './in-force'
import { decryptSecret, encryptSecret } from './secrets.server'

/** A key and the only address it may be sent to (null: none). */
export interface BoundKey {
	key: string
	address: string | null
	/** Saved before keys were bound: it carries no address of its own. */
	legacy: boolean
}

/** A key the resolver may pick, with where it comes from. */
export interface KeyCandidate {
	value: string
	source: Source
	/** The only address it may be sent to; null: none. */
	address: string | null
}

const ENVELOPE = 'frasea.boundKey.v1'

/**
 * The comparable form of an API address: scheme, host and port as URL writes them (host in
 * lower case, the default port dropped), then the path without trailing slashes. Null for
 * anything that is not a plain http(s) address.
 */
export function comparableAddress(url: string | null | undefined): string | null {
	const parsed = url ? URL.parse(url.trim()) : null
	if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return null
	if (parsed.username || parsed.password || !parsed.host) return null
	return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`
}

/** Whether two addresses are the same server and path (never true when either is unusable). */
export function sameAddress(a: string | null | undefined, b: string | null | undefined) {
	const left = comparableAddress(a)
	return left !== null && left === comparableAddress(b)
}

/**
 * The first candidate (in precedence order) bound to `address`: the only key that may go
 * there. Null when none is: the call goes without a key, or not at all.
 */
export function keyFor<T extends { address: string | null }>(
	candidates: ReadonlyArray<T | null | undefined>,
	address: string | null | undefined,
): T | null {
	return (
		candidates.find((candidate) => candidate && sameAddress(candidate.address, address)) ?? null
	)
}

/** The plain text that is encrypted for `key` bound to `address`. */
export function bindKey(key: string, address: string | null): string {
	return JSON.stringify({ [ENVELOPE]: true, address: comparableAddress(address), key })
}

/** A decrypted value: a bound key, or a legacy bare key (bound to nothing). */
export function unbindKey(plain: string): BoundKey {
	if (plain.startsWith(`{"${ENVELOPE}":`)) {
		try {
			const parsed = JSON.parse(plain) as { address?: unknown; key?: unknown }
			if (typeof parsed.key === 'string') {
				const address = typeof parsed.address === 'string' ? parsed.address : null
				return { key: parsed.key, address, legacy: false }
			}
		} catch {
			// Not an envelope after all: a key that happens to look like one.
		}
	}
	return { key: plain, address: null, legacy: true }
}

/** What to store for `key` bound to `address` (null: to none): encrypted, address included. */
export function sealKey(key: string, address: string | null): string {
	return encryptSecret(bindKey(key, address))
}

/** A stored key, or null when it no longer opens (SECRETS_KEY changed, value altered). */
export function openKey(stored: string): BoundKey | null {
	const plain = decryptSecret(stored)
	return plain === null ? null : unbindKey(plain)
}
