import { createCookie } from '@remix-run/node'
import { cookiePolicy } from '~/auth/cookie-policy.server'

export type Theme = 'light' | 'dark'

let cookie: ReturnType<typeof createCookie> | undefined

// Created lazily: its name and Secure flag depend on APP_URL, read at first use.
function themeCookie() {
	const { name, ...policy } = cookiePolicy('fr_theme')
	cookie ??= createCookie(name, {
		...policy,
		maxAge: 60 * 60 * 24 * 365,
		sameSite: 'lax',
		httpOnly: true,
	})
	return cookie
}

/** The visitor's chosen theme, or null to follow the system preference. */
export async function getTheme(request: Request): Promise<Theme | null> {
	const value: unknown = await themeCookie().parse(request.headers.get('cookie'))
	return value === 'light' || value === 'dark' ? value : null
}

/** A Set-Cookie value storing the choice ('system' forgets it). */
export function setTheme(theme: Theme | 'system'): Promise<string> {
	if (theme === 'system') return themeCookie().serialize('', { maxAge: 0 })
	return themeCookie().serialize(theme)
}
