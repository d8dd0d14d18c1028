import { createCookie } from '@remix-run/node'
import { cookiePolicy } from '~/auth/cookie-policy.server'
import { prisma } from '~/utils/db.server'

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

/** The theme the site is shown in for this browser, as a setting: the cookie's, else the system's. */
export async function shownTheme(request: Request): Promise<Theme | 'system'> {
	return (await getTheme(request)) ?? 'system'
}

/** A Set-Cookie value storing the choice ('system' forgets it). */
export function setTheme(theme: Theme | 'system'): Promise<string> {
	if (theme === 'system') return themeCookie().serialize('', { maxAge: 0 })
	return themeCookie().serialize(theme)
}

export type FontSize = 'small' | 'medium' | 'large'

/** What the document is rendered with: a class and attributes on <html>, from the first byte. */
export type Appearance = {
	/** null follows the system preference. */
	theme: Theme | null
	fontSize: FontSize
	reducedMotion: boolean
}

const isFontSize = (value: string): value is FontSize =>
	value === 'small' || value === 'medium' || value === 'large'

/**
 * A signed-in user's saved settings are the source of truth (one read by primary key).
 * Before they save any, signing in changes nothing: like a visitor, they get the theme the
 * header's switch stored in the cookie, else the system's.
 */
export async function getAppearance(request: Request, userId: string | null): Promise<Appearance> {
	const [cookieTheme, settings] = await Promise.all([
		getTheme(request),
		userId
			? prisma.userSettings.findUnique({
					where: { userId },
					select: { theme: true, fontSize: true, reducedMotion: true },
				})
			: null,
	])
	if (!settings) {
		return {
			theme: cookieTheme,
			fontSize: 'medium',
			reducedMotion: false,
		}
	}
	return {
		theme: settings.theme === 'light' || settings.theme === 'dark' ? settings.theme : null,
		fontSize: isFontSize(settings.fontSize) ? settings.fontSize : 'medium',
		reducedMotion: settings.reducedMotion,
	}
}
