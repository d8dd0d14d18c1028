/**
 * The daily counters themselves: address keys, and reservations that stay within their
 * limits however many requests race for them, in one process or several.
 */
import { spawn } from 'node:child_process'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { prisma } from '~/utils/db.server'
import {
	addressKey,
	getAllowance,
	quotaDay,
	releaseGeneration,
	reserveGeneration,
	reserveProviderCall,
} from './quota.server'

vi.hoisted(() => {
	process.env.GENERATION_DAILY_LIMIT_ANON = '1000'
	process.env.GENERATION_DAILY_LIMIT_IP = '7'
	process.env.GENERATION_DAILY_LIMIT_GLOBAL = '11'
})

beforeEach(async () => {
	await prisma.generationQuota.deleteMany()
})

async function count(subject: string) {
	const row = await prisma.generationQuota.findUnique({
		where: { subject_day: { subject, day: quotaDay() } },
	})
	return row?.count ?? 0
}

async function visitorTotal() {
	const rows = await prisma.generationQuota.findMany({
		where: { subject: { startsWith: 'visitor:' } },
	})
	return rows.reduce((sum, row) => sum + row.count, 0)
}

describe('addressKey', () => {
	test.each([
		['203.0.113.5', 'ip:203.0.113.5'],
		['::ffff:203.0.113.5', 'ip:203.0.113.5'],
		['2001:db8:1:2:3:4:5:6', 'ip:2001:db8:1:2::/64'],
		['2001:db8:1:2::9', 'ip:2001:db8:1:2::/64'],
		['[2001:0DB8:0001:0002::a]', 'ip:2001:db8:1:2::/64'],
		['2001:db8::1', 'ip:2001:db8:0:0::/64'],
		['::1', 'ip:0:0:0:0::/64'],
		['fe80::1%eth0', 'ip:fe80:0:0:0::/64'],
		// As server/index.js hands it over.
		['2001:db8:1:2::/64', 'ip:2001:db8:1:2::/64'],
		['2001:db8::/64', 'ip:2001:db8:0:0::/64'],
		['unknown', 'ip:unknown'],
		['', 'ip:unknown'],
		[undefined, 'ip:unknown'],
		['not an address', 'ip:unknown'],
	])('%s counts as %s', (address, key) => {
		expect(addressKey(address)).toBe(key)
	})
})

describe('reservations', () => {
	test('parallel reservations from many visitors of one address never exceed its limit', async () => {
		const results = await Promise.all(
			Array.from({ length: 40 }, (_, index) =>
				reserveGeneration({ kind: 'visitor', id: `v${index}` }, '192.0.2.44'),
			),
		)
		expect(results.filter((result) => result.ok)).toHaveLength(7)
		expect(
			results.filter((result) => !result.ok).map((result) => !result.ok && result.scope),
		).toEqual(Array(33).fill('ip'))
		expect(await count('ip:192.0.2.44')).toBe(7)
		// Refused visitors were given their place back.
		expect(await visitorTotal()).toBe(7)
	})

	test('parallel provider calls never exceed the global ceiling', async () => {
		const results = await Promise.all(Array.from({ length: 40 }, () => reserveProviderCall()))
		expect(results.filter(Boolean)).toHaveLength(11)
		expect(await count('global:provider-calls')).toBe(11)
	})

	test('releasing gives back to the day it was taken on, never below zero', async () => {
		const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000)
		const result = await reserveGeneration({ kind: 'visitor', id: 'ayer' }, '192.0.2.45', yesterday)
		if (!result.ok) throw new Error('expected a reservation')
		await reserveGeneration({ kind: 'visitor', id: 'ayer' }, '192.0.2.45')
		await releaseGeneration(result.reservation)
		await releaseGeneration(result.reservation)
		const rows = await prisma.generationQuota.findMany({ where: { subject: 'ip:192.0.2.45' } })
		expect(Object.fromEntries(rows.map((row) => [row.day, row.count]))).toEqual({
			[quotaDay(yesterday)]: 0,
			[quotaDay()]: 1,
		})
	})

	test('the allowance shown is the tightest applicable limit', async () => {
		const visitor = { kind: 'visitor', id: 'mirando' } as const
		expect(await getAllowance(visitor, '192.0.2.46', { providerCalls: true })).toEqual({
			limit: 1000,
			remaining: 7,
			scope: 'ip',
		})
		for (let i = 0; i < 6; i++) await reserveProviderCall()
		expect(await getAllowance(visitor, '192.0.2.46', { providerCalls: true })).toEqual({
			limit: 1000,
			remaining: 5,
			scope: 'global',
		})
		// The offline engine makes no provider calls: the ceiling does not apply.
		expect(await getAllowance(visitor, '192.0.2.46', { providerCalls: false })).toMatchObject({
			remaining: 7,
			scope: 'ip',
		})
	})
})

