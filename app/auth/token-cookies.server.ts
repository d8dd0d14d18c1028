import { createCookie } from '@remix-run/node'
import { getSessionSecrets } from '~/utils/env.server'
import { cookiePolicy } from './cookie-policy.server'
import { EMAIL_VERIFICATION_TTL_MS } from './email-verification.server'
import { PASSWORD_RESET_TTL_MS } from './password-reset.server'

/**
 * The cookies that hold an e-mailed token between the link and the form that spends it,
 * so the token leaves the address bar (history, Referer, screenshots) at the first request
 * and opening the link (which mail scanners do) spends nothing.
 */
function tokenCookie(name: string, ttlMs: number) {
	let cookie: ReturnType<typeof createCookie> | undefined
	return () => {
		// Path=/ (not the page's path): with JavaScript the form posts to `<page>.data`.
		const { name: cookieName, ...policy } = cookiePolicy(name)
		cookie ??= createCookie(cookieName, {
			...policy,
			httpOnly: true,
			sameSite: 'lax',
			secrets: getSessionSecrets(),
			maxAge: ttlMs / 1000,
		})
		return cookie
	}
}

export const resetTokenCookie = tokenCookie('fr_reset', PASSWORD_RESET_TTL_MS)
export const verifyTokenCookie = tokenCookie('fr_verify', EMAIL_VERIFICATION_TTL_MS)

/** The token a request carries in one of these cookies, or null. */
export async function readTokenCookie(cookie: ReturnType<typeof createCookie>, request: Request) {
	const value: unknown = await cookie.parse(request.headers.get('cookie'))
	return typeof value === 'string' && value ? value : null
}
