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
