/**
 * Attacks on accounts, redirects and cookies over plain HTTP (the browser's side is
 * e2e/auth-hardening.spec.ts):
 * - open redirects through every entry point that takes a target (theme switch, sign-in,
 *   sign-out, the redirect stored for Google's callback);
 * - recovery mails are capped per address, and a new link invalidates the older ones;
 * - pages whose URL carries a token keep `Referrer-Policy: no-referrer`.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type APIResponse } from '@playwright/test'
import { createCookie } from '@remix-run/node'
import { baseURL } from '../playwright.config'
import {
	createUser,
	linkIn,
	mailsTo,
	PASSWORD,
	sqlGet,
	testServers,
	uniqueEmail,
	waitForMail,
} from './auth-helpers'
import { post, registerOverHttp } from './auth-hardening-helpers'
import { expect, test } from './fixtures'

/** Targets that leave the site in some browser or decoder (see app/auth/safe-redirect.test.ts). */
const OPEN_REDIRECTS = [
	'/\t/evil.example',
	'/\n/evil.example',
	'/%09/evil.example',
	'/%2F/evil.example',
	'/%5Cevil.example',
	'/%252F%252Fevil.example',
	'//evil.example',
	'/\\evil.example',
	'https://evil.example',
]

/**
 * A same-origin path with characters a header cannot carry (above U+00FF): the redirect
 * goes there percent-encoded, as a browser would address it, and never answers 500.
 */
const NON_LATIN1 = [
	{ target: '/。evil', location: '/%E3%80%82evil' },
	{ target: '/frases?q=ñandú+😀', location: '/frases?q=%C3%B1and%C3%BA+%F0%9F%98%80' },
]

const dataDir = path.resolve(`.cache/e2e-data-${process.env.E2E_PORT ?? 3999}`)

/** Where a redirect goes, as the browser would resolve it, and proof it stays home. */
function expectRedirectHome(response: APIResponse, expected: string, label: string) {
	expect(response.status(), label).toBeGreaterThanOrEqual(300)
	expect(response.status(), label).toBeLessThan(400)
	const location = response.headers()['location'] ?? ''
	expect(new URL(location, baseURL).origin, `${label}: ${JSON.stringify(location)}`).toBe(
		new URL(baseURL).origin,
	)
	expect(location, label).toBe(expected)
}

/** The `name=value` pairs of a response's Set-Cookie headers. */
function cookiePairs(response: APIResponse) {
	return response
		.headersArray()
		.filter((header) => header.name.toLowerCase() === 'set-cookie')
		.map((header) => header.value.split(';')[0] ?? '')
}

/** The secret the app signs cookies with (generated into its data folder by default). */
function sessionSecret() {
	const file = path.join(dataDir, 'session-secret')
	if (existsSync(file)) return readFileSync(file, 'utf8').trim()
	return (process.env.SESSION_SECRET ?? '').split(',')[0]?.trim() ?? ''
}

test.describe('open redirects, over HTTP', () => {
	test('the theme switch (no cookie needed) only ever redirects to our own paths', async ({
		request,
	}) => {
		for (const target of OPEN_REDIRECTS) {
			const response = await post(request, '/resources/theme', {
				theme: 'dark',
				redirectTo: target,
			})
			expectRedirectHome(response, '/', `theme ${JSON.stringify(target)}`)
		}
		// A real path still comes back.
		const fine = await post(request, '/resources/theme', { theme: 'dark', redirectTo: '/about' })
		expectRedirectHome(fine, '/about', 'theme /about')
	})

	test('signing in with a hostile redirectTo lands on the dashboard', async ({ playwright }) => {
		const email = uniqueEmail('redir-login')
		const setup = await playwright.request.newContext({ baseURL })
		await registerOverHttp(setup, email)
		await setup.dispose()
		for (const target of OPEN_REDIRECTS) {
			// A fresh browser each time: signing in needs a signed-out visitor.
			const visitor = await playwright.request.newContext({ baseURL })
			const response = await post(visitor, '/login', {
				email,
				password: PASSWORD,
				redirectTo: target,
			})
			expectRedirectHome(response, '/dashboard', `login ${JSON.stringify(target)}`)
			await visitor.dispose()
		}
	})

	test('signing out with a hostile redirectTo goes home', async ({ request }) => {
		for (const target of OPEN_REDIRECTS) {
			const response = await post(request, '/logout', { redirectTo: target })
			expectRedirectHome(response, '/', `logout ${JSON.stringify(target)}`)
		}
	})

	test('Google’s callback checks the stored redirect again, even when it is validly signed', async ({
		playwright,
	}) => {
		const { issuer } = testServers()
		// Forged with the app's own secret: the callback must not trust what the start stored.
		const stored = createCookie('fr_oauth_redirect', { secrets: [sessionSecret()] })
		const cases = [
			...['/\t/evil.example', '/%2F/evil.example', '/%5Cevil.example'].map((target) => ({
				target,
				location: '/dashboard',
			})),
			// Ours, but not a header value as it stands: it goes percent-encoded.
			...NON_LATIN1,
		]
		for (const { target, location } of cases) {
			const browser = await playwright.request.newContext({ baseURL })
			const start = await post(browser, '/auth/google', { redirectTo: '/dashboard' })
			expect(start.status()).toBe(302)
			const authorize = new URL(start.headers()['location'] ?? '')
			expect(authorize.href.startsWith(`${issuer}/authorize`)).toBe(true)
			const hint = {
				sub: `redir-${Math.random().toString(36).slice(2)}`,
				email: uniqueEmail('redir-google'),
				email_verified: true,
			}
			authorize.searchParams.set(
				'login_hint',
				Buffer.from(JSON.stringify(hint)).toString('base64url'),
			)
			const back = await browser.get(authorize.href, { maxRedirects: 0 })
			const callback = new URL(back.headers()['location'] ?? '')
			expect(callback.pathname).toBe('/auth/google/callback')

			const stateCookies = cookiePairs(start).filter((pair) => pair.startsWith('fr_oauth2'))
			expect(stateCookies).toHaveLength(1)
			const forged = (await stored.serialize(target)).split(';')[0]
			const fresh = await playwright.request.newContext({ baseURL })
			const response = await fresh.get(callback.pathname + callback.search, {
				headers: { cookie: [...stateCookies, forged].join('; ') },
				maxRedirects: 0,
			})
			expectRedirectHome(response, location, `google ${JSON.stringify(target)}`)
			await Promise.all([browser.dispose(), fresh.dispose()])
		}
	})
})

