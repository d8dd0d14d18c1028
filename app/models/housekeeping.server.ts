import { deleteExpiredRows } from '~/auth/session.server'
import { prisma } from '~/utils/db.server'
import { purgeOldQuotas } from './quota.server'

const INTERVAL_MS = 60 * 60 * 1000
/** Provider calls are kept this long for the admin statistics (which show 30 days). */
export const GENERATION_EVENT_RETENTION_DAYS = 400
let lastRun = 0

/**
 * Deletes rows nobody will read again: anonymous batches past their 24 hours, expired
 * sessions and links, rate-limit windows that have ended (sign-ins sweep those three
 * too), daily generation counters older than a week, e-mailed sign-in codes past their
 * 10 minutes, and recorded provider calls older than GENERATION_EVENT_RETENTION_DAYS.
 * Every new visitor and client address leaves such rows behind, so without this the
 * tables would only grow (and an attacker rotating addresses would grow them fast).
 * Cheap to call on every generation: it runs at most hourly per process.
 */
export async function runHousekeeping(now = new Date()) {
	if (now.getTime() - lastRun < INTERVAL_MS) return null
	lastRun = now.getTime()
	const batches = await prisma.generationBatch.deleteMany({ where: { expiresAt: { lte: now } } })
	const { rateLimits } = await deleteExpiredRows(now)
	const quotas = await purgeOldQuotas(now)
	const retention = new Date(now.getTime() - GENERATION_EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000)
	const events = await prisma.generationEvent.deleteMany({
		where: { createdAt: { lt: retention } },
	})
	// Sign-in codes live 10 minutes; used ones stay until then (a spent link says so).
	const emailCodes = await prisma.emailSignInCode.deleteMany({ where: { expiresAt: { lte: now } } })
	return {
		batches: batches.count,
		rateLimits,
		quotas,
		generationEvents: events.count,
		emailCodes: emailCodes.count,
	}
}
