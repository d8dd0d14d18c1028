/**
 * Security headers on the three kinds of response (a document, a single-fetch data request
 * and a resource route), the per-request CSP nonce, and the cookies' flags. The e2e server
 * runs with NODE_ENV=production, so HSTS and Secure cookies are on.
 */
import { type APIResponse } from '@playwright/test'
import { PASSWORD, randomIp, uniqueEmail } from './auth-helpers'
import { signedCardPath } from './cards-signing'
import { expect, fromOurPages, test } from './fixtures'

test.skip(({ js }) => !js, 'headers do not depend on JavaScript: one run is enough')

function expectSecurityHeaders(response: APIResponse, label: string) {
	const headers = response.headers()
	const csp = headers['content-security-policy']
	expect(csp, `${label}: an enforced CSP`).toBeTruthy()
	expect(headers['content-security-policy-report-only'], label).toBeUndefined()
	const directives = new Map(
		(csp ?? '').split(';').map((directive) => {
			const [name = '', ...values] = directive.trim().split(/\s+/)
			return [name, values] as const
		}),
	)
	expect(directives.get('default-src'), label).toEqual(["'self'"])
	expect(directives.get('script-src'), `${label}: no inline or eval scripts`).not.toContain(
		"'unsafe-inline'",
	)
	expect(directives.get('script-src'), label).not.toContain("'unsafe-eval'")
	expect(directives.get('object-src'), label).toEqual(["'none'"])
	expect(directives.get('base-uri'), label).toEqual(["'self'"])
	expect(directives.get('frame-ancestors'), label).toEqual(["'none'"])
	expect(headers['x-frame-options'], label).toBe('DENY')
	expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin')
	expect(headers['permissions-policy'], label).toMatch(
		/camera=\(\).*microphone=\(\).*geolocation=\(\)/,
	)
	expect(headers['x-content-type-options'], label).toBe('nosniff')
	expect(headers['strict-transport-security'], `${label}: HSTS in production`).toMatch(
		/max-age=(\d{8,}|3153600\d)/,
	)
	return directives
}

test('a document: every header, and a CSP nonce that is new on each request and on every script', async ({
	request,
}) => {
	const nonces = new Set<string>()
	for (const path of ['/', '/', '/login']) {
		const response = await request.get(path)
		expect(response.status()).toBe(200)
		const directives = expectSecurityHeaders(response, path)
		const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(
			directives.get('script-src')?.find((value) => value.startsWith("'nonce-")) ?? '',
		)?.[1]
		expect(nonce, `${path}: a nonce in script-src`).toBeTruthy()
		expect(nonce?.length, 'at least 128 bits').toBeGreaterThanOrEqual(22)
		nonces.add(nonce as string)

		// Every script of the page carries this request's nonce (JSON-LD is data, not script).
		const html = await response.text()
		const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '')
		const executable = scripts.filter(
			(attributes) => !/type="application\/ld\+json"/.test(attributes),
		)
		expect(executable.length, `${path}: the page has scripts`).toBeGreaterThan(0)
		for (const attributes of executable) {
			expect(attributes, `${path}: a script without this nonce`).toContain(`nonce="${nonce}"`)
		}
	}
	expect(nonces.size, 'a new nonce per request').toBe(3)
})

test('a data request (single fetch) carries the headers too', async ({ request }) => {
	const response = await request.get('/about.data')
	expect(response.status()).toBe(200)
	const directives = expectSecurityHeaders(response, '/about.data')
	expect(directives.get('script-src'), 'no nonce outside documents').toEqual(["'self'"])
})

test('resource routes carry the headers', async ({ request }) => {
	const health = await request.get('/healthcheck')
	expect(health.status()).toBe(200)
	expectSecurityHeaders(health, '/healthcheck')

	const theme = await request.post('/resources/theme', {
		headers: fromOurPages,
		form: { theme: 'dark', redirectTo: '/about' },
		maxRedirects: 0,
	})
	expect(theme.status()).toBe(302)
	expectSecurityHeaders(theme, 'POST /resources/theme')

	// Card images render only with a signature, as the pages write them.
	const card = await request.get(signedCardPath('/tarjetas/imagen.jpg?t=Hola'))
	expect(card.status()).toBe(200)
	expect(card.headers()['content-type']).toBe('image/jpeg')
	expectSecurityHeaders(card, '/tarjetas/imagen.jpg')

	const zip = await request.get(signedCardPath('/tarjetas/todas.zip?t=Hola'))
	expect(zip.status()).toBe(200)
	expectSecurityHeaders(zip, '/tarjetas/todas.zip')
})

test('the browser runs the page under the CSP without a single violation', async ({
	page,
	visit,
}) => {
	const violations: string[] = []
	page.on('console', (message) => {
		if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
	})
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (event) => {
			console.error(`Refused to (CSP): ${event.violatedDirective} ${event.blockedURI}`)
		})
	})
	// visit() proves hydration: the nonce let Remix's scripts run.
	for (const path of ['/', '/login', '/register', '/instagram']) await visit(path)
	expect(violations).toEqual([])
})

test('every cookie is HttpOnly, SameSite=Lax and Secure in production', async ({ request }) => {
	const cookies: string[] = []
	const collect = (response: APIResponse) =>
		cookies.push(
			...response
				.headersArray()
				.filter((header) => header.name.toLowerCase() === 'set-cookie')
				.map((header) => header.value),
		)
	const headers = { ...fromOurPages, 'x-forwarded-for': randomIp() }
	// The session and a toast.
	collect(
		await request.post('/register', {
			headers,
			form: {
				name: 'Galleta',
				email: uniqueEmail('cookies'),
				password: PASSWORD,
				confirmPassword: PASSWORD,
			},
			maxRedirects: 0,
		}),
	)
	// The theme.
	collect(
		await request.post('/resources/theme', {
			headers: fromOurPages,
			form: { theme: 'dark', redirectTo: '/' },
			maxRedirects: 0,
		}),
	)
	// The anonymous visitor (a generation in a fresh context, without the session).
	const anonymous = await request.post('/?index', {
		headers: { ...headers, cookie: '' },
		form: { intent: 'generate', prompt: 'galletas', count: '1' },
		maxRedirects: 0,
	})
	collect(anonymous)
	const names = new Set(cookies.map((cookie) => cookie.split('=')[0]))
	for (const name of ['fr_session', 'fr_toast', 'fr_theme', 'fr_visitor'])
		expect(names).toContain(name)
	for (const cookie of cookies) {
		expect(cookie, 'Secure').toMatch(/;\s*Secure/i)
		expect(cookie, 'HttpOnly').toMatch(/;\s*HttpOnly/i)
		expect(cookie, 'SameSite=Lax').toMatch(/;\s*SameSite=Lax/i)
	}
})
