/**
 * A batch's lifetime: an anonymous one is seen by its browser for 24 hours, then hidden and
 * purged by the housekeeping; an account's stays. Likes outlive their batch.
 */
import { expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { createBatch, getBatchForViewer } from './batch.server'
import { runHousekeeping } from './housekeeping.server'
import { toggleLike } from './like.server'

const HOUR = 60 * 60 * 1000
const at = (ms: number) => new Date(ms)

function newBatch(viewer: { userId: string | null; visitorId: string | null }, now: Date) {
	return createBatch({
		page: 'home',
		viewer,
		prompt: 'el mar',
		settings: { type: 'motivacion', language: 'es' },
		provider: 'offline',
		model: 'plantillas',
		phrases: ['Uno', 'Dos'],
		now,
	})
}

test('an anonymous batch lasts 24 hours for its browser, then the housekeeping deletes it; an account keeps its own', async () => {
	const made = Date.parse('2026-04-10T18:30:00Z')
	const visitor = { userId: null, visitorId: 'visitante-lote-abcdefghijkl' }
	const user = await prisma.profile.create({
		data: { name: 'Guarda', email: 'guarda@frasea.test' },
		select: { id: true },
	})
	const owner = { userId: user.id, visitorId: null }
	const anonymous = await newBatch(visitor, at(made))
	const kept = await newBatch(owner, at(made))
	const batch = await getBatchForViewer(anonymous.id, visitor, at(made))
	expect(batch?.phrases.map((phrase) => phrase.content)).toEqual(['Uno', 'Dos'])
	await toggleLike({ ...(batch as NonNullable<typeof batch>), position: 1 })

	// Seen until its last second, by its own browser only.
	expect(await getBatchForViewer(anonymous.id, visitor, at(made + 24 * HOUR - 1000))).not.toBeNull()
	expect(
		await getBatchForViewer(
			anonymous.id,
			{ userId: null, visitorId: 'otro-visitante-abcdefghijkl' },
			at(made),
		),
	).toBeNull()
	// The housekeeping an hour before leaves it alone.
	expect(await runHousekeeping(at(made + 23 * HOUR))).toMatchObject({ batches: 0 })
	expect(await prisma.generationBatch.count({ where: { id: anonymous.id } })).toBe(1)

	// 24 hours after it was made it is gone for its browser, and the next run deletes it.
	expect(await getBatchForViewer(anonymous.id, visitor, at(made + 24 * HOUR))).toBeNull()
	expect(await runHousekeeping(at(made + 24 * HOUR))).toMatchObject({ batches: 1 })
	expect(await prisma.generationBatch.count({ where: { id: anonymous.id } })).toBe(0)
	expect(await prisma.generationPhrase.count({ where: { batchId: anonymous.id } })).toBe(0)
	// Its like stays for the statistics, without the batch.
	expect(await prisma.phraseLike.findMany()).toMatchObject([
		{ batchId: null, position: 1, provider: 'offline', phraseType: 'motivacion' },
	])

	// The account's batch stays, seen and kept, a year on.
	const yearLater = made + 365 * 24 * HOUR
	expect(await getBatchForViewer(kept.id, owner, at(yearLater))).not.toBeNull()
	expect(await runHousekeeping(at(yearLater))).toMatchObject({ batches: 0 })
	expect(await prisma.generationPhrase.count({ where: { batchId: kept.id } })).toBe(2)
})
