import { getEnv } from '~/utils/env.server'

/**
 * The name and flags every cookie of the app shares, decided by the scheme of APP_URL (not
 * by NODE_ENV): an HTTPS deployment gets `Secure` and the `__Host-` prefix, which makes the
 * browser refuse the cookie unless it is Secure, has Path=/ and no Domain, so neither a
 * sibling subdomain nor a plain-HTTP page can plant or overwrite it. A self-hoster serving
 * plain HTTP on a LAN (APP_URL http://…) gets the bare name without Secure, which the
 * browser would otherwise drop, and keeps working.
 */
export function cookiePolicy(baseName: string, secureCookies = getEnv().secureCookies) {
	return {
		name: secureCookies ? `__Host-${baseName}` : baseName,
		secure: secureCookies,
		// `__Host-` requires Path=/; one path for every mode keeps both the same.
		path: '/',
	} as const
}