test.describe('redirect targets beyond Latin-1, over HTTP', () => {
	test('the theme switch redirects to the encoded path', async ({ request }) => {
		for (const { target, location } of NON_LATIN1) {
			const response = await post(request, '/resources/theme', {
				theme: 'dark',
				redirectTo: target,
			})
			expectRedirectHome(response, location, `theme ${JSON.stringify(target)}`)
		}
	})

	test('signing out redirects to the encoded path, with the session ended', async ({ request }) => {
		for (const { target, location } of NON_LATIN1) {
			const response = await post(request, '/logout', { redirectTo: target })
			expectRedirectHome(response, location, `logout ${JSON.stringify(target)}`)
		}
	})

	test('signing in redirects to the encoded path, and the one session it opens is the browser’s', async ({
		playwright,
	}) => {
		const user = await createUser()
		const sessions = () =>
			sqlGet<{ n: number }>('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', user.id)?.n
		for (const [index, { target, location }] of NON_LATIN1.entries()) {
			const visitor = await playwright.request.newContext({ baseURL })
			const response = await post(visitor, '/login', {
				email: user.email,
				password: PASSWORD,
				redirectTo: target,
			})
			expectRedirectHome(response, location, `login ${JSON.stringify(target)}`)
			// No session row without its cookie: the one it opened is the one the browser holds.
			expect(sessions(), 'session rows').toBe(index + 1)
			const dashboard = await visitor.get('/dashboard', { maxRedirects: 0 })
			expect(dashboard.status(), 'signed in').toBe(200)
			await visitor.dispose()
		}
	})
})

test.describe('recovery mail, over HTTP', () => {
	test('3 mails an hour per address, for known and unknown addresses alike; a new link kills the older ones', async ({
		request,
	}) => {
		const known = uniqueEmail('tope')
		await registerOverHttp(request, known)
		for (const email of [known, uniqueEmail('tope-desconocido')]) {
			for (let i = 1; i <= 3; i++) {
				const response = await post(request, '/forgot-password', { email })
				expect(response.status(), `${email} #${i}`).toBe(200)
				expect(await response.text()).toContain('Si existe una cuenta con ese correo electrónico')
			}
			// From yet another address: the cap is the e-mail's, not the client's.
			const fourth = await post(request, '/forgot-password', { email })
			expect(fourth.status()).toBe(429)
			expect(Number(fourth.headers()['retry-after'])).toBeGreaterThan(50 * 60)
			expect(await fourth.text()).toContain('Ya se han pedido varios enlaces para este correo')
		}
		// The confirmation plus three reset mails, which go out in the background and may
		// arrive in any order: exactly one of the three links still works (the newest, as
		// app/auth/password-reset.test.ts shows).
		await waitForMail(known, 4)
		const resets = mailsTo(known).filter((mail) => mail.subject.startsWith('Restablece'))
		expect(resets).toHaveLength(3)
		let live = 0
		for (const mail of resets) {
			const opened = await request.get(linkIn(mail, '/reset-password'), { maxRedirects: 0 })
			expect(opened.status()).toBe(302)
			// A live link moves its token into the (signed) reset cookie; a dead one clears it.
			if (cookiePairs(opened).some((pair) => /^fr_reset=[^;]+\./.test(pair))) live++
		}
		expect(live).toBe(1)
	})
})

test.describe('Referrer-Policy, over HTTP', () => {
	test('a URL carrying a token answers no-referrer; the token pages send nothing to other sites', async ({
		request,
	}) => {
		// Every URL with a token is a redirect to the clean page, and passes nothing on.
		for (const url of ['/reset-password?token=no-existe', '/verify-email?token=no-existe']) {
			const response = await request.get(url, { maxRedirects: 0 })
			expect(response.status(), url).toBe(302)
			expect(response.headers()['location'], url).not.toContain('token')
			expect(response.headers()['referrer-policy'], url).toBe('no-referrer')
		}
		// The pages themselves keep the stricter policy their route set (`same-origin`: no
		// Referer to any other site, but a real Origin on their own form posts) instead of the
		// site-wide default.
		for (const url of [
			'/reset-password',
			'/reset-password.data',
			'/verify-email',
			'/verify-email?enlace=no-valido',
			'/verify-email.data',
		]) {
			const response = await request.get(url, { maxRedirects: 0 })
			expect(response.status(), url).toBe(200)
			expect(response.headers()['referrer-policy'], url).toBe('same-origin')
		}
		const login = await request.get('/login')
		expect(login.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')
	})
})
