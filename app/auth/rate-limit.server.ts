import { data } from '@remix-run/node'
import { getEnv } from '~/utils/env.server'
import { prisma } from '~/utils/db.server'
import { authMessages } from './messages'

const WINDOW_MS = 60_000

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number }

/**
 * Counts one hit on a fixed one-minute window kept in the database, so every process
 * serving the app shares it. Two single-statement writes, no read-modify-write race:
 * drop the window if it has ended, then insert-or-increment.
 */
export async function hit(key: string, limit: number, now = new Date()): Promise<RateLimitResult> {
	await prisma.rateLimit.deleteMany({ where: { key, resetAt: { lte: now } } })
	const row = await prisma.rateLimit.upsert({
		where: { key },
		create: { key, count: 1, resetAt: new Date(now.getTime() + WINDOW_MS) },
		update: { count: { increment: 1 } },
		select: { count: true, resetAt: true },
	})
	return {
		allowed: row.count <= limit,
		count: row.count,
		retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
	}
}

/**
 * AUTH_RATE_LIMIT attempts a minute per client address and per account for one action
 * (login, register, forgot-password, resend).
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

/** The 429 answer for a form action: the form comes back with the Spanish message. */
export function tooManyRequests<T>(body: T, retryAfterSeconds: number) {
	return data(body, { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } })
}

export const rateLimitMessage = authMessages.rateLimited
