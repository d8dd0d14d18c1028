import { createCookie } from '@remix-run/node'
import { cookiePolicy } from '~/auth/cookie-policy.server'
import { getSessionSecrets } from '~/utils/env.server'
import { INVITATION_TTL_MS } from './invitations.server'

let cookie: ReturnType<typeof createCookie> | undefined

/**
 * Holds the invitation token between the mailed link and the form, so the token leaves
 * the address bar (history, Referer, screenshots) at the first request, as reset links do.
 */
export function invitationTokenCookie() {
	// Path=/: with JavaScript the form posts to /invitacion.data.
	const { name, ...policy } = cookiePolicy('fr_invitation')
	cookie ??= createCookie(name, {
		...policy,
		httpOnly: true,
		sameSite: 'lax',
		secrets: getSessionSecrets(),
		maxAge: INVITATION_TTL_MS / 1000,
	})
	return cookie
}

export async function invitationTokenFrom(request: Request) {
	const value: unknown = await invitationTokenCookie().parse(request.headers.get('cookie'))
	return typeof value === 'string' && value ? value : null
}
