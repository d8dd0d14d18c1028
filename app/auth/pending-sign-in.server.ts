/**
 * A sign-in waiting for its second step. When the account has two-factor on, the first
 * step (password, Google, a reset link, an e-mailed code) opens no session: it leaves a
 * row here for 10 minutes and gives the browser a random token in a short-lived cookie.
 * The database keeps only the token's SHA-256, like sessions.
 *
 * Guessing is bounded twice: MAX_ATTEMPTS wrong codes end the pending sign-in (the first
 * step must be passed again), and ACCOUNT_FAILURE_LIMIT wrong codes per account in
 * ACCOUNT_FAILURE_WINDOW_MS refuse further tries on that account, whichever sign-in they
 * come from. Only someone who passed the first step can spend those tries, so the limit
 * is no lock-out button for strangers.
 */
import { createCookie } from '@remix-run/node'
import { prisma } from '~/utils/db.server'
import { getSessionSecrets } from '~/utils/env.server'
import { cookiePolicy } from './cookie-policy.server'
import { countInWindow, hit, MINUTE_MS } from './rate-limit.server'
import { hashToken, randomToken } from './tokens.server'

export const PENDING_SIGN_IN_TTL_MS = 10 * MINUTE_MS
export const MAX_ATTEMPTS = 5
export const ACCOUNT_FAILURE_LIMIT = 10
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * MINUTE_MS

export type SignInMethod = 'password' | 'google' | 'email_code'

let cookie: ReturnType<typeof createCookie> | undefined

export function pendingSignInCookie() {
	const { name, ...policy } = cookiePolicy('fr_2fa')
	cookie ??= createCookie(name, {
		...policy,
		httpOnly: true,
		sameSite: 'lax',
		secrets: getSessionSecrets(),
		maxAge: PENDING_SIGN_IN_TTL_MS / 1000,
	})
	return cookie
}

export async function readPendingToken(request: Request) {
	const value: unknown = await pendingSignInCookie().parse(request.headers.get('cookie'))
	return typeof value === 'string' && value ? value : null
}

export function clearPendingCookie() {
	return pendingSignInCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

/** Records a first step passed; returns the Set-Cookie that carries its token. */
export async function createPendingSignIn(
	userId: string,
	method: SignInMethod,
	redirectTo: string | null,
	now = new Date(),
) {
	await prisma.pendingSignIn.deleteMany({ where: { expiresAt: { lte: now } } })
	const token = randomToken()
	await prisma.pendingSignIn.create({
		data: {
			id: hashToken(token),
			userId,
			method,
			redirectTo,
			expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS),
		},
	})
	return { token, cookie: await pendingSignInCookie().serialize(token) }
}

/** The live pending sign-in behind a token, or null (an expired one is deleted here). */
export async function findPendingSignIn(token: string, now = new Date()) {
	const id = hashToken(token)
	const row = await prisma.pendingSignIn.findUnique({ where: { id } })
	if (!row) return null
	if (row.expiresAt.getTime() <= now.getTime()) {
		await prisma.pendingSignIn.deleteMany({ where: { id } })
		return null
	}
	return row
}

const failuresKey = (userId: string) => `two-factor-failures:${userId}`

/** Whether the account has used up its wrong codes for now. */
export async function accountCodeLimitReached(userId: string, now = new Date()) {
	return (await countInWindow(failuresKey(userId), now)) >= ACCOUNT_FAILURE_LIMIT
}

/** Counts a wrong code against the account (sign-in or the profile's two-factor forms). */
export async function recordAccountCodeFailure(userId: string, now = new Date()) {
	await hit(failuresKey(userId), Number.MAX_SAFE_INTEGER, now, ACCOUNT_FAILURE_WINDOW_MS)
}

/**
 * Counts a wrong code against the pending sign-in and the account. Returns how many tries
 * the sign-in has left; 0 when this was the last one (the row is gone).
 */
export async function recordWrongCode(pendingId: string, userId: string, now = new Date()) {
	await recordAccountCodeFailure(userId, now)
	await prisma.pendingSignIn.updateMany({
		where: { id: pendingId },
		data: { attempts: { increment: 1 } },
	})
	await prisma.pendingSignIn.deleteMany({
		where: { id: pendingId, attempts: { gte: MAX_ATTEMPTS } },
	})
	const alive = await prisma.pendingSignIn.findUnique({
		where: { id: pendingId },
		select: { attempts: true },
	})
	return alive ? MAX_ATTEMPTS - alive.attempts : 0
}

/** Spends the pending sign-in; false when another request already did (or it is gone). */
export async function completePendingSignIn(pendingId: string) {
	const { count } = await prisma.pendingSignIn.deleteMany({ where: { id: pendingId } })
	return count === 1
}
