import { announcementMail } from '~/announcements/mail.server'
import { prisma } from '~/utils/db.server'
import { type Mail } from './message'
import { recipientFor } from './preferences.server'
import { TOPICS, type Topic } from './topics'
import { weekFigures, weeklySummaryMail } from './weekly-summary.server'

/**
 * Bulk mail is written when it is sent, not when it is queued: ten thousand copies of an
 * announcement are one row and ten thousand references, and each account is asked again,
 * right before its mail goes, whether it still wants it.
 */

type BulkRow = {
	kind: string
	toAddress: string
	userId: string | null
	announcementId: string | null
	payload: string | null
}

// A sender draws thousands of mails of one announcement: read it once.
const announcements = new Map<string, { subject: string; body: string; audience: string } | null>()

async function announcement(id: string) {
	if (!announcements.has(id)) {
		if (announcements.size > 50) announcements.clear()
		announcements.set(
			id,
			await prisma.announcement.findUnique({
				where: { id },
				select: { subject: true, body: true, audience: true },
			}),
		)
	}
	return announcements.get(id) ?? null
}

function weekOf(payload: string | null) {
	try {
		const { start, end } = JSON.parse(payload ?? '') as { start?: string; end?: string }
		const week = { start: new Date(start ?? ''), end: new Date(end ?? '') }
		return Number.isNaN(week.start.getTime()) || Number.isNaN(week.end.getTime()) ? null : week
	} catch {
		return null
	}
}

/**
 * The mail for a bulk row; 'unwanted' when its account no longer wants it (or is gone);
 * null when the row cannot make a mail.
 */
export async function drawBulkMail(row: BulkRow): Promise<Mail | 'unwanted' | null> {
	if (!row.userId) return null
	if (row.kind === 'announcement' && row.announcementId) {
		const found = await announcement(row.announcementId)
		const topic = TOPICS.find((value) => value === found?.audience) as Topic | undefined
		if (!found || !topic) return null
		if (!(await recipientFor(row.userId, topic))) return 'unwanted'
		return announcementMail(found, { to: row.toAddress, userId: row.userId, topic })
	}
	if (row.kind === 'activity_summary') {
		const week = weekOf(row.payload)
		if (!week) return null
		const account = await recipientFor(row.userId, 'activity')
		if (!account) return 'unwanted'
		const figures = await weekFigures(row.userId, week.start, week.end)
		return weeklySummaryMail(
			{ to: row.toAddress, name: account.name, userId: row.userId },
			week,
			figures,
		)
	}
	return null
}
