import { createCookie } from '@remix-run/node'
import { getSessionSecrets } from '~/utils/env.server'
import { prisma } from '~/utils/db.server'
import { randomToken } from './tokens.server'

const DAY_MS = 24 * 60 * 60 * 1000
export const SESSION_TTL_MS = 30 * DAY_MS
/** Extend on use, but write at most about once a day per session, not on every request. */
export const SESSION_REFRESH_BELOW_MS = 29 * DAY_MS

let cookie: ReturnType<typeof createCookie> | undefined

// Created lazily: the secrets may come from DATA_DIR, which is read at first use. Signed
// with every secret of SESSION_SECRET (newest signs, all verify), so secrets can rotate.
function sessionCookie() {
	cookie ??= createCookie('fr_session', {
		path: '/',
		httpOnly: true,
		sameSite: 'lax',
		secure: process.env.NODE_ENV === 'production',
		secrets: getSessionSecrets(),
		maxAge: SESSION_TTL_MS / 1000,
	})
	return cookie
}

/** The session id the cookie carries, if its signature is valid. */
export async function readSessionId(request: Request): Promise<string | null> {
	const value: unknown = await sessionCookie().parse(request.headers.get('cookie'))
	return typeof value === 'string' && value.length > 0 ? value : null
}

export function serializeSessionCookie(sessionId: string, expiresAt: Date) {
	return sessionCookie().serialize(sessionId, {
		expires: expiresAt,
		maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
	})
}

export function clearSessionCookie() {
	return sessionCookie().serialize('', { expires: new Date(0), maxAge: 0 })
}

/** Opens a session for a user; returns the Set-Cookie header value that carries it. */
export async function createSession(userId: string, request?: Request) {
	// Whenever someone signs in, sweep what has expired (sessions, links, counters).
	await deleteExpiredRows()
	const session = await prisma.session.create({
		data: {
			id: randomToken(),
			userId,
			expiresAt: new Date(Date.now() + SESSION_TTL_MS),
			userAgent: request?.headers.get('user-agent')?.slice(0, 300) ?? null,
		},
		select: { id: true, expiresAt: true },
	})
	return { ...session, cookie: await serializeSessionCookie(session.id, session.expiresAt) }
}

const sessionUserSelect = {
	id: true,
	name: true,
	email: true,
	role: true,
	emailVerifiedAt: true,
} as const

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findActiveSession>>>

/** The live session with its user, or null; an expired row found here is deleted. */
export async function findActiveSession(sessionId: string) {
	const session = await prisma.session.findUnique({
		where: { id: sessionId },
		select: { id: true, expiresAt: true, user: { select: sessionUserSelect } },
	})
	if (!session) return null
	if (session.expiresAt.getTime() <= Date.now()) {
		await prisma.session.deleteMany({ where: { id: sessionId } })
		return null
	}
	return session
}

/**
 * Slides the 30-day expiry forward when less than 29 days remain. Returns the new cookie
 * to send, or null when nothing needed writing.
 */
export async function extendSession(session: { id: string; expiresAt: Date }) {
	const now = Date.now()
	if (session.expiresAt.getTime() - now >= SESSION_REFRESH_BELOW_MS) return null
	const expiresAt = new Date(now + SESSION_TTL_MS)
	const { count } = await prisma.session.updateMany({
		where: { id: session.id },
		data: { expiresAt, lastUsedAt: new Date(now) },
	})
	return count === 1 ? serializeSessionCookie(session.id, expiresAt) : null
}

export async function deleteSession(sessionId: string) {
	await prisma.session.deleteMany({ where: { id: sessionId } })
}

/** Signs a user out everywhere (optionally keeping one session). */
export async function revokeUserSessions(userId: string, options: { except?: string } = {}) {
	const { count } = await prisma.session.deleteMany({
		where: { userId, ...(options.except ? { id: { not: options.except } } : {}) },
	})
	return count
}

export async function deleteExpiredRows(now = new Date()) {
	await prisma.$transaction([
		prisma.session.deleteMany({ where: { expiresAt: { lte: now } } }),
		prisma.passwordReset.deleteMany({ where: { expiresAt: { lte: now } } }),
		prisma.emailVerification.deleteMany({ where: { expiresAt: { lte: now } } }),
		prisma.rateLimit.deleteMany({ where: { resetAt: { lte: now } } }),
	])
}
