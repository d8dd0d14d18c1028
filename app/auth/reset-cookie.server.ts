import { createCookie } from '@remix-run/node'
import { getSessionSecrets } from '~/utils/env.server'
import { cookiePolicy } from './cookie-policy.server'
import { PASSWORD_RESET_TTL_MS } from './password-reset.server'

let cookie: ReturnType<typeof createCookie> | undefined

/**
 * Holds the reset token between the e-mailed link and the form, so the token leaves the
 * address bar (history, Referer, screenshots) at the first request.
 */
export function resetTokenCookie() {
	// Path=/ (not '/reset-password'): with JavaScript the form posts to /reset-password.data.
	const { name, ...policy } = cookiePolicy('fr_reset')
	cookie ??= createCookie(name, {
		...policy,
		httpOnly: true,
		sameSite: 'lax',
		secrets: getSessionSecrets(),
		maxAge: PASSWORD_RESET_TTL_MS / 1000,
	})
	return cookie
}
