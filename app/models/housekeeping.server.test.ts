import { expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { GENERATION_EVENT_RETENTION_DAYS, runHousekeeping } from './housekeeping.server'
import { quotaDay } from './quota.server'

const HOUR = 60 * 60 * 1000

test('expired batches, ended rate-limit windows, week-old counters, expired sign-in codes and provider calls past their retention go; live rows stay, at most hourly', async () => {
	const now = new Date('2026-11-23T12:00:00Z')
	const past = new Date(now.getTime() - HOUR)
	const future = new Date(now.getTime() + HOUR)
	const batch = (id: string, expiresAt: Date | null) =>
		prisma.generationBatch.create({
			data: {
				id,
				page: 'home',
				prompt: 'x',
				settings: '{}',
				provider: 'offline',
				model: 'x',
				expiresAt,
			},
		})
	await batch('old', past)
	await batch('live', future)
	await batch('kept', null)
	await prisma.rateLimit.createMany({
		data: [
			{ key: 'login:ip:203.0.113.1', count: 3, resetAt: past },
			{ key: 'login:ip:203.0.113.2', count: 3, resetAt: future },
		],
	})
	const eightDaysAgo = quotaDay(new Date(now.getTime() - 8 * 24 * HOUR))
	await prisma.generationQuota.createMany({
		data: [
			{ subject: 'ip:203.0.113.1', day: eightDaysAgo, count: 5 },
			{ subject: 'ip:203.0.113.1', day: quotaDay(now), count: 5 },
		],
	})

	const event = (id: string, daysAgo: number) => ({
		id,
		createdAt: new Date(now.getTime() - daysAgo * 24 * HOUR),
		page: 'home',
		provider: 'gemini',
		model: 'm',
		latencyMs: 100,
		outcome: 'success',
	})
	await prisma.generationEvent.createMany({
		data: [
			event('expired', GENERATION_EVENT_RETENTION_DAYS + 1),
			event('kept', GENERATION_EVENT_RETENTION_DAYS - 1),
		],
	})

	const code = (id: string, expiresAt: Date) => ({
		id,
		email: 'codigo@frasea.test',
		codeHash: `hash-${id}`,
		linkTokenHash: `link-${id}`,
		expiresAt,
	})
	await prisma.emailSignInCode.createMany({
		data: [code('expired-code', past), code('live-code', future)],
	})

	expect(await runHousekeeping(now)).toEqual({
		batches: 1,
		rateLimits: 1,
		quotas: 1,
		generationEvents: 1,
		emailCodes: 1,
	})
	expect((await prisma.emailSignInCode.findMany()).map((c) => c.id)).toEqual(['live-code'])
	expect((await prisma.generationEvent.findMany()).map((e) => e.id)).toEqual(['kept'])
	expect(
		(await prisma.generationBatch.findMany({ orderBy: { id: 'asc' } })).map((b) => b.id),
	).toEqual(['kept', 'live'])
	expect(await prisma.rateLimit.findMany()).toHaveLength(1)
	expect(await prisma.generationQuota.findMany()).toMatchObject([{ day: quotaDay(now) }])

	// Within the hour it does nothing; an hour later it runs again.
	await batch('old2', past)
	expect(await runHousekeeping(new Date(now.getTime() + HOUR / 2))).toBeNull()
	// 'old2', and 'live', whose hour is up by then.
	expect(await runHousekeeping(new Date(now.getTime() + HOUR))).toMatchObject({ batches: 2 })
})
