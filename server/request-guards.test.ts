import { BODY_LIMITS } from '../app/utils/form-data.server'
import { describe, expect, test } from 'vitest'
import {
	bodyLimit,
	clientOf,
	isOneClickUnsubscribe,
	isSameOrigin,
	normalizeAddress,
} from './request-guards.js'

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
	expect(bodyLimit('application/x-www-form-urlencoded', BODY_LIMITS)).toBe(BODY_LIMITS.form)
	expect(bodyLimit(undefined, BODY_LIMITS)).toBe(BODY_LIMITS.form)
	expect(bodyLimit('text/plain', BODY_LIMITS)).toBe(BODY_LIMITS.form)
	expect(bodyLimit('Multipart/Form-Data; boundary=x', BODY_LIMITS)).toBe(BODY_LIMITS.multipart)
	// A 15 MB image and its fields fit; a text form stays small.
	expect(BODY_LIMITS.multipart).toBeGreaterThan(15 * 1024 * 1024)
	expect(BODY_LIMITS.form).toBeLessThanOrEqual(256 * 1024)
})

describe('clientOf: the address and scheme the app is told (its load context)', () => {
	const socket = { socketAddress: '10.0.0.2' }

	test('without a trusted proxy (TRUST_PROXY=0) forwarded headers change nothing', () => {
		expect(
			clientOf({ ...socket, forwardedFor: '203.0.113.9', forwardedProto: 'https' }, 0),
		).toEqual({ clientAddress: '10.0.0.2', protocol: 'http' })
	})

	test('behind one proxy: the address and scheme it saw', () => {
		expect(
			clientOf({ ...socket, forwardedFor: '203.0.113.9', forwardedProto: 'https' }, 1),
		).toEqual({ clientAddress: '203.0.113.9', protocol: 'https' })
		expect(clientOf({ ...socket, forwardedFor: '203.0.113.9', forwardedProto: 'http' }, 1)).toEqual(
			{ clientAddress: '203.0.113.9', protocol: 'http' },
		)
		// The proxy said nothing: the socket's.
		expect(clientOf(socket, 1)).toEqual({ clientAddress: '10.0.0.2', protocol: 'http' })
	})

	test('what a client wrote to the left of what our proxies appended is ignored', () => {
		const forged = {
			...socket,
			forwardedFor: '1.2.3.4, 203.0.113.9',
			forwardedProto: 'https, http',
		}
		expect(clientOf(forged, 1)).toEqual({ clientAddress: '203.0.113.9', protocol: 'http' })
		// Two proxies: the entry the farther one wrote.
		const twoHops = {
			...socket,
			forwardedFor: '1.2.3.4, 203.0.113.9, 10.0.0.1',
			forwardedProto: 'http, https, http',
		}
		expect(clientOf(twoHops, 2)).toEqual({ clientAddress: '203.0.113.9', protocol: 'https' })
	})

	test('more hops configured than entries: the leftmost entry, and IPv6 by its /64', () => {
		expect(
			clientOf({ ...socket, forwardedFor: '2001:db8:1:2::7', forwardedProto: 'HTTPS' }, 3),
		).toEqual({ clientAddress: '2001:db8:1:2::/64', protocol: 'https' })
	})

	test('a TLS socket of our own is https whatever the headers say', () => {
		expect(clientOf({ ...socket, encrypted: true, forwardedProto: 'http' }, 0)).toEqual({
			clientAddress: '10.0.0.2',
			protocol: 'https',
		})
	})

	test('no socket address is one bucket, not a free pass', () => {
		expect(clientOf({}, 0).clientAddress).toBe('unknown')
	})
})

describe('isOneClickUnsubscribe: the only write let through without our Origin', () => {
	const path = '/baja'

	test("a mail client's one-click POST to the unsubscribe link", () => {
		expect(isOneClickUnsubscribe({ method: 'POST', path: '/baja' }, path)).toBe(true)
	})

	test('nothing else: no other method, no other path, no other spelling of this one', () => {
		for (const method of ['PUT', 'PATCH', 'DELETE', 'post']) {
			expect(isOneClickUnsubscribe({ method, path: '/baja' }, path), method).toBe(false)
		}
		for (const other of [
			'/baja/',
			'/baja.data',
			'/BAJA',
			'/baja%2F',
			'//baja',
			'/baja/../admin/users',
			'/admin/users',
			'/login',
			'/dashboard/configuracion',
			'/',
			'',
		]) {
			expect(isOneClickUnsubscribe({ method: 'POST', path: other }, path), other).toBe(false)
		}
	})
})
