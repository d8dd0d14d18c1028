import { describe, expect, test } from 'vitest'
import { BODY_LIMITS, bodyLimit, isSameOrigin, normalizeAddress } from './request-guards.js'

describe('isSameOrigin', () => {
	const site = 'https://frasea.example'

	test('a POST from our own page passes, whichever header the browser sent', () => {
		expect(isSameOrigin({ origin: site }, site)).toBe(true)
		expect(isSameOrigin({ secFetchSite: 'same-origin' }, site)).toBe(true)
		expect(isSameOrigin({ referer: `${site}/login?x=1` }, site)).toBe(true)
	})

	test('a cross-site POST is refused', () => {
		expect(isSameOrigin({ origin: 'https://evil.example' }, site)).toBe(false)
		expect(isSameOrigin({ origin: 'null' }, site)).toBe(false)
		expect(isSameOrigin({ origin: 'http://frasea.example' }, site)).toBe(false)
		expect(isSameOrigin({ secFetchSite: 'cross-site' }, site)).toBe(false)
		expect(isSameOrigin({ secFetchSite: 'same-site' }, site)).toBe(false)
		expect(isSameOrigin({ referer: 'https://frasea.example.evil.example/' }, site)).toBe(false)
	})

	test('Origin wins over the weaker headers; no header at all is refused', () => {
		expect(
			isSameOrigin(
				{ origin: 'https://evil.example', secFetchSite: 'same-origin', referer: site },
				site,
			),
		).toBe(false)
		expect(isSameOrigin({}, site)).toBe(false)
		expect(isSameOrigin({ referer: 'javascript:alert(1)' }, site)).toBe(false)
	})
})

describe('normalizeAddress', () => {
	test('IPv4, also when mapped into IPv6, is itself', () => {
		expect(normalizeAddress('203.0.113.7')).toBe('203.0.113.7')
		expect(normalizeAddress('::ffff:203.0.113.7')).toBe('203.0.113.7')
	})

	test('IPv6 addresses of one /64 count as one client', () => {
		expect(normalizeAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
		expect(normalizeAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
		expect(normalizeAddress('2001:db8::1')).toBe('2001:db8:0:0::/64')
		expect(normalizeAddress('::1')).toBe('0:0:0:0::/64')
	})

	test('no address at all is one bucket, not a free pass', () => {
		expect(normalizeAddress(undefined)).toBe('unknown')
	})
})

test('only multipart bodies may be big enough for a file', () => {
	expect(bodyLimit('application/x-www-form-urlencoded')).toBe(BODY_LIMITS.form)
	expect(bodyLimit(undefined)).toBe(BODY_LIMITS.form)
	expect(bodyLimit('multipart/form-data; boundary=x')).toBe(BODY_LIMITS.multipart)
	expect(BODY_LIMITS.multipart).toBeGreaterThan(15 * 1024 * 1024)
})
