import { data } from '@remix-run/node'
import { getEnv } from '~/utils/env.server'
import { prisma } from '~/utils/db.server'

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS

type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number }

/**
 * Counts one hit on a fixed window (one minute unless `windowMs` says otherwise) kept in
 * the database, so every process serving the app shares it. Two single-statement writes,
 * no read-modify-write race: drop the window if it has ended, then insert-or-increment.
 * The window starts at the first hit. Keys name their window (e.g. `…:hour:…`) so two
 * windows over the same subject never share a row.
 */
export async function hit(
	key: string,
	limit: number,
	now = new Date(),
	windowMs = MINUTE_MS,
): Promise<RateLimitResult> {
	await prisma.rateLimit.deleteMany({ where: { key, resetAt: { lte: now } } })
	const row = await prisma.rateLimit.upsert({
		where: { key },
		create: { key, count: 1, resetAt: new Date(now.getTime() + windowMs) },
		update: { count: { increment: 1 } },
		select: { count: true, resetAt: true },
	})
	return {
		allowed: row.count <= limit,
		count: row.count,
		retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
	}
}

/** The hits counted so far in the key's current window (0 once it has ended). */
export async function countInWindow(key: string, now = new Date()) {
	const row = await prisma.rateLimit.findUnique({
		where: { key },
		select: { count: true, resetAt: true },
	})
	return row && row.resetAt.getTime() > now.getTime() ? row.count : 0
}

/** Forgets a counter (e.g. an account's failed sign-ins once the right password came). */
export async function resetCounter(key: string) {
	await prisma.rateLimit.deleteMany({ where: { key } })
}

/**
 * AUTH_RATE_LIMIT attempts a minute per client address, and per account when `account` is
 * given, for one action (login, register, forgot-password, resend). Sign-in passes no
 * account: its per-account protection is a delay, never a refusal (login-throttle.server.ts).
 */
export async function checkAuthRateLimit(
	clientAddress: string,
	action: string,
	account: string | null | undefined,
) {
	const limit = getEnv().AUTH_RATE_LIMIT
	const keys: string[] = [`${action}:ip:${clientAddress}`]
	if (account) keys.push(`${action}:account:${account.toLowerCase()}`)
	let retryAfterSeconds = 0
	let allowed = true
	for (const key of keys) {
		const result = await hit(key, limit)
		if (!result.allowed) {
			allowed = false
			retryAfterSeconds = Math.max(retryAfterSeconds, result.retryAfterSeconds)
		}
	}
	return { allowed, retryAfterSeconds }
}

/**
 * For a route's `headers` export: a document response drops the action's headers unless
 * the route passes them on, and a 429 without its Retry-After would not say when to retry.
 */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }) {
	const retryAfter = actionHeaders.get('Retry-After')
	const headers: Record<string, string> = {}
	if (retryAfter) headers['Retry-After'] = retryAfter
	return headers
}

/** The 429 answer for a form action: the form comes back with the Spanish message. */
export function tooManyRequests<T>(body: T, retryAfterSeconds: number) {
	return data(body, { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } })
}
