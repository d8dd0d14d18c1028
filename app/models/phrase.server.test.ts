/**
 * Saved phrases: every function reads and writes only the given user's rows (someone
 * else's id behaves as a missing one), search is a literal substring, pages are stable.
 */
import { expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import {
	countPhrases,
	deleteAllPhrases,
	deletePhrase,
	deletePhrases,
	getPhrase,
	listPhrases,
	savePhrases,
	updatePhrase,
} from './phrase.server'

let users = 0
async function newUser() {
	users += 1
	return prisma.profile.create({
		data: { name: `Usuaria ${users}`, email: `frases-${users}@frasea.test` },
		select: { id: true },
	})
}

/** Phrases saved one minute apart, oldest first. */
async function seed(userId: string, contents: string[]) {
	const start = Date.parse('2026-03-01T10:00:00Z')
	await prisma.phrase.createMany({
		data: contents.map((content, index) => ({
			userId,
			content,
			createdAt: new Date(start + index * 60_000),
		})),
	})
	return prisma.phrase.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } })
}

const list = (userId: string, options: Partial<Parameters<typeof listPhrases>[1]> = {}) =>
	listPhrases(userId, { search: '', sort: 'newest', page: 1, pageSize: 10, ...options })

test('a user reads, edits and deletes only their own phrases; another user id is as good as missing', async () => {
	const owner = await newUser()
	const other = await newUser()
	const [mine] = await seed(owner.id, ['La mía'])
	const [theirs] = await seed(other.id, ['La de otra'])
	if (!mine || !theirs) throw new Error('seed failed')

	expect((await list(owner.id)).phrases.map((phrase) => phrase.content)).toEqual(['La mía'])
	expect(await getPhrase(owner.id, theirs.id)).toBeNull()
	expect(await updatePhrase(owner.id, theirs.id, 'Cambiada')).toBe(false)
	expect(await deletePhrase(owner.id, theirs.id)).toBe(false)
	expect(await deletePhrases(owner.id, [mine.id, theirs.id])).toBeNull()
	// All or none: the owner's own phrase in that mixed request survived too.
	expect(await prisma.phrase.count({ where: { id: { in: [mine.id, theirs.id] } } })).toBe(2)
	expect(await prisma.phrase.findUnique({ where: { id: theirs.id } })).toMatchObject({
		content: 'La de otra',
	})

	expect(await updatePhrase(owner.id, mine.id, 'La mía, mejorada')).toBe(true)
	expect(await getPhrase(owner.id, mine.id)).toMatchObject({ content: 'La mía, mejorada' })
	expect(await deletePhrase(owner.id, mine.id)).toBe(true)
	expect(await countPhrases(owner.id)).toBe(0)
	expect(await countPhrases(other.id)).toBe(1)
})

test('bulk delete removes exactly the ids given; delete all leaves other users alone', async () => {
	const owner = await newUser()
	const other = await newUser()
	const rows = await seed(owner.id, ['a', 'b', 'c', 'd'])
	await seed(other.id, ['x'])
	const ids = rows.slice(0, 2).map((row) => row.id)
	expect(await deletePhrases(owner.id, [...ids, ...ids])).toBe(2)
	expect((await list(owner.id)).phrases.map((phrase) => phrase.content)).toEqual(['d', 'c'])
	// Deleting them again: they are gone, so nothing is deleted and the caller is told.
	expect(await deletePhrases(owner.id, ids)).toBeNull()
	expect(await deleteAllPhrases(owner.id)).toBe(2)
	expect(await countPhrases(owner.id)).toBe(0)
	expect(await countPhrases(other.id)).toBe(1)
})

test('search matches the text literally: % and _ are not wildcards, and case does not matter', async () => {
	const owner = await newUser()
	await seed(owner.id, ['100% feliz', '1000 felices', 'a_b', 'axb', 'Sol y MAR', 'ruta\\norte'])
	const found = async (search: string) =>
		(await list(owner.id, { search })).phrases.map((phrase) => phrase.content)
	expect(await found('0%')).toEqual(['100% feliz'])
	expect(await found('_')).toEqual(['a_b'])
	expect(await found('\\')).toEqual(['ruta\\norte'])
	expect(await found('mar')).toEqual(['Sol y MAR'])
	expect(await found('nada de esto')).toEqual([])
	expect((await list(owner.id, { search: 'feli' })).total).toBe(2)
})

test('pages in both orders cover every phrase once, and a page past the end is the last page', async () => {
	const owner = await newUser()
	// Same timestamp for several rows: the order must still be total (ties broken by id).
	const base = new Date('2026-05-01T09:00:00Z')
	await prisma.phrase.createMany({
		data: Array.from({ length: 23 }, (_, index) => ({
			userId: owner.id,
			content: `Frase ${index}`,
			createdAt: new Date(base.getTime() + Math.floor(index / 3) * 1000),
		})),
	})
	for (const sort of ['newest', 'oldest'] as const) {
		const seen: string[] = []
		for (let page = 1; page <= 3; page++) {
			const result = await list(owner.id, { sort, page })
			expect(result).toMatchObject({ total: 23, page, pageCount: 3 })
			seen.push(...result.phrases.map((phrase) => phrase.id))
		}
		expect(new Set(seen).size).toBe(23)
		const dates = (await list(owner.id, { sort, pageSize: 23 })).phrases.map((phrase) =>
			phrase.createdAt.getTime(),
		)
		const sorted = [...dates].sort((a, b) => (sort === 'newest' ? b - a : a - b))
		expect(dates).toEqual(sorted)
	}
	const past = await list(owner.id, { page: 99 })
	expect(past).toMatchObject({ page: 3, pageCount: 3 })
	expect(past.phrases).toHaveLength(3)
	expect(past.phrases[0]?.createdAt).toBeInstanceOf(Date)
})

test('saving skips phrases already saved and records one save activity; an edit records its own', async () => {
	const owner = await newUser()
	expect(await savePhrases(owner.id, ['Una', 'Dos', 'Una', '  '])).toBe(2)
	expect(await savePhrases(owner.id, ['Dos'])).toBe(0)
	const logs = await prisma.auditLog.findMany({ where: { actorId: owner.id } })
	expect(logs).toMatchObject([{ action: 'phrase.saved', details: JSON.stringify({ count: 2 }) }])
	const [phrase] = (await list(owner.id)).phrases
	await updatePhrase(owner.id, phrase?.id ?? '', 'Tres')
	expect(
		await prisma.auditLog.count({ where: { actorId: owner.id, action: 'phrase.edited' } }),
	).toBe(1)
})
