import { announcementsFor } from '~/announcements/announcements.server'
import { getRecentActivity } from '~/models/activity.server'
import { countPhrases } from '~/models/phrase.server'
import { prisma } from '~/utils/db.server'
import { describeActivity } from './activity-text'
import { profileCompletion } from './profile-completion'
import { formatRelativeTime } from './relative-time'

/** How many entries the home's recent activity shows. */
const RECENT_ACTIVITY_LIMIT = 5
/** How many of the latest announcements the home shows. */
const ANNOUNCEMENTS_SHOWN = 3

/** Everything the dashboard home shows about the signed-in user, read at once. */
export async function loadDashboardHome(userId: string, now = new Date()) {
	const [saved, profile, activity, announcements] = await Promise.all([
		countPhrases(userId),
		prisma.profile.findUniqueOrThrow({
			where: { id: userId },
			select: { name: true, avatarUrl: true, bio: true, location: true, website: true },
		}),
		getRecentActivity(userId, RECENT_ACTIVITY_LIMIT),
		announcementsFor(userId, 1, ANNOUNCEMENTS_SHOWN),
	])
	return {
		saved,
		completion: profileCompletion(profile),
		activity: activity.map((entry) => ({
			id: entry.id,
			text: describeActivity(entry),
			at: entry.at.toISOString(),
			ago: formatRelativeTime(entry.at, now),
		})),
		announcements: announcements.items.map((item) => ({
			id: item.id,
			subject: item.subject,
			at: item.createdAt.toISOString(),
			ago: formatRelativeTime(item.createdAt, now),
		})),
	}
}
