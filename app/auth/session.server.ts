import { createCookie } from '@remix-run/node'
import { getSessionSecrets } from '~/utils/env.server'
import { prisma } from '~/utils/db.server'
import { cookiePolicy } from './cookie-policy.server'
import { hashToken, randomToken } from './tokens.server'

const DAY_MS = 24 * 60 * 60 * 1000
/** Sliding expiry: a session unused for this long ends. */
const SESSION_TTL_MS = 14 * DAY_MS
/** Extend on use, but write at most about once a day per session, not on every request. */
const SESSION_REFRESH_BELOW_MS = SESSION_TTL_MS - DAY_MS
/**
 * Absolute lifetime: however busy, a session ends this long after sign-in, so a stolen
 * cookie cannot be kept alive for ever by using it.
 */
const SESSION_MAX_AGE_MS = 30 * DAY_MS

let cookie: ReturnType<typeof createCookie> | undefined

// Created lazily: the secrets may come from DATA_DIR, which is read at first use. Signed
// with every secret of SESSION_SECRET (newest signs, all verify), so secrets can rotate.
function sessionCookie() {
	const { name, ...policy } = cookiePolicy('fr_session')
	cookie ??= createCookie(name, {
		...policy,
		httpOnly: true,
		sameSite: 'lax',
		secrets: getSessionSecrets(),
		maxAge: SESSION_TTL_MS / 1000,
	})
	return cookie
}

/**
 * The session token the cookie carries, if its signature is valid. The database keeps only
 * its SHA-256 (see sessionKey), so the token itself is the secret and stays in the cookie.
 */
export async function readSessionId(request: Request): Promise<string | null> {
	const value: unknown = await sessionCookie().parse(request.headers.get('cookie'))
	return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * The primary key of a session row: the SHA-256 of the cookie's token. Someone who reads
 * the database or a backup learns no cookie value that would sign them in.
 */
export function sessionKey(token: string) {
	return hashToken(token)
}

export function serializeSessionCookie(token: string, expiresAt: Date) {
	return sessionCookie().serialize(token, {
		expires: expiresAt,
		maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
	})
}

export function clearSessionCookie() {
	return sessionCookie().serialize('', { expires: new Date(0), maxAge: 0 })
}

/** Opens a session for a user; returns its token and the Set-Cookie value that carries it. */
export async function createSession(userId: string, request?: Request) {
	// Whenever someone signs in, sweep what has expired (sessions, links, counters).
	await deleteExpiredRows()
	const token = randomToken()
	const session = await prisma.session.create({
		data: {
			id: sessionKey(token),
			userId,
			expiresAt: new Date(Date.now() + SESSION_TTL_MS),
			userAgent: request?.headers.get('user-agent')?.slice(0, 300) ?? null,
		},
		select: { expiresAt: true },
	})
	return {
		token,
		expiresAt: session.expiresAt,
		cookie: await serializeSessionCookie(token, session.expiresAt),
	}
}

const sessionUserSelect = {
	id: true,
	name: true,
	email: true,
	role: true,
	emailVerifiedAt: true,
	disabledAt: true,
} as const

/**
 * The live session behind a cookie token, with its user, or null. A row past its sliding
 * expiry or its absolute lifetime is deleted here. `id` is the row's key (the hash).
 */
export async function findActiveSession(token: string) {
	const key = sessionKey(token)
	const session = await prisma.session.findUnique({
		where: { id: key },
		select: { id: true, expiresAt: true, createdAt: true, user: { select: sessionUserSelect } },
	})
	if (!session) return null
	const now = Date.now()
	if (
		session.expiresAt.getTime() <= now ||
		session.createdAt.getTime() + SESSION_MAX_AGE_MS <= now
	) {
		await prisma.session.deleteMany({ where: { id: key } })
		return null
	}
	// Disabling an account deletes its sessions; this covers one opened at that moment.
	if (session.user.disabledAt) {
		await prisma.session.deleteMany({ where: { id: key } })
		return null
	}
	return session
}

/**
 * Slides the expiry forward when less than SESSION_REFRESH_BELOW_MS remains, never past
 * the absolute lifetime. Returns the new cookie to send (it carries the token, so the
 * caller passes it), or null when nothing needed writing.
 */
export async function extendSession(
	token: string,
	session: { id: string; expiresAt: Date; createdAt: Date },
) {
	const now = Date.now()
	if (session.expiresAt.getTime() - now >= SESSION_REFRESH_BELOW_MS) return null
	const expiresAt = new Date(
		Math.min(now + SESSION_TTL_MS, session.createdAt.getTime() + SESSION_MAX_AGE_MS),
	)
	if (expiresAt.getTime() <= session.expiresAt.getTime()) return null
	const { count } = await prisma.session.updateMany({
		where: { id: session.id },
		data: { expiresAt, lastUsedAt: new Date(now) },
	})
	return count === 1 ? serializeSessionCookie(token, expiresAt) : null
}

/** Ends the session behind a cookie token. */
export async function deleteSession(token: string) {
	await prisma.session.deleteMany({ where: { id: sessionKey(token) } })
}

/** Signs a user out everywhere (optionally keeping the session behind one cookie token). */
export async function revokeUserSessions(userId: string, options: { exceptToken?: string } = {}) {
	const { count } = await prisma.session.deleteMany({
		where: {
			userId,
			...(options.exceptToken ? { id: { not: sessionKey(options.exceptToken) } } : {}),
		},
	})
	return count
}

/** Deletes expired sessions, links and rate-limit windows; returns how many of each. */
export async function deleteExpiredRows(now = new Date()) {
	const [sessions, resets, verifications, rateLimits] = await prisma.$transaction([
		prisma.session.deleteMany({
			where: {
				OR: [
					{ expiresAt: { lte: now } },
					{ createdAt: { lte: new Date(now.getTime() - SESSION_MAX_AGE_MS) } },
				],
			},
		}),
		prisma.passwordReset.deleteMany({ where: { expiresAt: { lte: now } } }),
		prisma.emailVerification.deleteMany({ where: { expiresAt: { lte: now } } }),
		prisma.rateLimit.deleteMany({ where: { resetAt: { lte: now } } }),
	])
	return {
		sessions: sessions.count,
		links: resets.count + verifications.count,
		rateLimits: rateLimits.count,
	}
}
