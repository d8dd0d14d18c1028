import { prisma } from '~/utils/db.server'

/** The account facts the profile page shows about the signed-in user. */
export function getAccount(userId: string) {
	return prisma.profile.findUnique({
		where: { id: userId },
		select: { id: true, name: true, email: true, createdAt: true, emailVerifiedAt: true },
	})
}
