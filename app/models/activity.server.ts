import { prisma } from '~/utils/db.server'

/**
 * A user's own activity, for the dashboard home. Generations are their generator runs
 * (GenerationBatch); the rest (saves, edits, sign-ins, devices signed out) is written to the audit log as it
 * happens, so it survives the rows it talks about (a deleted phrase was still saved).
 */

const AUDIT_ACTIONS = {
	save: 'phrase.saved',
	edit: 'phrase.edited',
	signIn: 'auth.signed_in',
	sessionsEnded: 'auth.sessions_ended',
} as const

type AuditKind = keyof typeof AUDIT_ACTIONS
export type ActivityKind = AuditKind | 'generation'

export type Activity = {
	id: string
	kind: ActivityKind
	at: Date
	/** Saves: how many phrases. Generations: how many phrases came out. */
	count: number | null
	/** Generations: the page (home, instagram, facebook) and the topic typed. */
	page: string | null
	topic: string | null
}

type Client = Pick<typeof prisma, 'auditLog'>

/**
 * Writes one activity row. A failure is logged, never raised: the thing the user did has
 * happened all the same. Pass a transaction client to write it with the change itself.
 */
export async function recordActivity(
	userId: string,
	kind: AuditKind,
	details: { count?: number; target?: string } = {},
	client: Client = prisma,
) {
	try {
		await client.auditLog.create({
			data: {
				actorId: userId,
				action: AUDIT_ACTIONS[kind],
				target: details.target ?? null,
				details: details.count === undefined ? null : JSON.stringify({ count: details.count }),
			},
		})
	} catch (error) {
		console.error(`Could not record activity ${kind}`, error)
	}
}

const KIND_OF_ACTION = new Map<string, AuditKind>(
	Object.entries(AUDIT_ACTIONS).map(([kind, action]) => [action, kind as AuditKind]),
)

function countIn(details: string | null) {
	if (!details) return null
	try {
		const parsed = JSON.parse(details) as { count?: unknown }
		return typeof parsed.count === 'number' ? parsed.count : null
	} catch {
		return null
	}
}

/**
 * The user's latest `limit` activities, newest first: two indexed queries (their newest
 * generator runs and their newest audit rows), merged.
 */
export async function getRecentActivity(userId: string, limit = 5): Promise<Activity[]> {
	const [batches, logs] = await Promise.all([
		prisma.generationBatch.findMany({
			where: { userId },
			orderBy: { createdAt: 'desc' },
			take: limit,
			select: {
				id: true,
				createdAt: true,
				page: true,
				prompt: true,
				_count: { select: { phrases: true } },
			},
		}),
		prisma.auditLog.findMany({
			where: { actorId: userId, action: { in: Object.values(AUDIT_ACTIONS) } },
			orderBy: { createdAt: 'desc' },
			take: limit,
			select: { id: true, action: true, createdAt: true, details: true },
		}),
	])
	const activities: Activity[] = [
		...batches.map((batch) => ({
			id: `generation-${batch.id}`,
			kind: 'generation' as const,
			at: batch.createdAt,
			count: batch._count.phrases,
			page: batch.page,
			topic: batch.prompt.trim() || null,
		})),
		...logs.map((log) => ({
			id: `audit-${log.id}`,
			kind: KIND_OF_ACTION.get(log.action) ?? 'save',
			at: log.createdAt,
			count: countIn(log.details),
			page: null,
			topic: null,
		})),
	]
	return activities.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit)
}
