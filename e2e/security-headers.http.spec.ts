/**
 * Security headers on the three kinds of response (a document, a single-fetch data request
 * and a resource route), the per-request CSP nonce, and the cookies' flags, over plain HTTP
 * (what the browser makes of the CSP is e2e/security-headers.spec.ts). The e2e server's
 * APP_URL is plain http (a LAN install), so cookies are not Secure and no HSTS is promised
 * there; an instance with an https APP_URL shows both are then.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type APIResponse } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { PASSWORD, randomIp, uniqueEmail } from './auth-helpers'
import { signedCardPath } from './cards-helpers'
import { expect, fromOurPages, test } from './fixtures'

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
	expect(headers['strict-transport-security'], `${label}: no HSTS over http`).toBeUndefined()
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

/**
 * Every cookie a visitor gets from the app at `origin`: the session and a toast (register),
 * the theme, and the anonymous visitor id (a generation without a session). `appOrigin` is
 * what the app's APP_URL says, which our pages send as Origin.
 */
async function everyCookie(origin: string, appOrigin = origin) {
	const cookies: string[] = []
	const send = async (path: string, form: Record<string, string>) => {
		const response = await fetch(new URL(path, origin), {
			method: 'POST',
			headers: { origin: appOrigin, 'x-forwarded-for': randomIp() },
			body: new URLSearchParams(form),
			redirect: 'manual',
		})
		cookies.push(...response.headers.getSetCookie())
	}
	await send('/register', {
		name: 'Galleta',
		email: uniqueEmail('cookies'),
		password: PASSWORD,
		confirmPassword: PASSWORD,
	})
	await send('/resources/theme', { theme: 'dark', redirectTo: '/' })
	await send('/?index', { intent: 'generate', prompt: 'galletas', count: '1' })
	return cookies
}

const COOKIE_NAMES = ['fr_session', 'fr_toast', 'fr_theme', 'fr_visitor']

// The Secure flag and the __Host- prefix follow the scheme of APP_URL, not NODE_ENV: the
// e2e server runs in production on http://127.0.0.1 (like a self-hoster on a LAN), where a
// Secure cookie would be dropped by the browser and nobody could sign in.
test('APP_URL on plain http: every cookie is HttpOnly, SameSite=Lax, Path=/, without Secure', async () => {
	const cookies = await everyCookie(baseURL)
	const names = new Set(cookies.map((cookie) => cookie.split('=')[0]))
	for (const name of COOKIE_NAMES) expect(names).toContain(name)
	for (const cookie of cookies) {
		expect(cookie, 'HttpOnly').toMatch(/;\s*HttpOnly/i)
		expect(cookie, 'SameSite=Lax').toMatch(/;\s*SameSite=Lax/i)
		expect(cookie, 'Path=/').toMatch(/;\s*Path=\/(;|$)/i)
		expect(cookie, 'no Secure on http').not.toMatch(/;\s*Secure/i)
	}
})

test.describe('APP_URL on https', () => {
	let app: Awaited<ReturnType<typeof startBuiltApp>>
	let dataDir: string
	const appUrl = 'https://frasea.example'
	test.beforeAll(async () => {
		dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-cookies-'))
		// A TLS proxy in front would talk plain http to the app; the test plays that proxy.
		app = await startBuiltApp({ dataDir, env: { APP_URL: appUrl, TRUST_PROXY: '1' } })
	})
	test.afterAll(async () => {
		await app?.stop()
		rmSync(dataDir, { recursive: true, force: true })
	})

	test('pages promise HTTPS for a year (HSTS), static files too', async () => {
		for (const file of ['/', '/login', '/healthcheck', '/favicon.ico']) {
			const response = await fetch(`${app.origin}${file}`)
			expect(response.headers.get('strict-transport-security'), file).toMatch(
				/max-age=(\d{8,}|3153600\d)/,
			)
		}
	})

	test('every cookie is __Host-, Secure, Path=/, without Domain, HttpOnly, SameSite=Lax', async () => {
		const cookies = await everyCookie(app.origin, appUrl)
		const names = new Set(cookies.map((cookie) => cookie.split('=')[0]))
		for (const name of COOKIE_NAMES) expect(names).toContain(`__Host-${name}`)
		for (const cookie of cookies) {
			expect(cookie, '__Host- prefix').toMatch(/^__Host-/)
			expect(cookie, 'Secure').toMatch(/;\s*Secure/i)
			expect(cookie, 'Path=/').toMatch(/;\s*Path=\/(;|$)/i)
			expect(cookie, 'no Domain').not.toMatch(/;\s*Domain=/i)
			expect(cookie, 'HttpOnly').toMatch(/;\s*HttpOnly/i)
			expect(cookie, 'SameSite=Lax').toMatch(/;\s*SameSite=Lax/i)
		}
	})
})
