import { randomBytes } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { cookiePolicy } from '~/auth/cookie-policy.server'
import { getSessionSecrets } from './env.server'

let visitorCookie: ReturnType<typeof createCookie> | undefined

function cookie() {
	const { name, ...policy } = cookiePolicy('fr_visitor')
	visitorCookie ??= createCookie(name, {
		...policy,
		httpOnly: true,
		sameSite: 'lax',
		maxAge: 60 * 60 * 24 * 365,
		secrets: getSessionSecrets(),
	})
	return visitorCookie
}

/** The anonymous visitor id of this browser, if it has one (signed cookie). */
export async function getVisitorId(request: Request): Promise<string | null> {
	const value: unknown = await cookie().parse(request.headers.get('cookie'))
	return typeof value === 'string' && /^[\w-]{20,64}$/.test(value) ? value : null
}

/**
 * The visitor id of this browser, creating one when needed. Anonymous generations and
 * uploads belong to it; `setCookie` is non-null when the response must store a new id.
 */
export async function ensureVisitorId(request: Request) {
	const existing = await getVisitorId(request)
	if (existing) return { visitorId: existing, setCookie: null }
	const visitorId = randomBytes(18).toString('base64url')
	return { visitorId, setCookie: await cookie().serialize(visitorId) }
}
