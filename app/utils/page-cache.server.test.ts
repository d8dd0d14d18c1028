import { randomBytes } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { beforeEach, describe, expect, test } from 'vitest'
import {
	cachedPage,
	clearPageCache,
	isCacheablePage,
	pageBody,
	pageKey,
	storePage,
} from './page-cache.server'

const nonce = () => randomBytes(16).toString('base64')
const get = (headers: Record<string, string> = {}, path = '/') =>
	new Request(`http://x${path}`, { headers })

// A document like the home page: the nonce several times, long runs between them, text
// beyond ASCII.
function documentWith(value: string) {
	const filler = 'Frases para redes sociales: ¡ñandú, acción y corazón! 🌊 '.repeat(1500)
	return `<!DOCTYPE html><html><head><script nonce="${value}">a()</script></head><body>${filler}<script nonce="${value}">b()</script>${filler}<script nonce="${value}" type="module"></script></body></html>`
}

beforeEach(() => clearPageCache())

describe('a cached page', () => {
	test('is served with each request’s own nonce, gzipped as one valid stream, or plain', () => {
		const first = nonce()
		const page = storePage('k', documentWith(first), first)
		for (const next of [nonce(), nonce(), first]) {
			const gzipped = pageBody(page, next, get({ 'accept-encoding': 'gzip, deflate, br' }))
			expect(gzipped.encoding).toBe('gzip')
			// gunzip checks the checksum and the length of the whole.
			expect(gunzipSync(gzipped.body).toString()).toBe(documentWith(next))
			expect(gzipped.body.length).toBeLessThan(documentWith(next).length / 20)

			const plain = pageBody(page, next, get())
			expect(plain.encoding).toBeNull()
			expect(plain.body.toString()).toBe(documentWith(next))
		}
	})

	test('gzip only when the client takes it', () => {
		const value = nonce()
		const page = storePage('k', documentWith(value), value)
		expect(pageBody(page, value, get({ 'accept-encoding': 'br' })).encoding).toBeNull()
		expect(pageBody(page, value, get({ 'accept-encoding': 'gzip;q=0, br' })).encoding).toBeNull()
		expect(pageBody(page, value, get({ 'accept-encoding': 'GZIP;q=0.5' })).encoding).toBe('gzip')
		expect(pageBody(page, value, get({ 'accept-encoding': '*' })).encoding).toBe('gzip')
	})

	test('keys follow everything the page is rendered from; the cache keeps a few pages', () => {
		expect(pageKey(['v1', { remaining: 3 }, null])).not.toBe(
			pageKey(['v1', { remaining: 2 }, null]),
		)
		expect(pageKey(['v1', { remaining: 3 }, null])).toBe(pageKey(['v1', { remaining: 3 }, null]))
		// Data JSON would flatten (two different Maps both as {}) is never cached.
		expect(pageKey(['v1', { seen: new Map([['a', 1]]) }])).toBeNull()
		expect(pageKey(['v1', { count: 1n }])).toBeNull()
		for (let index = 0; index < 40; index++) storePage(`k${index}`, `<p>${index}</p>`, 'n')
		expect(cachedPage('k0')).toBeUndefined()
		expect(cachedPage('k39')).toBeDefined()
	})
})

describe('only the anonymous home page is cached', () => {
	const ok = new Headers()
	test('/ without a query or any cookie, answered 200 without setting one', () => {
		expect(isCacheablePage(get(), 200, ok)).toBe(true)
		expect(isCacheablePage(get({ cookie: 'fr_theme=dark' }), 200, ok)).toBe(false)
		expect(isCacheablePage(get({}, '/?lote=abc'), 200, ok)).toBe(false)
		expect(isCacheablePage(get({}, '/instagram'), 200, ok)).toBe(false)
		expect(isCacheablePage(get(), 404, ok)).toBe(false)
		expect(isCacheablePage(get(), 200, new Headers({ 'set-cookie': 'a=b' }))).toBe(false)
		expect(isCacheablePage(new Request('http://x/', { method: 'POST' }), 200, ok)).toBe(false)
	})
})
