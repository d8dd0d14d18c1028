import { beforeEach, expect, test, vi } from 'vitest'
import { prisma } from '~/utils/db.server'
import { getAllowance, quotaDay } from './quota.server'
import { reserveUploadForAddress } from './upload-allowance.server'

vi.hoisted(() => {
	process.env.UPLOAD_DAILY_LIMIT_IP = '3'
	process.env.GENERATION_DAILY_LIMIT_IP = '5'
})

beforeEach(async () => {
	await prisma.generationQuota.deleteMany()
})

const NOON = new Date('2026-11-24T11:00:00Z')

async function reserveMany(address: string, times: number, now = NOON) {
	const results = []
	for (let i = 0; i < times; i++) results.push(await reserveUploadForAddress(address, now))
	return results
}

test('an address gets UPLOAD_DAILY_LIMIT_IP uploads a day, then the reason', async () => {
	const results = await reserveMany('198.51.100.7', 4)
	expect(results.map((result) => result.ok)).toEqual([true, true, true, false])
	expect(results[3]).toEqual({
		ok: false,
		message: expect.stringContaining('límite de 3 imágenes subidas hoy desde tu conexión'),
	})
	// Another address has its own allowance.
	expect((await reserveUploadForAddress('198.51.100.8', NOON)).ok).toBe(true)
	// The Spanish day resets it.
	const tomorrow = new Date(NOON.getTime() + 24 * 60 * 60 * 1000)
	expect((await reserveUploadForAddress('198.51.100.7', tomorrow)).ok).toBe(true)
})

test('IPv6 counts per /64 network, and an IPv4-mapped address as the IPv4 one', async () => {
	const results = [
		await reserveUploadForAddress('2001:db8:1:2::1', NOON),
		await reserveUploadForAddress('2001:db8:1:2:ffff::9', NOON),
		await reserveUploadForAddress('2001:db8:1:2::/64', NOON),
		await reserveUploadForAddress('2001:db8:1:2::abcd', NOON),
	]
	expect(results.map((result) => result.ok)).toEqual([true, true, true, false])
	expect((await reserveUploadForAddress('2001:db8:1:3::1', NOON)).ok).toBe(true)
	await reserveMany('203.0.113.9', 3)
	expect((await reserveUploadForAddress('::ffff:203.0.113.9', NOON)).ok).toBe(false)
})

test('what is given back can be taken again; racing requests never overshoot', async () => {
	const [first] = await reserveMany('198.51.100.20', 3)
	expect((await reserveUploadForAddress('198.51.100.20', NOON)).ok).toBe(false)
	if (first?.ok) await first.release()
	expect((await reserveUploadForAddress('198.51.100.20', NOON)).ok).toBe(true)

	const raced = await Promise.all(
		Array.from({ length: 12 }, () => reserveUploadForAddress('198.51.100.21', NOON)),
	)
	expect(raced.filter((result) => result.ok)).toHaveLength(3)
	const row = await prisma.generationQuota.findUniqueOrThrow({
		where: { subject_day: { subject: 'upload:ip:198.51.100.21', day: quotaDay(NOON) } },
	})
	expect(row.count).toBe(3)
})

test('uploads and generations of one address are counted apart', async () => {
	await reserveMany('198.51.100.30', 3)
	const generations = await getAllowance(
		{ kind: 'visitor', id: 'v-1' },
		'198.51.100.30',
		{ providerCalls: false },
		NOON,
	)
	expect(generations.remaining).toBe(5)
})
