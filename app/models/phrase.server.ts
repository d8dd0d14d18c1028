import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { recordActivity } from './activity.server'
import { type DateSort, pageOfOwnRows, type PageOptions } from './owned-rows.server'

/**
 * A user's saved phrases ("Mis Frases Guardadas"). Every function takes the signed-in
 * user's id and reads or writes only that user's rows: an id of someone else's phrase
 * behaves exactly like an id that does not exist.
 */

/**
 * Saves phrases to the user's collection, skipping ones already saved, and returns how
 * many were new. Only ever touches rows of `userId`.
 */
export async function savePhrases(userId: string, contents: string[]) {
	const unique = [...new Set(contents.map((content) => content.trim()).filter(Boolean))]
	if (unique.length === 0) return 0
	const existing = await prisma.phrase.findMany({
		where: { userId, content: { in: unique } },
		select: { content: true },
	})
	const known = new Set(existing.map((phrase) => phrase.content))
	const fresh = unique.filter((content) => !known.has(content))
	if (fresh.length > 0) {
		await prisma.phrase.createMany({ data: fresh.map((content) => ({ userId, content })) })
		await recordActivity(userId, 'save', { count: fresh.length })
	}
	return fresh.length
}

export type SavedPhrase = { id: string; content: string; createdAt: Date }
export type PhraseSort = DateSort

/**
 * One page of the user's saved phrases, filtered by `search` (a literal, case-insensitive
 * for unaccented letters, substring) and sorted by the date they were saved.
 */
export async function listPhrases(userId: string, options: PageOptions) {
	const { rows, ...rest } = await pageOfOwnRows<SavedPhrase>(
		'frases',
		Prisma.sql`id, contenido AS content, fecha_creacion AS "createdAt"`,
		userId,
		options,
	)
	return { phrases: rows, ...rest }
}

export function countPhrases(userId: string) {
	return prisma.phrase.count({ where: { userId } })
}

/** The user's phrase with this id, or null (missing, or someone else's). */
export function getPhrase(userId: string, id: string) {
	return prisma.phrase.findFirst({
		where: { id, userId },
		select: { id: true, content: true, createdAt: true },
	})
}

/** Replaces a phrase's text. False when the user has no phrase with this id. */
export async function updatePhrase(userId: string, id: string, content: string) {
	return prisma.$transaction(async (tx) => {
		const { count } = await tx.phrase.updateMany({ where: { id, userId }, data: { content } })
		if (count === 0) return false
		await recordActivity(userId, 'edit', { target: id }, tx)
		return true
	})
}

/** False when the user has no phrase with this id. */
export async function deletePhrase(userId: string, id: string) {
	const { count } = await prisma.phrase.deleteMany({ where: { id, userId } })
	return count > 0
}

/**
 * Deletes these phrases of the user, all or none: when any id is not one of theirs
 * (someone else's, or already gone) nothing is deleted and null is returned.
 */
export async function deletePhrases(userId: string, ids: string[]) {
	const unique = [...new Set(ids)]
	if (unique.length === 0) return null
	return prisma
		.$transaction(async (tx) => {
			const { count } = await tx.phrase.deleteMany({ where: { userId, id: { in: unique } } })
			if (count !== unique.length) throw new PartialDeletion()
			return count
		})
		.catch((error: unknown) => {
			if (error instanceof PartialDeletion) return null
			throw error
		})
}

class PartialDeletion extends Error {}

/** Deletes every saved phrase of the user; returns how many there were. */
export async function deleteAllPhrases(userId: string) {
	const { count } = await prisma.phrase.deleteMany({ where: { userId } })
	return count
}
