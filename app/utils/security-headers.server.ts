import { getEnv } from './env.server'

/**
 * Security headers for every HTML and data response. Scripts run only from our origin or
 * with the per-request nonce; nothing may frame the site.
 */
export function applySecurityHeaders(headers: Headers, nonce?: string) {
	const env = getEnv()
	const isProduction = env.NODE_ENV === 'production'
	// Google sign-in posts a form that redirects to the identity provider.
	const formTargets = ["'self'", env.GOOGLE_CLIENT_ID ? new URL(env.GOOGLE_ISSUER).origin : null]
	const directives = [
		"default-src 'self'",
		`script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self'",
		`connect-src 'self'${isProduction ? '' : ' ws: wss:'}`,
		"object-src 'none'",
		"base-uri 'self'",
		`form-action ${formTargets.filter(Boolean).join(' ')}`,
		"frame-ancestors 'none'",
	]
	headers.set('Content-Security-Policy', directives.join('; '))
	headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
	headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()')
	headers.set('X-Content-Type-Options', 'nosniff')
	headers.set('X-Frame-Options', 'DENY')
	headers.set('Cross-Origin-Opener-Policy', 'same-origin')
	if (isProduction) {
		headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
	}
}

/**
 * Resource routes (no component: health check, theme switch, logout, files) bypass
 * entry.server's hooks, so their responses get the same headers through this.
 */
export function withSecurityHeaders(response: Response) {
	applySecurityHeaders(response.headers)
	return response
}
