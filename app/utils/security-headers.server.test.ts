import { describe, expect, test } from 'vitest'
import { applySecurityHeaders } from './security-headers.server'

describe('Referrer-Policy', () => {
	test('the default when the route set none, or a laxer one', () => {
		for (const current of [null, 'unsafe-url', 'origin', 'no-referrer-when-downgrade', 'bogus']) {
			const headers = new Headers(current ? { 'Referrer-Policy': current } : {})
			applySecurityHeaders(headers)
			expect(headers.get('Referrer-Policy'), String(current)).toBe(
				'strict-origin-when-cross-origin',
			)
		}
	})

	test('a stricter policy set by the route is kept (e.g. no-referrer on token pages)', () => {
		for (const current of [
			'no-referrer',
			'same-origin',
			'strict-origin',
			'unsafe-url, no-referrer',
		]) {
			const headers = new Headers({ 'Referrer-Policy': current })
			applySecurityHeaders(headers)
			expect(headers.get('Referrer-Policy')).toBe(current)
		}
	})
})

describe('Content-Security-Policy and the ad slot', () => {
	const ADS_ORIGINS = [
		'https://pagead2.googlesyndication.com',
		'https://googleads.g.doubleclick.net',
		'https://tpc.googlesyndication.com',
	]

	function directivesOf(headers: Headers) {
		return new Map(
			(headers.get('Content-Security-Policy') ?? '').split(';').map((directive) => {
				const [name = '', ...values] = directive.trim().split(/\s+/)
				return [name, values] as const
			}),
		)
	}

	test('ads off (the default): no ads origin anywhere, no frame-src', () => {
		for (const options of [undefined, { ads: false }]) {
			const headers = new Headers()
			applySecurityHeaders(headers, 'abc123', options)
			const csp = headers.get('Content-Security-Policy') ?? ''
			for (const origin of ADS_ORIGINS) expect(csp).not.toContain(origin)
			const directives = directivesOf(headers)
			expect(directives.get('script-src')).toEqual(["'self'", "'nonce-abc123'"])
			expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
			expect(directives.has('frame-src')).toBe(false)
		}
	})

	test('ads on: the ads script, its frames, images and requests are allowed, nothing else changes', () => {
		const off = new Headers()
		applySecurityHeaders(off, 'abc123')
		const on = new Headers()
		applySecurityHeaders(on, 'abc123', { ads: true })
		const directives = directivesOf(on)
		expect(directives.get('script-src')).toEqual([
			"'self'",
			"'nonce-abc123'",
			'https://pagead2.googlesyndication.com',
		])
		expect(directives.get('frame-src')).toEqual([
			"'self'",
			'https://googleads.g.doubleclick.net',
			'https://tpc.googlesyndication.com',
		])
		expect(directives.get('img-src')).toEqual(
			expect.arrayContaining(["'self'", 'data:', 'blob:', ...ADS_ORIGINS]),
		)
		expect(directives.get('connect-src')).toContain('https://pagead2.googlesyndication.com')
		expect(directives.get('script-src')).not.toContain("'unsafe-inline'")
		expect(directives.get('script-src')).not.toContain("'unsafe-eval'")
		// Every other directive is as with ads off.
		const before = directivesOf(off)
		for (const name of ['default-src', 'style-src', 'font-src', 'object-src', 'base-uri']) {
			expect(directives.get(name), name).toEqual(before.get(name))
		}
		expect(directives.get('frame-ancestors')).toEqual(["'none'"])
		expect(directives.get('form-action')).toEqual(before.get('form-action'))
	})
})
