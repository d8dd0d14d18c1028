/**
 * Streams held open at once: a few per browser or account, a few more per client address,
 * and each place given back when its stream ends.
 */
import { beforeEach, expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { OPEN_STREAM_LIMITS, openStream } from './open-streams.server'

beforeEach(async () => {
	await prisma.generationQuota.deleteMany()
})

const visitor = (id: string) => ({ kind: 'visitor' as const, id })

test('a visitor holds at most a few streams at once; an ended one frees its place', async () => {
	const now = new Date('2026-11-26T10:00:00Z')
	const open = []
	for (let index = 0; index < OPEN_STREAM_LIMITS.own; index++) {
		const opened = await openStream(visitor('v1'), '203.0.113.7', now)
		expect(opened.ok).toBe(true)
		if (opened.ok) open.push(opened)
	}
	expect(await openStream(visitor('v1'), '203.0.113.7', now)).toEqual({ ok: false, scope: 'own' })
	// Closing twice gives back one place only.
	await open[0]!.close()
	await open[0]!.close()
	expect((await openStream(visitor('v1'), '203.0.113.7', now)).ok).toBe(true)
	expect(await openStream(visitor('v1'), '203.0.113.7', now)).toEqual({ ok: false, scope: 'own' })
})

test('fresh cookies do not escape the address limit, and a refusal holds nothing', async () => {
	const now = new Date('2026-11-26T10:00:00Z')
	for (let index = 0; index < OPEN_STREAM_LIMITS.address; index++) {
		expect((await openStream(visitor(`fresh-${index}`), '198.51.100.9', now)).ok).toBe(true)
	}
	expect(await openStream(visitor('one-more'), '198.51.100.9', now)).toEqual({
		ok: false,
		scope: 'address',
	})
	// The refused visitor's own count was given back: elsewhere it may open its three.
	for (let index = 0; index < OPEN_STREAM_LIMITS.own; index++) {
		expect((await openStream(visitor('one-more'), '192.0.2.1', now)).ok).toBe(true)
	}
})

test('a count left behind by a process that died is gone with its ten-minute bucket', async () => {
	const then = new Date('2026-11-26T10:00:00Z')
	for (let index = 0; index < OPEN_STREAM_LIMITS.own; index++) {
		await openStream(visitor('v2'), '203.0.113.8', then)
	}
	expect((await openStream(visitor('v2'), '203.0.113.8', then)).ok).toBe(false)
	const later = new Date(then.getTime() + 10 * 60 * 1000)
	expect((await openStream(visitor('v2'), '203.0.113.8', later)).ok).toBe(true)
})
