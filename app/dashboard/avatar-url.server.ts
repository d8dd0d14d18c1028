import { prisma } from '~/utils/db.server'
import { safeAvatarUrl } from './avatar-url'

/** The address of a user's avatar for the layout (header, sidebar), or null for none. */
export async function getAvatarUrl(userId: string) {
	const profile = await prisma.profile.findUnique({
		where: { id: userId },
		select: { avatarUrl: true },
	})
	return safeAvatarUrl(profile?.avatarUrl)
}
