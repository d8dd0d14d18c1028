import { createCookie } from '@remix-run/node'
import { getSessionSecrets } from '~/utils/env.server'
import { cookiePolicy } from './cookie-policy.server'
import { EMAIL_CODE_TTL_MS } from './email-code.server'

let pendingCookie: ReturnType<typeof createCookie> | undefined
let linkCookie: ReturnType<typeof createCookie> | undefined

function signedCookie(baseName: string) {
	// Path=/: with JavaScript the forms post to the route's `.data` URL.
	const { name, ...policy } = cookiePolicy(baseName)
	return createCookie(name, {
		...policy,
		httpOnly: true,
		sameSite: 'lax',
		secrets: getSessionSecrets(),
		maxAge: EMAIL_CODE_TTL_MS / 1000,
	})
}

export type PendingEmailCode = { email: string; redirectTo: string | null }

/**
 * The address a code was asked for (and where to go after), between the request and the
 * typed code: the code page is then a plain GET (a reload sends no second mail), and the
 * address never has to travel in the page. Lives as long as the code.
 */
export function pendingEmailCodeCookie() {
	pendingCookie ??= signedCookie('fr_email_code')
	return pendingCookie
}

export async function readPendingEmailCode(request: Request): Promise<PendingEmailCode | null> {
	const value: unknown = await pendingEmailCodeCookie().parse(request.headers.get('cookie'))
	if (typeof value !== 'object' || value === null) return null
	const { email, redirectTo } = value as Record<string, unknown>
	if (typeof email !== 'string' || !email) return null
	return { email, redirectTo: typeof redirectTo === 'string' ? redirectTo : null }
}

/**
 * Holds a one-click link's token between the mailed URL and the page's button, so the
 * token leaves the address bar (history, Referer, screenshots) at the first request.
 */
export function emailLinkCookie() {
	linkCookie ??= signedCookie('fr_email_link')
	return linkCookie
}

export async function readEmailLinkToken(request: Request) {
	const value: unknown = await emailLinkCookie().parse(request.headers.get('cookie'))
	return typeof value === 'string' && value ? value : null
}
