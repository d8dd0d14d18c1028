import { randomBytes } from 'node:crypto'
import { type Page } from '~/generator/pages'
import { prisma } from '~/utils/db.server'
import { brandDesignOf } from './brand.server'

export type Viewer = { userId: string | null; visitorId: string | null }

const anonymousLifetimeMs = 24 * 60 * 60 * 1000

/** An unguessable id: knowing a batch's URL is not enough to see someone else's batch. */
export const newBatchId = () => randomBytes(16).toString('base64url')

export async function createBatch(input: {
	/** Chosen beforehand (a streamed generation names its cards before it stores them). */
	id?: string
	page: Page
	viewer: Viewer
	prompt: string
	settings: unknown
	provider: string
	model: string
	phrases: string[]
	now?: Date
}) {
	const now = input.now ?? new Date()
	// A signed-in user's cards start from their brand's design as it is now ("new cards").
	const design = input.viewer.userId ? await brandDesignOf(input.viewer.userId) : null
	return prisma.generationBatch.create({
		data: {
			id: input.id ?? newBatchId(),
			page: input.page,
			userId: input.viewer.userId,
			visitorId: input.viewer.userId ? null : input.viewer.visitorId,
			prompt: input.prompt,
			settings: JSON.stringify(input.settings),
			provider: input.provider,
			model: input.model,
			cardDesign: design ? JSON.stringify(design) : null,
			createdAt: now,
			// Signed-in users keep their batches; anonymous ones expire.
			expiresAt: input.viewer.userId ? null : new Date(now.getTime() + anonymousLifetimeMs),
			phrases: {
				create: input.phrases.map((content, position) => ({ position, content })),
			},
		},
		select: { id: true, userId: true, cardDesign: true },
	})
}

/**
 * Adds phrases at the end of a batch being streamed, at `from` and on. Its maker's
 * identity was checked when it was created; only the generation that created it adds.
 */
export async function appendBatchPhrases(batchId: string, from: number, phrases: string[]) {
	if (phrases.length === 0) return
	await prisma.generationPhrase.createMany({
		data: phrases.map((content, index) => ({ batchId, position: from + index, content })),
	})
}

/** Where a batch may be seen: its account, or (anonymous batches) the browser that made it. */
function ownedBy(viewer: Viewer) {
	const owners = []
	if (viewer.userId) owners.push({ userId: viewer.userId })
	if (viewer.visitorId) owners.push({ userId: null, visitorId: viewer.visitorId })
	return owners
}

/** The batch if this viewer may see it and it has not expired; otherwise null. */
export async function getBatchForViewer(id: string, viewer: Viewer, now = new Date()) {
	const owners = ownedBy(viewer)
	if (owners.length === 0 || id.length > 64) return null
	return prisma.generationBatch.findFirst({
		where: {
			id,
			OR: owners,
			AND: [{ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }],
		},
		include: { phrases: { orderBy: { position: 'asc' } } },
	})
}

/** Replaces one phrase's text; false when the batch is not the viewer's. */
export async function updateBatchPhrase(
	batchId: string,
	position: number,
	content: string,
	viewer: Viewer,
) {
	const batch = await getBatchForViewer(batchId, viewer)
	if (!batch || !batch.phrases.some((phrase) => phrase.position === position)) return false
	await prisma.generationPhrase.update({
		where: { batchId_position: { batchId, position } },
		data: { content },
	})
	return true
}

/** Changes the target platform a batch's cards start from; false when it is not the viewer's. */
export async function updateBatchPlatform(batchId: string, platform: string, viewer: Viewer) {
	const batch = await getBatchForViewer(batchId, viewer)
	if (!batch) return false
	const settings = { ...(JSON.parse(batch.settings) as Record<string, unknown>), platform }
	await prisma.generationBatch.update({
		where: { id: batchId },
		data: { settings: JSON.stringify(settings) },
	})
	return true
}
