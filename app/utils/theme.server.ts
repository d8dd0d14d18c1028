import { createCookie } from '@remix-run/node'

export type Theme = 'light' | 'dark'

const themeCookie = createCookie('fr_theme', {
	path: '/',
	maxAge: 60 * 60 * 24 * 365,
	sameSite: 'lax',
	httpOnly: true,
	secure: process.env.NODE_ENV === 'production',
})

/** The visitor's chosen theme, or null to follow the system preference. */
export async function getTheme(request: Request): Promise<Theme | null> {
	const value: unknown = await themeCookie.parse(request.headers.get('cookie'))
	return value === 'light' || value === 'dark' ? value : null
}

/** A Set-Cookie value storing the choice ('system' forgets it). */
export function setTheme(theme: Theme | 'system'): Promise<string> {
	if (theme === 'system') return themeCookie.serialize('', { maxAge: 0 })
	return themeCookie.serialize(theme)
}
