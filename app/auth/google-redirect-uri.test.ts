import { afterAll, describe, expect, test, vi } from 'vitest'

process.env.APP_URL = 'https://frasea.example'
process.env.SESSION_SECRET = 'secreto-de-pruebas-de-google-1234'
process.env.GOOGLE_CLIENT_ID = 'cliente'
process.env.GOOGLE_CLIENT_SECRET = 'secreto'
process.env.GOOGLE_ISSUER = 'https://issuer.test'

// OpenID discovery, counted: one authenticator for the app means one discovery.
const discovery = vi.fn(async () =>
	Response.json({
		authorization_endpoint: 'https://issuer.test/authorize',
		token_endpoint: 'https://issuer.test/token',
		code_challenge_methods_supported: ['S256'],
	}),
)
vi.stubGlobal('fetch', discovery)
afterAll(() => vi.unstubAllGlobals())

const { authenticateWithGoogle, oauthStateCookieOptions } = await import('./google.server')

/** Starts a sign-in as a request with this Host would, and returns Google's authorize URL. */
async function startFrom(host: string) {
	const request = new Request(`http://${host}/auth/google`, {
		method: 'POST',
		headers: { host, 'x-forwarded-host': host },
	})
	const thrown: unknown = await authenticateWithGoogle(request).catch((error: unknown) => error)
	expect(thrown).toBeInstanceOf(Response)
	const response = thrown as Response
	return { url: new URL(response.headers.get('location') ?? ''), response }
}

describe('Google sign-in', () => {
	test('one redirect URI, from APP_URL, whatever Host the request carried; one discovery', async () => {
		for (const host of ['frasea.example', 'evil.example', '127.0.0.1:3000', 'evil.example']) {
			const { url } = await startFrom(host)
			expect(url.origin + url.pathname).toBe('https://issuer.test/authorize')
			expect(url.searchParams.get('redirect_uri')).toBe(
				'https://frasea.example/auth/google/callback',
			)
			expect(url.searchParams.get('code_challenge_method')).toBe('S256')
		}
		expect(discovery).toHaveBeenCalledTimes(1)
	})

	test('the state and verifier cookie is __Host-, Secure and Path=/ on an https APP_URL', async () => {
		const { response } = await startFrom('frasea.example')
		const cookie = response.headers.get('set-cookie') ?? ''
		expect(oauthStateCookieOptions().name).toBe('__Host-fr_oauth2')
		expect(cookie).toMatch(/^__Host-fr_oauth2:[\w-]+=/)
		expect(cookie).toMatch(/;\s*Secure/i)
		expect(cookie).toMatch(/;\s*Path=\/(;|$)/i)
		expect(cookie).not.toMatch(/Domain=/i)
	})
})
