import { createCookie } from '@remix-run/node'
import { decodeIdToken } from 'arctic'
import { Authenticator } from 'remix-auth'
import { OAuth2Strategy } from 'remix-auth-oauth2'
import { getEnv, getSessionSecrets } from '~/utils/env.server'
import { cookiePolicy } from './cookie-policy.server'
import { appOrigin } from './request.server'

export type GoogleIdentity = {
	/** The provider's stable user id (`sub`). */
	id: string
	email: string
	emailVerified: boolean
	name: string | null
}

const GOOGLE_CALLBACK_PATH = '/auth/google/callback'
/** Prefix of the short-lived cookies holding state and PKCE verifier (before `__Host-`). */
const OAUTH_STATE_COOKIE = 'fr_oauth2'

export function isGoogleConfigured() {
	const env = getEnv()
	return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
}

const trimSlash = (value: string) => value.replace(/\/+$/, '')

/**
 * Reads the identity from the ID token. It came straight from the token endpoint over the
 * back channel, so (OIDC Core 3.1.3.7) the issuer, audience and expiry are checked here
 * rather than the signature.
 */
export function identityFromIdToken(
	idToken: string,
	expected: { issuer: string; clientId: string },
	now = Date.now(),
): GoogleIdentity {
	const claims = decodeIdToken(idToken) as Record<string, unknown>
	const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
	if (typeof claims.iss !== 'string' || trimSlash(claims.iss) !== trimSlash(expected.issuer)) {
		throw new Error('ID token from an unexpected issuer')
	}
	if (!audience.includes(expected.clientId)) throw new Error('ID token for another client')
	if (typeof claims.exp !== 'number' || claims.exp * 1000 < now) throw new Error('ID token expired')
	if (typeof claims.sub !== 'string' || !claims.sub) throw new Error('ID token without subject')
	if (typeof claims.email !== 'string' || !claims.email.includes('@')) {
		throw new Error('ID token without e-mail')
	}
	const name =
		typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : null
	return {
		id: claims.sub,
		email: claims.email.trim().toLowerCase(),
		emailVerified: claims.email_verified === true || claims.email_verified === 'true',
		name,
	}
}

// One authenticator for the app: the redirect URI comes from APP_URL alone, never from the
// request's Host header (a forged Host must not pick the URI Google sends the code to, nor
// grow a cache of authenticators). Discovery runs once and is retried on the next sign-in
// if it failed.
let authenticator: Promise<Authenticator<GoogleIdentity>> | undefined

/** The redirect URI registered with Google: APP_URL's origin plus the callback path. */
function googleRedirectURI() {
	return `${appOrigin()}${GOOGLE_CALLBACK_PATH}`
}

/** Options of the state and PKCE verifier cookies remix-auth-oauth2 sets (one per attempt). */
export function oauthStateCookieOptions() {
	const { name, secure, path } = cookiePolicy(OAUTH_STATE_COOKIE)
	return {
		name,
		path,
		httpOnly: true as const,
		sameSite: 'Lax' as const,
		...(secure ? { secure: true as const } : {}),
	}
}

async function createAuthenticator() {
	const env = getEnv()
	const clientId = env.GOOGLE_CLIENT_ID
	const clientSecret = env.GOOGLE_CLIENT_SECRET
	if (!clientId || !clientSecret) throw new Error('Google sign-in is not configured')
	const strategy = await OAuth2Strategy.discover<GoogleIdentity, OAuth2Strategy<GoogleIdentity>>(
		env.GOOGLE_ISSUER,
		{
			clientId,
			clientSecret,
			redirectURI: googleRedirectURI(),
			scopes: ['openid', 'email', 'profile'],
			cookie: oauthStateCookieOptions(),
		},
		async ({ tokens }) =>
			identityFromIdToken(tokens.idToken(), { issuer: env.GOOGLE_ISSUER, clientId }),
	)
	return new Authenticator<GoogleIdentity>().use(strategy, 'google')
}

function googleAuthenticator() {
	if (!authenticator) {
		const created = createAuthenticator()
		created.catch(() => {
			if (authenticator === created) authenticator = undefined
		})
		authenticator = created
	}
	return authenticator
}

/**
 * Starts (throws the redirect to Google, setting the state and PKCE cookie) or finishes
 * (checks state and PKCE, exchanges the code, returns the identity) the sign-in.
 */
export async function authenticateWithGoogle(request: Request) {
	return (await googleAuthenticator()).authenticate('google', request)
}

/** Set-Cookie values that delete the state cookies once the callback has used them. */
export function clearOAuthStateCookies(request: Request): string[] {
	const { name: prefix, path, secure } = oauthStateCookieOptions()
	const header = request.headers.get('cookie') ?? ''
	return header
		.split(';')
		.map((part) => part.split('=')[0]?.trim() ?? '')
		.filter((name) => name.startsWith(prefix))
		.map(
			(name) =>
				// A `__Host-` cookie can only be replaced (here: expired) by a Secure Set-Cookie.
				`${name}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
		)
}

let redirectCookie: ReturnType<typeof createCookie> | undefined

/** Where to go after Google brings the visitor back (a same-origin path, signed). */
export function googleRedirectToCookie() {
	const { name, ...policy } = cookiePolicy('fr_oauth_redirect')
	redirectCookie ??= createCookie(name, {
		...policy,
		httpOnly: true,
		sameSite: 'lax',
		secrets: getSessionSecrets(),
		maxAge: 10 * 60,
	})
	return redirectCookie
}

/**
 * A Google flow started from the profile to link Google to the signed-in account: the
 * OAuth `state` of that very attempt, the account, and the SHA-256 of the session that
 * asked (so the callback links only for the same signed-in browser). Signed, HttpOnly and
 * short-lived; a query parameter never says whose account to link.
 */
export type GoogleLinkIntent = { state: string; userId: string; session: string }

let linkCookie: ReturnType<typeof createCookie> | undefined

export function googleLinkCookie() {
	const { name, ...policy } = cookiePolicy('fr_oauth_link')
	linkCookie ??= createCookie(name, {
		...policy,
		httpOnly: true,
		sameSite: 'lax',
		secrets: getSessionSecrets(),
		maxAge: 10 * 60,
	})
	return linkCookie
}

/** The link intent this browser carries, if its cookie is intact. */
export async function readGoogleLinkIntent(request: Request): Promise<GoogleLinkIntent | null> {
	const value: unknown = await googleLinkCookie().parse(request.headers.get('cookie'))
	if (!value || typeof value !== 'object') return null
	const { state, userId, session } = value as Record<string, unknown>
	return typeof state === 'string' && typeof userId === 'string' && typeof session === 'string'
		? { state, userId, session }
		: null
}
