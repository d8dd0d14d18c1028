import { prisma } from '~/utils/db.server'

/**
 * Whether an admin has disabled this account (Usuarios). Sign-in asks just before opening
 * a session, whichever way the person proved who they are; live sessions are checked on
 * every request in findActiveSession.
 */
export async function isAccountDisabled(userId: string) {
	const profile = await prisma.profile.findUnique({
		where: { id: userId },
		select: { disabledAt: true },
	})
	return profile?.disabledAt != null
}