describe('the day resets at midnight, Spanish time', () => {
	test.each([
		// Winter (CET, UTC+1): midnight in Madrid is 23:00 UTC.
		['2026-01-15T22:59:59Z', '2026-01-15'],
		['2026-01-15T23:00:00Z', '2026-01-16'],
		// Spring forward on 29 March 2026: a 23-hour day, whose midnight is 22:00 UTC.
		['2026-03-28T22:59:59Z', '2026-03-28'],
		['2026-03-28T23:00:00Z', '2026-03-29'],
		['2026-03-29T21:59:59Z', '2026-03-29'],
		['2026-03-29T22:00:00Z', '2026-03-30'],
		// Fall back on 25 October 2026: a 25-hour day, from 22:00 UTC to 23:00 UTC next day.
		['2026-10-24T21:59:59Z', '2026-10-24'],
		['2026-10-24T22:00:00Z', '2026-10-25'],
		['2026-10-25T22:59:59Z', '2026-10-25'],
		['2026-10-25T23:00:00Z', '2026-10-26'],
	])('%s is in the quota day %s', (instant, day) => {
		expect(quotaDay(new Date(instant))).toBe(day)
	})

	/** Spends the address's whole allowance (7) at `at`; true when one more is still refused. */
	async function spendAddress(address: string, at: Date) {
		for (let i = 0; i < 7; i++) {
			const result = await reserveGeneration(
				{ kind: 'visitor', id: `${address}-${i}` },
				address,
				at,
			)
			expect(result.ok, `generation ${i + 1} at ${at.toISOString()}`).toBe(true)
		}
		return !(await reserveGeneration({ kind: 'visitor', id: `${address}-x` }, address, at)).ok
	}

	test('a spent allowance comes back at Madrid midnight, not before, across both DST changes', async () => {
		const cases = [
			// [last second of a day, first second of the next] in UTC
			['2026-01-15T22:59:59Z', '2026-01-15T23:00:00Z'],
			['2026-03-29T21:59:59Z', '2026-03-29T22:00:00Z'],
			['2026-10-25T22:59:59Z', '2026-10-25T23:00:00Z'],
		]
		for (const [index, [lastSecond, midnight]] of cases.entries()) {
			const address = `198.51.100.${index + 1}`
			// Spent an hour before the day ends; refused until its last second, allowed at midnight.
			const hourBefore = new Date(Date.parse(lastSecond as string) - 60 * 60 * 1000)
			expect(await spendAddress(address, hourBefore)).toBe(true)
			expect(
				(
					await reserveGeneration(
						{ kind: 'visitor', id: 'tarde' },
						address,
						new Date(lastSecond as string),
					)
				).ok,
				`still refused at ${lastSecond}`,
			).toBe(false)
			expect(
				(
					await reserveGeneration(
						{ kind: 'visitor', id: 'nuevo-dia' },
						address,
						new Date(midnight as string),
					)
				).ok,
				`allowed again at ${midnight}`,
			).toBe(true)
		}
	})
})

describe('the last allowed generations, fired at once', () => {
	test("an account's own limit is never overshot", async () => {
		await prisma.setting.upsert({
			where: { key: 'generation.dailyLimit.user' },
			create: { key: 'generation.dailyLimit.user', value: '5' },
			update: { value: '5' },
		})
		try {
			const user = { kind: 'user', id: 'prisas' } as const
			for (let i = 0; i < 3; i++) {
				expect((await reserveGeneration(user, `203.0.113.${100 + i}`)).ok).toBe(true)
			}
			// Ten requests race for the two that are left, each from its own address.
			const results = await Promise.all(
				Array.from({ length: 10 }, (_, index) => reserveGeneration(user, `203.0.113.${index + 1}`)),
			)
			expect(results.filter((result) => result.ok)).toHaveLength(2)
			expect(results.filter((result) => !result.ok && result.scope === 'user')).toHaveLength(8)
			expect(await count('user:prisas')).toBe(5)
		} finally {
			await prisma.setting.delete({ where: { key: 'generation.dailyLimit.user' } })
		}
	})

	test("an address's limit is never overshot by its last requests", async () => {
		for (let i = 0; i < 5; i++) {
			expect(
				(await reserveGeneration({ kind: 'visitor', id: `antes-${i}` }, '192.0.2.60')).ok,
			).toBe(true)
		}
		const results = await Promise.all(
			Array.from({ length: 10 }, (_, index) =>
				reserveGeneration({ kind: 'visitor', id: `carrera-${index}` }, '192.0.2.60'),
			),
		)
		expect(results.filter((result) => result.ok)).toHaveLength(2)
		expect(await count('ip:192.0.2.60')).toBe(7)
		expect(await visitorTotal()).toBe(7)
	})
})

function runChild(count: number, env: Record<string, string>) {
	return new Promise<{ generations: number; calls: number }>((resolve, reject) => {
		const child = spawn(
			process.execPath,
			['--import', 'tsx', 'app/models/quota-race.child.ts', String(count), '192.0.2.99'],
			{ env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
		)
		let out = ''
		child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
		child.on('error', reject)
		child.on('exit', (code) => {
			if (code !== 0) return reject(new Error(`child exited with ${code}`))
			resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as never)
		})
	})
}

test(
	'processes racing for the same allowances never exceed them',
	{ timeout: 60_000 },
	async () => {
		const env = { GENERATION_DAILY_LIMIT_IP: '50', GENERATION_DAILY_LIMIT_GLOBAL: '70' }
		const results = await Promise.all([1, 2, 3, 4].map(() => runChild(40, env)))
		const sum = (key: 'generations' | 'calls') =>
			results.reduce((total, result) => total + result[key], 0)
		expect(sum('generations')).toBe(50)
		expect(sum('calls')).toBe(70)
		expect(await count('ip:192.0.2.99')).toBe(50)
		expect(await count('global:provider-calls')).toBe(70)
		expect(await visitorTotal()).toBe(50)
	},
)
