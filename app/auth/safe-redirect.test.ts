import { describe, expect, test } from 'vitest'
import { isSafeRedirectPath, safeRedirect } from '~/utils/misc'

/**
 * Open-redirect payloads. Each one either leaves the origin in some browser or decoder, or
 * carries a character a browser strips or reinterprets on the way.
 */
const payloads = [
	// Absolute and scheme URLs.
	'https://evil.example',
	'http:evil.example',
	'javascript:alert(1)',
	'data:text/html,<script>alert(1)</script>',
	// Protocol-relative and backslash tricks.
	'//evil.example',
	'///evil.example',
	'/\\evil.example',
	'\\\\evil.example',
	'/a\\b',
	// Browsers strip tabs and newlines: `/\t/evil.example` becomes `//evil.example`.
	'/\t/evil.example',
	'/\n/evil.example',
	'/\r\n/evil.example',
	'/\u0000/evil.example',
	' /dashboard',
	'/dashboard ',
	'/\u00a0/evil.example',
	'/\u200b/evil.example',
	'/\u2028/evil.example',
	// The same, percent-encoded, once or more.
	'/%09/evil.example',
	'/%0a/evil.example',
	'/%0D%0A/evil.example',
	'/%2F/evil.example',
	'/%2f%2fevil.example',
	'%2F%2Fevil.example',
	'/%5Cevil.example',
	'/%5cevil.example',
	'/%252F/evil.example',
	'/%25252F%25252Fevil.example',
	'/%2509/evil.example',
	'/%255Cevil.example',
	'/%20/evil.example',
	// Broken escapes cannot be judged.
	'/100%',
	'/%zz',
	// Not a path at all.
	'',
	'dashboard',
	'evil.example',
	'?next=//evil.example',
	'#//evil.example',
	`/${'a'.repeat(2001)}`,
]

describe('safeRedirect', () => {
	test.each(payloads)('refuses %j', (payload) => {
		expect(isSafeRedirectPath(payload)).toBe(false)
		expect(safeRedirect(payload, '/dashboard')).toBe('/dashboard')
	})

	test.each([
		'/',
		'/dashboard',
		'/profile?tab=cuenta#x',
		'/dashboard/frases?q=sol+de+verano',
		'/instagram?tema=caf%C3%A9',
		'/login?redirectTo=%2Fdashboard',
		'/a/b/../c',
	])('keeps the same-origin path %j', (path) => {
		expect(safeRedirect(path, '/fallback')).toBe(path)
	})

	test.each([
		['/。evil', '/%E3%80%82evil'],
		['/café', '/caf%C3%A9'],
		['/frases?q=ñandú 😀'.replace(' ', '+'), '/frases?q=%C3%B1and%C3%BA+%F0%9F%98%80'],
		['/dashboard#sección', '/dashboard#secci%C3%B3n'],
		// Already encoded stays as it is; only the raw characters are encoded.
		['/instagram?tema=caf%C3%A9&b=é', '/instagram?tema=caf%C3%A9&b=%C3%A9'],
	])('encodes the same-origin path %j for a Location header', (path, expected) => {
		const location = safeRedirect(path, '/fallback')
		expect(location).toBe(expected)
		// A header takes it (setting one throws on anything above U+00FF)...
		expect(new Headers({ location }).get('location')).toBe(expected)
		// ...and it is the address a browser would have made of the raw path.
		expect(new URL(location, 'https://frasea.example').href).toBe(
			new URL(path, 'https://frasea.example').href,
		)
	})

	test('a lone surrogate has no encoding: it falls back', () => {
		expect(safeRedirect('/a\ud800b', '/fallback')).toBe('/fallback')
		expect(safeRedirect('/a\udc00', '/fallback')).toBe('/fallback')
	})

	test('encoded past the length limit, it falls back', () => {
		expect(safeRedirect(`/${'。'.repeat(600)}`, '/fallback')).toBe('/fallback')
	})

	test('non-strings fall back', () => {
		for (const value of [null, undefined, new File([], 'x')]) {
			expect(safeRedirect(value, '/dashboard')).toBe('/dashboard')
		}
	})
})
