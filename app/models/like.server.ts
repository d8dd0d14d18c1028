import { prisma } from '~/utils/db.server'

/**
 * 'Me Gusta' on generated phrases. A like is stored with the provider, model, page, phrase
 * type and language of its batch, so admins can see which models write the phrases people
 * like (getLikeStats). Likes outlive their batch (its id is then cleared).
 */

/** Positions liked in a batch. */
export async function getLikedPositions(batchId: string): Promise<number[]> {
	const likes = await prisma.phraseLike.findMany({
		where: { batchId },
		select: { position: true },
	})
	return likes.map((like) => like.position)
}

/**
 * Likes or unlikes a phrase of a batch the caller has already checked the viewer may see.
 * Returns whether the phrase is liked afterwards.
 */
export async function toggleLike(batch: {
	id: string
	page: string
	provider: string
	model: string
	settings: string
	position: number
}): Promise<boolean> {
	const where = { batchId_position: { batchId: batch.id, position: batch.position } }
	const existing = await prisma.phraseLike.findUnique({ where, select: { id: true } })
	if (existing) {
		await prisma.phraseLike.delete({ where: { id: existing.id } })
		return false
	}
	const settings = parseSettings(batch.settings)
	await prisma.phraseLike.create({
		data: {
			batchId: batch.id,
			position: batch.position,
			page: batch.page,
			provider: batch.provider,
			model: batch.model,
			phraseType: settings.type,
			language: settings.language,
		},
	})
	return true
}

function parseSettings(settings: string) {
	try {
		const parsed = JSON.parse(settings) as Record<string, unknown>
		return {
			type: typeof parsed.type === 'string' ? parsed.type : '',
			language: typeof parsed.language === 'string' ? parsed.language : '',
		}
	} catch {
		return { type: '', language: '' }
	}
}

interface LikeStat {
	provider: string
	model: string
	phraseType: string
	likes: number
}

/** Likes per provider, model and phrase type since `since`, most liked first. */
export async function getLikeStats(since?: Date): Promise<LikeStat[]> {
	const groups = await prisma.phraseLike.groupBy({
		by: ['provider', 'model', 'phraseType'],
		where: since ? { createdAt: { gte: since } } : undefined,
		_count: { _all: true },
	})
	return groups
		.map((group) => ({
			provider: group.provider,
			model: group.model,
			phraseType: group.phraseType,
			likes: group._count._all,
		}))
		.sort((a, b) => b.likes - a.likes)
}
