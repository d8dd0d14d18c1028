import { getRecentActivity } from '~/models/activity.server'
import { countPhrases } from '~/models/phrase.server'
import { prisma } from '~/utils/db.server'
import { describeActivity } from './activity-text'
import { profileCompletion } from './profile-completion'
import { formatRelativeTime } from './relative-time'

/** How many entries the home's recent activity shows. */
const RECENT_ACTIVITY_LIMIT = 5

/** Everything the dashboard home shows about the signed-in user: three queries at once. */
export async function loadDashboardHome(userId: string, now = new Date()) {
	const [saved, profile, activity] = await Promise.all([
		countPhrases(userId),
		prisma.profile.findUniqueOrThrow({
			where: { id: userId },
			select: { name: true, avatarUrl: true, bio: true, location: true, website: true },
		}),
		getRecentActivity(userId, RECENT_ACTIVITY_LIMIT),
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
	}
}
