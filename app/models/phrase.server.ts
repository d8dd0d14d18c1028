import { prisma } from '~/utils/db.server'

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
	}
	return fresh.length
}
