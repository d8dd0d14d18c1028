import { getEnv } from './env.server'

const DEFAULT_REFERRER_POLICY = 'strict-origin-when-cross-origin'

// Referrer policies from the one that sends least to the one that sends most.
const REFERRER_POLICIES_STRICTEST_FIRST = [
	'no-referrer',
	'same-origin',
	'strict-origin',
	DEFAULT_REFERRER_POLICY,
	'origin',
	'origin-when-cross-origin',
	'no-referrer-when-downgrade',
	'unsafe-url',
]

/**
 * Whether a route already asked for a stricter Referrer-Policy than the default (e.g.
 * `no-referrer` on pages whose URL carries a token): that choice must survive, or the
 * token would leak through the Referer header. Browsers use the last policy they know in
 * a comma-separated list, so that one is compared.
 */
function keepsStricterReferrerPolicy(current: string | null) {
	const policy = current
		?.split(',')
		.map((value) => value.trim().toLowerCase())
		.findLast((value) => REFERRER_POLICIES_STRICTEST_FIRST.includes(value))
	if (!policy) return false
	return (
		REFERRER_POLICIES_STRICTEST_FIRST.indexOf(policy) <
		REFERRER_POLICIES_STRICTEST_FIRST.indexOf(DEFAULT_REFERRER_POLICY)
	)
}

/**
 * What the ad slot needs, added only to documents where ads are on (an admin switched them
 * on): the ads script (loaded by our code after hydration), the frames it draws the ad in,
 * their images and its requests back. Kept to the origins the ads script documents for a
 * display ad; anything else it tries is blocked and only costs that ad.
 */
const ADS_SOURCES = {
	script: ['https://pagead2.googlesyndication.com'],
	frame: ['https://googleads.g.doubleclick.net', 'https://tpc.googlesyndication.com'],
	img: [
		'https://pagead2.googlesyndication.com',
		'https://tpc.googlesyndication.com',
		'https://googleads.g.doubleclick.net',
	],
	connect: ['https://pagead2.googlesyndication.com'],
}

const withSources = (base: string, extra: readonly string[]) => [base, ...extra].join(' ')

/**
 * Security headers for every HTML and data response. Scripts run only from our origin or
 * with the per-request nonce; nothing may frame the site. `ads` (documents only, when the
 * ad slot is on) allows the ads origins as well.
 */
export function applySecurityHeaders(
	headers: Headers,
	nonce?: string,
	options: { ads?: boolean } = {},
) {
	const env = getEnv()
	const isProduction = env.NODE_ENV === 'production'
	const ads = options.ads === true
	// Google sign-in posts a form that redirects to the identity provider.
	const formTargets = ["'self'", env.GOOGLE_CLIENT_ID ? new URL(env.GOOGLE_ISSUER).origin : null]
	const directives = [
		"default-src 'self'",
		withSources(
			`script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
			ads ? ADS_SOURCES.script : [],
		),
		"style-src 'self' 'unsafe-inline'",
		withSources("img-src 'self' data: blob:", ads ? ADS_SOURCES.img : []),
		"font-src 'self'",
		withSources(
			`connect-src 'self'${isProduction ? '' : ' ws: wss:'}`,
			ads ? ADS_SOURCES.connect : [],
		),
		...(ads ? [withSources("frame-src 'self'", ADS_SOURCES.frame)] : []),
		"object-src 'none'",
		"base-uri 'self'",
		`form-action ${formTargets.filter(Boolean).join(' ')}`,
		"frame-ancestors 'none'",
	]
	headers.set('Content-Security-Policy', directives.join('; '))
	if (!keepsStricterReferrerPolicy(headers.get('Referrer-Policy'))) {
		headers.set('Referrer-Policy', DEFAULT_REFERRER_POLICY)
	}
	headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()')
	headers.set('X-Content-Type-Options', 'nosniff')
	headers.set('X-Frame-Options', 'DENY')
	headers.set('Cross-Origin-Opener-Policy', 'same-origin')
	// Only a site served over HTTPS (APP_URL) can promise browsers it always will be.
	if (env.secureCookies) {
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
