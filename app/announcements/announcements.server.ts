import { randomBytes } from 'node:crypto'
import { recordAdminChange } from '~/admin/audit.server'
import { isUniqueViolation } from '~/auth/user.server'
import { DEFAULT_SETTINGS, type UserSettingsValues } from '~/dashboard/settings'
import { findSettings } from '~/dashboard/settings.server'
import { Prisma } from '~/generated/prisma/client'
import { PRIORITY } from '~/mail/kinds'
import { mailQueued } from '~/mail/outbox.server'
import { audienceCondition } from '~/mail/preferences.server'
import { RETRY_WINDOW_MS } from '~/mail/retry'
import { TOPIC_SETTING, TOPICS, type Topic } from '~/mail/topics'
import { prisma } from '~/utils/db.server'
import { timestampValue, toNumber } from '~/utils/sql.server'
import { AUDIENCE_TOPIC, type Audience } from './form'

/**
 * Announcements ("Comunicados"): an admin's message to the accounts that want its topic.
 * Sending writes the announcement, one outbox row per recipient (a single INSERT … SELECT,
 * in the same transaction) and the audit entry; the sender then mails them at the bulk pace,
 * drawing each mail when it goes (announcementMail) and checking again that its account
 * still wants it.
 */

const AUDIENCE_OF_TOPIC = Object.fromEntries(
	Object.entries(AUDIENCE_TOPIC).map(([audience, topic]) => [topic, audience]),
) as Record<Topic, Audience>

export function audienceOf(topic: string): Audience | null {
	return AUDIENCE_OF_TOPIC[topic as Topic] ?? null
}

/** How many accounts an announcement to `audience` would reach now. */
export async function countRecipients(audience: Audience) {
	const rows = await prisma.$queryRaw<Array<{ n: bigint | number }>>`
		SELECT COUNT(*) AS n FROM perfiles p LEFT JOIN user_settings s ON s.user_id = p.id
		WHERE ${audienceCondition(AUDIENCE_TOPIC[audience])}`
	return toNumber(rows[0]?.n)
}

/** The one-time key of a freshly shown form. */
export function newRequestKey() {
	return randomBytes(18).toString('base64url')
}

export type SendOutcome =
	{ status: 'sent'; id: string; recipients: number } | { status: 'duplicate'; id: string | null }

export async function sendAnnouncement(input: {
	adminId: string
	subject: string
	body: string
	audience: Audience
	requestKey: string
	now?: Date
}): Promise<SendOutcome> {
	const now = input.now ?? new Date()
	const topic = AUDIENCE_TOPIC[input.audience]
	try {
		const outcome = await prisma.$transaction(async (tx) => {
			const { id } = await tx.announcement.create({
				data: {
					subject: input.subject,
					body: input.body,
					audience: topic,
					requestKey: input.requestKey,
					createdById: input.adminId,
					createdAt: now,
				},
				select: { id: true },
			})
			const recipients = await tx.$executeRaw`
				INSERT INTO mail_outbox (kind, to_address, user_id, announcement_id, priority, status,
					attempts, next_attempt_at, give_up_at, created_at)
				SELECT 'announcement', p.correo, p.id, ${id}, ${Prisma.raw(String(PRIORITY.bulk))}, 'queued', 0,
					${timestampValue(now)}, ${timestampValue(new Date(now.getTime() + RETRY_WINDOW_MS))},
					${timestampValue(now)}
				FROM perfiles p LEFT JOIN user_settings s ON s.user_id = p.id
				WHERE ${audienceCondition(topic)}`
			await tx.announcement.update({ where: { id }, data: { recipients } })
			await recordAdminChange(
				{
					actorId: input.adminId,
					action: 'admin.announcement.sent',
					target: id,
					details: { subject: input.subject, audience: topic, recipients },
				},
				tx,
			)
			return { status: 'sent' as const, id, recipients }
		})
		mailQueued()
		return outcome
	} catch (error) {
		if (!isUniqueViolation(error)) throw error
		const existing = await prisma.announcement.findUnique({
			where: { requestKey: input.requestKey },
			select: { id: true },
		})
		return { status: 'duplicate', id: existing?.id ?? null }
	}
}

/** The latest announcements with how far their mails got, for the admin page. */
export async function listSentAnnouncements(limit = 20) {
	const announcements = await prisma.announcement.findMany({
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		take: limit,
		select: { id: true, subject: true, audience: true, recipients: true, createdAt: true },
	})
	const groups = announcements.length
		? await prisma.mailOutbox.groupBy({
				by: ['announcementId', 'status'],
				where: { announcementId: { in: announcements.map((row) => row.id) } },
				_count: { _all: true },
			})
		: []
	const count = (id: string, statuses: string[]) =>
		groups
			.filter((group) => group.announcementId === id && statuses.includes(group.status))
			.reduce((sum, group) => sum + group._count._all, 0)
	return announcements.map((row) => ({
		...row,
		audience: audienceOf(row.audience),
		sent: count(row.id, ['sent']),
		pending: count(row.id, ['queued', 'sending']),
		failed: count(row.id, ['failed', 'dropped']),
	}))
}

/** The topics whose announcements an account with these settings sees. */
export function topicsWanted(settings: UserSettingsValues): Topic[] {
	return TOPICS.filter((topic) => topic !== 'activity' && settings[TOPIC_SETTING[topic]])
}

export const DASHBOARD_PAGE_SIZE = 10

/**
 * The announcements for the user's dashboard: those of the topics they chose (whether or
 * not they take mail), newest first, a page at a time.
 */
export async function announcementsFor(
	userId: string,
	requestedPage = 1,
	pageSize = DASHBOARD_PAGE_SIZE,
) {
	const settings = (await findSettings(userId)) ?? DEFAULT_SETTINGS
	const where = { audience: { in: topicsWanted(settings) } }
	const total = await prisma.announcement.count({ where })
	const pageCount = Math.max(1, Math.ceil(total / pageSize))
	const page = Math.min(Math.max(1, Math.trunc(requestedPage) || 1), pageCount)
	const items = await prisma.announcement.findMany({
		where,
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		skip: (page - 1) * pageSize,
		take: pageSize,
		select: { id: true, subject: true, body: true, audience: true, createdAt: true },
	})
	return { items, page, pageCount, total }
}

export type AnnouncementItem = Awaited<ReturnType<typeof announcementsFor>>['items'][number]
