import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'

/**
 * Every cookie the app sets, built by its own factory with APP_URL on https and on plain
 * http. Modules cache their cookie objects and the parsed environment, so each case loads
 * them afresh after setting the environment.
 */
async function everyCookie(
	appUrl: string,
	nodeEnv: 'production' | 'development',
	incoming: { url: string; headers?: Record<string, string> } = { url: 'http://localhost/' },
) {
	vi.resetModules()
	process.env.APP_URL = appUrl
	process.env.NODE_ENV = nodeEnv
	process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'frasea-cookies-'))
	process.env.SESSION_SECRET = 'secreto-de-pruebas-de-galletas-1234'
	process.env.GOOGLE_CLIENT_ID = 'cliente'
	process.env.GOOGLE_CLIENT_SECRET = 'secreto'
	const { serializeSessionCookie, clearSessionCookie } = await import('./session.server')
	const { resetTokenCookie, verifyTokenCookie } = await import('./token-cookies.server')
	const google = await import('./google.server')
	const { setTheme } = await import('~/utils/theme.server')
	const { createToastHeaders } = await import('~/utils/toast.server')
	const { ensureVisitorId } = await import('~/utils/visitor.server')
	const { SetCookie } = await import('@mjackson/headers')

	const expiresAt = new Date(Date.now() + 60_000)
	const state = google.oauthStateCookieOptions()
	const request = new Request(incoming.url, {
		headers: { ...incoming.headers, cookie: `${state.name}:abc=x; otra=y` },
	})
	return {
		session: await serializeSessionCookie('token', expiresAt),
		sessionClear: await clearSessionCookie(),
		reset: await resetTokenCookie().serialize('token'),
		verify: await verifyTokenCookie().serialize('token'),
		// remix-auth-oauth2 builds its cookie from these options the same way.
		oauthState: new SetCookie({ ...state, value: 'state', name: `${state.name}:abc` }).toString(),
		oauthStateClear: google.clearOAuthStateCookies(request)[0] ?? '',
		oauthRedirect: await google.googleRedirectToCookie().serialize('/dashboard'),
		theme: await setTheme('dark'),
		themeClear: await setTheme('system'),
		toast: (await createToastHeaders({ message: 'Hola' })).get('set-cookie') ?? '',
		visitor:
			(await ensureVisitorId(new Request(incoming.url, { headers: incoming.headers }))).setCookie ??
			'',
	}
}

const savedEnv = { ...process.env }
afterEach(() => {
	process.env = { ...savedEnv }
})

/**
 * Requests that claim the other scheme: a forged Host, forwarded headers a client wrote (or
 * a proxy relayed), and a URL on the other scheme. None of it may change a cookie.
 */
const claims = (proto: 'http' | 'https') => ({
	url: `${proto}://evil.example/`,
	headers: {
		host: 'evil.example',
		'x-forwarded-proto': proto,
		'x-forwarded-host': 'evil.example',
		forwarded: `proto=${proto};host=evil.example`,
	},
})

describe('cookie flags follow the scheme of APP_URL, not NODE_ENV nor the request', () => {
	test.each([
		['a plain request', undefined],
		['a request claiming http', claims('http')],
	])(
		'https: every cookie is __Host-, Secure, Path=/, without Domain (even in development), on %s',
		async (_, incoming) => {
			const cookies = await everyCookie('https://frasea.example', 'development', incoming)
			for (const [label, cookie] of Object.entries(cookies)) {
				expect(cookie, label).toMatch(/^__Host-fr_/)
				expect(cookie, label).toMatch(/;\s*Secure(;|$)/i)
				expect(cookie, label).toMatch(/;\s*Path=\/(;|$)/i)
				expect(cookie, label).not.toMatch(/;\s*Domain=/i)
				expect(cookie, label).toMatch(/;\s*HttpOnly/i)
				expect(cookie, label).toMatch(/;\s*SameSite=Lax/i)
			}
		},
	)

	test.each([
		['a plain request', undefined],
		['a request claiming https', claims('https')],
	])(
		'plain http (a LAN): bare names without Secure, which the browser would drop (even in production), on %s',
		async (_, incoming) => {
			const cookies = await everyCookie('http://192.168.1.20:3000', 'production', incoming)
			for (const [label, cookie] of Object.entries(cookies)) {
				expect(cookie, label).toMatch(/^fr_/)
				expect(cookie, label).not.toMatch(/Secure/i)
				expect(cookie, label).toMatch(/;\s*Path=\/(;|$)/i)
				expect(cookie, label).toMatch(/;\s*HttpOnly/i)
				expect(cookie, label).toMatch(/;\s*SameSite=Lax/i)
			}
		},
	)

	test('a secure session cookie is read back under its __Host- name only', async () => {
		vi.resetModules()
		process.env.APP_URL = 'https://frasea.example'
		process.env.SESSION_SECRET = 'secreto-de-pruebas-de-galletas-1234'
		const { serializeSessionCookie, readSessionId } = await import('./session.server')
		const cookie = await serializeSessionCookie('token-1', new Date(Date.now() + 60_000))
		const pair = cookie.split(';')[0] ?? ''
		const read = (header: string) =>
			readSessionId(new Request('https://frasea.example/', { headers: { cookie: header } }))
		expect(await read(pair)).toBe('token-1')
		// The same signed value planted without the prefix (e.g. from a sibling subdomain over
		// http) is not read.
		expect(await read(pair.replace(/^__Host-/, ''))).toBeNull()
	})
})
