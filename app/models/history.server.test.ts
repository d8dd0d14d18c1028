/**
 * History: only the user's own rows are read or deleted; the export reads every matching
 * text once, in order, in batches; "this month" is Madrid's month.
 */
import { expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import {
	deleteHistoryEntry,
	getHistoryEntry,
	historyStats,
	historyTexts,
	listHistory,
	startOfMonth,
} from './history.server'

let users = 0
async function newUser() {
	users += 1
	return prisma.profile.create({
		data: { name: `Historia ${users}`, email: `historia-${users}@frasea.test` },
		select: { id: true },
	})
}

async function collect(texts: AsyncIterable<string>) {
	const all: string[] = []
	for await (const text of texts) all.push(text)
	return all
}

test("a user lists, reads and deletes only their own history; another user's id is missing", async () => {
	const owner = await newUser()
	const other = await newUser()
	const mine = await prisma.historyPhrase.create({
		data: { userId: owner.id, content: 'Mía', originalPrompt: 'el mar', settings: '{"count":1}' },
	})
	const theirs = await prisma.historyPhrase.create({ data: { userId: other.id, content: 'Ajena' } })
	const page = await listHistory(owner.id, { search: '', sort: 'newest', page: 1, pageSize: 10 })
	expect(page.entries).toMatchObject([
		{ id: mine.id, content: 'Mía', originalPrompt: 'el mar', settings: '{"count":1}' },
	])
	expect(await getHistoryEntry(owner.id, theirs.id)).toBeNull()
	expect(await deleteHistoryEntry(owner.id, theirs.id)).toBe(false)
	expect(await prisma.historyPhrase.count({ where: { id: theirs.id } })).toBe(1)
	expect(await collect(historyTexts(owner.id, '', 'newest'))).toEqual(['Mía'])
	expect(await deleteHistoryEntry(owner.id, mine.id)).toBe(true)
	expect(await getHistoryEntry(owner.id, mine.id)).toBeNull()
})

test('the export reads every matching text exactly once, in order, across batches and equal dates', async () => {
	const owner = await newUser()
	const start = Date.parse('2026-02-01T08:00:00Z')
	// 1 203 rows, three per second: ties at every step and batch edges inside a tie.
	await prisma.historyPhrase.createMany({
		data: Array.from({ length: 1203 }, (_, index) => ({
			userId: owner.id,
			content: `Texto ${index}${index % 2 === 0 ? ' par' : ''} 100%`,
			createdAt: new Date(start + Math.floor(index / 3) * 1000),
		})),
	})
	const newest = await collect(historyTexts(owner.id, '', 'newest'))
	expect(newest).toHaveLength(1203)
	expect(new Set(newest).size).toBe(1203)
	expect(newest.at(-1)).toMatch(/^Texto [012] /)
	const oldest = await collect(historyTexts(owner.id, '', 'oldest'))
	// (date, id) descending read backwards is (date, id) ascending.
	expect(oldest).toEqual([...newest].reverse())
	expect(oldest.slice(0, 3).sort()).toEqual([
		'Texto 0 par 100%',
		'Texto 1 100%',
		'Texto 2 par 100%',
	])
	expect(await collect(historyTexts(owner.id, 'par', 'oldest'))).toHaveLength(602)
	expect(await collect(historyTexts(owner.id, '0%', 'oldest'))).toHaveLength(1203)
	expect(await collect(historyTexts(owner.id, '_', 'oldest'))).toHaveLength(0)
})

test("this month starts at midnight in Madrid, summer or winter, and counts only the user's rows", async () => {
	expect(startOfMonth(new Date('2026-07-15T12:00:00Z'), 'Europe/Madrid').toISOString()).toBe(
		'2026-06-30T22:00:00.000Z',
	)
	expect(startOfMonth(new Date('2026-01-31T23:30:00Z'), 'Europe/Madrid').toISOString()).toBe(
		'2026-01-31T23:00:00.000Z',
	)
	const owner = await newUser()
	const other = await newUser()
	const now = new Date('2026-07-15T12:00:00Z')
	await prisma.historyPhrase.createMany({
		data: [
			{ userId: owner.id, content: 'junio', createdAt: new Date('2026-06-30T21:59:59Z') },
			{ userId: owner.id, content: 'julio', createdAt: new Date('2026-06-30T22:00:00Z') },
			{ userId: owner.id, content: 'hoy', createdAt: now },
			{ userId: other.id, content: 'ajena', createdAt: now },
		],
	})
	expect(await historyStats(owner.id, now, 'Europe/Madrid')).toEqual({ total: 3, thisMonth: 2 })
})
