/**
 * The account's signed-in devices, for the profile's 'Seguridad' tab: every live session
 * with the device it was opened on, and ways to end one or all the others. A session is
 * always looked up with its owner: another account's session id answers as missing.
 */
import { describeDevice } from '~/auth/user-agent'
import { revokeUserSessions, sessionKey } from '~/auth/session.server'
import { recordActivity } from '~/models/activity.server'
import { prisma } from '~/utils/db.server'

export interface DeviceSession {
	/** The row's key (a hash of the cookie's token: useless as a cookie). */
	id: string
	device: string
	createdAt: string
	lastUsedAt: string
	current: boolean
}

/** The live sessions of `userId`, this browser's first, then the most recently used. */
export async function listDeviceSessions(
	userId: string,
	currentToken: string | null,
	now = new Date(),
): Promise<DeviceSession[]> {
	const currentId = currentToken ? sessionKey(currentToken) : null
	const rows = await prisma.session.findMany({
		where: { userId, expiresAt: { gt: now } },
		orderBy: [{ lastUsedAt: 'desc' }, { createdAt: 'desc' }],
		select: { id: true, userAgent: true, createdAt: true, lastUsedAt: true },
		// Sessions expire after 14 idle days; a cap keeps a page bounded whatever happens.
		take: 100,
	})
	return rows
		.map((row) => ({
			id: row.id,
			device: describeDevice(row.userAgent),
			createdAt: row.createdAt.toISOString(),
			lastUsedAt: row.lastUsedAt.toISOString(),
			current: row.id === currentId,
		}))
		.sort((a, b) => Number(b.current) - Number(a.current))
}

/** Ends one of the user's other sessions; false when it is not theirs (or already gone). */
export async function endDeviceSession(
	userId: string,
	sessionId: string,
	currentToken: string | null,
): Promise<'ended' | 'missing' | 'current'> {
	if (currentToken && sessionKey(currentToken) === sessionId) return 'current'
	const { count } = await prisma.session.deleteMany({ where: { id: sessionId, userId } })
	if (count === 0) return 'missing'
	await recordActivity(userId, 'sessionsEnded', { count })
	return 'ended'
}

/** Ends every session of the user but this browser's; returns how many ended. */
export async function endOtherSessions(userId: string, currentToken: string | null) {
	const count = await revokeUserSessions(userId, { exceptToken: currentToken ?? undefined })
	if (count > 0) await recordActivity(userId, 'sessionsEnded', { count })
	return count
}
