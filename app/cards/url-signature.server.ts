import { createHmac, timingSafeEqual } from 'node:crypto'

/*
 * Signed card image URLs. The pages write every image URL (/tarjetas/imagen.jpg,
 * /tarjetas/todas.zip, /tarjetas/fondo.jpg) with `firma`, an HMAC over the path and every
 * other parameter in the order written; the routes render nothing without a valid one, so
 * the server only draws cards its own pages asked for, not any text or seed a stranger
 * chooses.
 *
 * Only node:crypto here (no app imports): the e2e tests sign URLs with this module too.
 */

export const SIGNATURE_PARAM = 'firma'

/** Domain separation: the card-URL key is derived from, never equal to, the cookie secret. */
const KEY_CONTEXT = 'frasea card url v1'
/** 128 bits of HMAC-SHA256, base64url (22 characters). */
const SIGNATURE_BYTES = 16

const keys = new Map<string, Buffer>()

/** HMAC(secret, 'frasea card url v1'): the key that signs card URLs. */
export function cardUrlKey(secret: string): Buffer {
	let key = keys.get(secret)
	if (!key) {
		key = createHmac('sha256', secret).update(KEY_CONTEXT).digest()
		keys.set(secret, key)
	}
	return key
}

/**
 * What is signed: the path, then every parameter but the signature as name=value pairs in
 * the order they appear, each part percent-encoded so no value can imitate a separator. A
 * parameter added, removed, changed, repeated or moved gives another string.
 */
export function canonicalCardUrl(pathname: string, params: URLSearchParams): string {
	const pairs: string[] = []
	for (const [name, value] of params) {
		if (name === SIGNATURE_PARAM) continue
		pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
	}
	return `${pathname}?${pairs.join('&')}`
}

function signature(key: Buffer, pathname: string, params: URLSearchParams): Buffer {
	return createHmac('sha256', key)
		.update(canonicalCardUrl(pathname, params))
		.digest()
		.subarray(0, SIGNATURE_BYTES)
}

/** `{pathname}?{params}&firma={signature}`, signed with `secret` (the newest one). */
export function signCardPath(pathname: string, params: URLSearchParams, secret: string): string {
	const signed = new URLSearchParams(params)
	signed.delete(SIGNATURE_PARAM)
	const value = signature(cardUrlKey(secret), pathname, signed).toString('base64url')
	const query = signed.toString()
	return `${pathname}?${query ? `${query}&` : ''}${SIGNATURE_PARAM}=${value}`
}

type SignatureCheck = 'valid' | 'missing' | 'invalid'

/**
 * Checks a request URL's signature against every secret (newest first), so URLs written
 * before a secret rotation keep working while the old secret is still listed.
 */
export function checkCardUrl(url: URL, secrets: readonly string[]): SignatureCheck {
	const given = url.searchParams.getAll(SIGNATURE_PARAM)
	if (given.length === 0 || given[0] === '') return 'missing'
	if (given.length > 1) return 'invalid'
	const provided = Buffer.from(given[0] as string, 'base64url')
	// One spelling per signature: no padding, stray characters or spare bits.
	if (provided.byteLength !== SIGNATURE_BYTES || provided.toString('base64url') !== given[0]) {
		return 'invalid'
	}
	for (const secret of secrets) {
		const expected = signature(cardUrlKey(secret), url.pathname, url.searchParams)
		if (timingSafeEqual(expected, provided)) return 'valid'
	}
	return 'invalid'
}
