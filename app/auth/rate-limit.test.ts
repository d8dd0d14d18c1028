import { describe, expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { checkAuthRateLimit, hit } from './rate-limit.server'

const from = (clientAddress: string) => clientAddress

describe('rate limit', () => {
	test('counts hits in a one-minute window and refuses past the limit', async () => {
		const now = new Date('2026-01-01T10:00:00Z')
		expect((await hit('k1', 2, now)).allowed).toBe(true)
		expect((await hit('k1', 2, now)).allowed).toBe(true)
		const third = await hit('k1', 2, now)
		expect(third).toMatchObject({ allowed: false, count: 3, retryAfterSeconds: 60 })
		// The next window starts over.
		expect((await hit('k1', 2, new Date('2026-01-01T10:01:00Z'))).count).toBe(1)
	})

	test('keeps its state in the database, shared by every process', async () => {
		await hit('k2', 10, new Date())
		await hit('k2', 10, new Date())
		expect(await prisma.rateLimit.findUnique({ where: { key: 'k2' } })).toMatchObject({ count: 2 })
	})

	test('concurrent hits are all counted', async () => {
		await Promise.all(Array.from({ length: 20 }, () => hit('k3', 100)))
		expect((await prisma.rateLimit.findUniqueOrThrow({ where: { key: 'k3' } })).count).toBe(20)
	})

	test('limits per IP and per account (AUTH_RATE_LIMIT = 3 here)', async () => {
		for (let i = 0; i < 3; i++) {
			expect((await checkAuthRateLimit(from('203.0.113.7'), 'login', `a${i}@x.test`)).allowed).toBe(
				true,
			)
		}
		// Same IP, a fourth account: the IP is over its limit.
		expect((await checkAuthRateLimit(from('203.0.113.7'), 'login', 'otra@x.test')).allowed).toBe(
			false,
		)
		// Another IP is not affected.
		expect((await checkAuthRateLimit(from('203.0.113.8'), 'login', 'otra2@x.test')).allowed).toBe(
			true,
		)

		for (let i = 0; i < 3; i++) {
			expect(
				(await checkAuthRateLimit(from(`198.51.100.${i}`), 'login', 'Victima@x.test')).allowed,
			).toBe(true)
		}
		// Same account from yet another IP, different case: over its limit.
		const result = await checkAuthRateLimit(from('198.51.100.99'), 'login', 'victima@x.test')
		expect(result.allowed).toBe(false)
		expect(result.retryAfterSeconds).toBeGreaterThan(0)
		// Limits are per action.
		expect(
			(await checkAuthRateLimit(from('198.51.100.99'), 'register', 'victima@x.test')).allowed,
		).toBe(true)
	})
})
