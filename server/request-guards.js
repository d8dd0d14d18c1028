// @ts-check
/**
 * The checks the HTTP server makes before a request reaches the app: where it comes from
 * (the client address and scheme, believing forwarded headers only from trusted proxies),
 * whether a state-changing request was sent by our own pages, and how big its body may be.
 * Pure functions of the request's parts, so they are unit-tested without a server.
 */
import { isIP } from 'node:net'

/**
 * The body cap for a request, by the only thing that lets it carry a file: its type.
 * The limits themselves are the app's (BODY_LIMITS in app/utils/form-data.server.ts).
 * @param {string | undefined} contentType
 * @param {{ form: number, multipart: number }} limits
 */
export function bodyLimit(contentType, limits) {
	return /^\s*multipart\/form-data\b/i.test(contentType ?? '') ? limits.multipart : limits.form
}

/**
 * What a request says about its client, believing `X-Forwarded-For` and
 * `X-Forwarded-Proto` only as far as `trustProxy` hops (TRUST_PROXY) reach: each proxy
 * appends what it saw to the right, so only the last `trustProxy` entries were written by
 * proxies of ours; everything to their left is whatever the client sent. With 0 the
 * headers are ignored: the socket is the client, and the scheme is the socket's.
 * @param {{ socketAddress?: string, encrypted?: boolean, forwardedFor?: string, forwardedProto?: string }} parts
 * @param {number} trustProxy
 * @returns {{ clientAddress: string, protocol: 'http' | 'https' }}
 */
export function clientOf(parts, trustProxy) {
	return {
		clientAddress: normalizeAddress(
			trustedEntry(parts.socketAddress, parts.forwardedFor, trustProxy),
		),
		protocol:
			parts.encrypted ||
			trustedEntry(undefined, parts.forwardedProto, trustProxy)?.toLowerCase() === 'https'
				? 'https'
				: 'http',
	}
}

/**
 * The entry of a comma-separated forwarded header written by the farthest trusted proxy
 * (the leftmost one when there are fewer entries than hops), or `own` when no proxy is
 * trusted or the header is missing.
 * @param {string | undefined} own
 * @param {string | undefined} header
 * @param {number} trustProxy
 */
function trustedEntry(own, header, trustProxy) {
	if (trustProxy <= 0 || !header) return own
	const entries = header.split(',').map((entry) => entry.trim())
	return entries[Math.max(0, entries.length - trustProxy)]
}

/**
 * The address limits are counted against. IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the IPv4
 * address; a plain IPv6 address is reduced to its /64 network, which a single subscriber
 * usually holds whole (counting single addresses would give them 2^64 quotas).
 * @param {string | undefined} address
 */
export function normalizeAddress(address) {
	if (!address) return 'unknown'
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
	if (mapped?.[1]) return mapped[1]
	if (isIP(address) !== 6) return address
	return `${expandIPv6(address).slice(0, 4).join(':')}::/64`
}

/** @param {string} address */
function expandIPv6(address) {
	const [head = '', tail = ''] = address.split('%')[0]?.split('::') ?? []
	const left = head ? head.split(':') : []
	const right = address.includes('::') && tail ? tail.split(':') : []
	const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
	return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
}

/**
 * Whether a state-changing request comes from one of our own pages. Browsers send
 * `Origin` on every POST; older ones may send only `Sec-Fetch-Site` or a `Referer`. A
 * request with none of them did not come from a browser page, and is refused too: the
 * site has no API for other clients. `Origin: null` (sandboxed frames, some cross-site
 * redirects) is refused.
 * @param {{ origin?: string, secFetchSite?: string, referer?: string }} headers
 * @param {string} expectedOrigin
 */
export function isSameOrigin({ origin, secFetchSite, referer }, expectedOrigin) {
	if (origin) return originOf(origin) === expectedOrigin
	if (secFetchSite) return secFetchSite === 'same-origin'
	if (referer) return originOf(referer) === expectedOrigin
	return false
}

/** @param {string} value */
function originOf(value) {
	try {
		const url = new URL(value)
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
	} catch {
		return null
	}
}

/** Methods that cannot change anything (and so need no same-origin check). */
export const SAFE_METHODS = new Set(['GET', 'HEAD'])

/**
 * The one write that comes from no page of ours: a mail client's one-click unsubscribe
 * (RFC 8058), a POST to the List-Unsubscribe link of a mail, sent with no Origin, a foreign
 * one or `null`. Exactly POST, exactly the app's unsubscribe path (`/baja`; not a data
 * request, no other spelling), passes without the same-origin check. That is safe because a
 * forged POST there can do nothing a stranger could not: the link's signed token is its only
 * credential (no cookie is read), and turning that one notification off its only effect.
 * @param {{ method: string, path: string }} request
 * @param {string} unsubscribePath
 */
export function isOneClickUnsubscribe({ method, path }, unsubscribePath) {
	return method === 'POST' && path === unsubscribePath
}
