import { previousMadridWeek } from '~/admin/madrid-days'
import { appOrigin } from '~/auth/request.server'
import { isUniqueViolation } from '~/auth/user.server'
import { layout } from '~/auth/emails.server'
import { PHRASE_TYPE_LABELS } from '~/generation/options'
import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { timestampValue, toNumber } from '~/utils/sql.server'
import { bulkFooter } from './bulk-footer.server'
import { PRIORITY } from './kinds'
import { type Mail } from './message'
import { audienceCondition } from './preferences.server'
import { RETRY_WINDOW_MS } from './retry'
import { unsubscribeHeaders } from './unsubscribe.server'

/**
 * "Actividad de tu cuenta": on Monday morning (Madrid), a summary of the week that ended —
 * generations, phrases saved, what they liked — to each account that was active that week
 * and has the switch (and mail) on. Each process checks once a minute (sender.server.ts);
 * the first to insert the week's row in mail_runs queues the mails in the same transaction,
 * so a week is queued once however many processes run. Each mail is written when it is
 * sent, from the week's figures.
 */

/** Summaries go out this long after the week ends (Monday 00:00 in Madrid): mid-morning. */
const SEND_AFTER_MS = 8 * 60 * 60 * 1000
/** A summary not sent by then (a week after the next one would start) is dropped. */
const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000

type Week = { key: string; start: Date; end: Date }

const runKey = (week: Week) => `activity:${week.key}`

/** Queues the summaries of the week that ended, once. Returns how many it queued now. */
export async function queueWeeklySummaries(now: Date) {
	const week = previousMadridWeek(now)
	if (now.getTime() < week.end.getTime() + SEND_AFTER_MS) return 0
	if (await prisma.mailRun.findUnique({ where: { key: runKey(week) } })) return 0
	const payload = JSON.stringify({ start: week.start.toISOString(), end: week.end.toISOString() })
	const inWeek = (column: string) =>
		Prisma.sql`${Prisma.raw(column)} >= ${timestampValue(week.start)} AND ${Prisma.raw(column)} < ${timestampValue(week.end)}`
	try {
		return await prisma.$transaction(async (tx) => {
			await tx.mailRun.create({ data: { key: runKey(week), createdAt: now } })
			return tx.$executeRaw`
				INSERT INTO mail_outbox (kind, to_address, user_id, payload, priority, status, attempts,
					next_attempt_at, expires_at, give_up_at, created_at)
				SELECT 'activity_summary', p.correo, p.id, ${payload}, ${Prisma.raw(String(PRIORITY.bulk))},
					'queued', 0, ${timestampValue(now)},
					${timestampValue(new Date(week.end.getTime() + STALE_AFTER_MS))},
					${timestampValue(new Date(now.getTime() + RETRY_WINDOW_MS))}, ${timestampValue(now)}
				FROM perfiles p LEFT JOIN user_settings s ON s.user_id = p.id
				WHERE ${audienceCondition('activity')}
					AND (EXISTS (SELECT 1 FROM generation_batches b WHERE b.user_id = p.id AND ${inWeek('b.created_at')})
						OR EXISTS (SELECT 1 FROM frases f WHERE f.usuario_id = p.id AND ${inWeek('f.fecha_creacion')}))`
		})
	} catch (error) {
		// Another process queued this week a moment ago.
		if (isUniqueViolation(error)) return 0
		throw error
	}
}

export type WeekFigures = {
	generations: number
	saved: number
	likes: number
	/** The phrase type they liked most, and one phrase they liked. */
	favouriteType: string | null
	favouritePhrase: string | null
}

/** One account's figures for a week. */
export async function weekFigures(userId: string, start: Date, end: Date): Promise<WeekFigures> {
	const range = { gte: start, lt: end }
	const likedInWeek = Prisma.sql`l.created_at >= ${start} AND l.created_at < ${end} AND b.user_id = ${userId}`
	const [generations, saved, likes, types, phrases] = await Promise.all([
		prisma.generationBatch.count({ where: { userId, createdAt: range } }),
		prisma.phrase.count({ where: { userId, createdAt: range } }),
		prisma.$queryRaw<Array<{ n: bigint | number }>>`
			SELECT COUNT(*) AS n FROM phrase_likes l JOIN generation_batches b ON b.id = l.batch_id
			WHERE ${likedInWeek}`,
		prisma.$queryRaw<Array<{ type: string; n: bigint | number }>>`
			SELECT l.phrase_type AS type, COUNT(*) AS n FROM phrase_likes l
			JOIN generation_batches b ON b.id = l.batch_id
			WHERE ${likedInWeek} AND l.phrase_type <> ''
			GROUP BY l.phrase_type ORDER BY n DESC, l.phrase_type LIMIT 1`,
		prisma.$queryRaw<Array<{ content: string }>>`
			SELECT p.content AS content FROM phrase_likes l
			JOIN generation_batches b ON b.id = l.batch_id
			JOIN generation_phrases p ON p.batch_id = l.batch_id AND p.position = l.position
			WHERE ${likedInWeek} ORDER BY l.created_at DESC LIMIT 1`,
	])
	const type = types[0]?.type
	return {
		generations,
		saved,
		likes: toNumber(likes[0]?.n),
		favouriteType: type
			? (PHRASE_TYPE_LABELS[type as keyof typeof PHRASE_TYPE_LABELS] ?? type)
			: null,
		favouritePhrase: phrases[0]?.content ?? null,
	}
}

const dayMonth = new Intl.DateTimeFormat('es-ES', {
	timeZone: 'Europe/Madrid',
	day: 'numeric',
	month: 'long',
})

export function weeklySummaryMail(
	recipient: { to: string; name: string; userId: string },
	week: { start: Date; end: Date },
	figures: WeekFigures,
): Mail {
	const lastDay = new Date(week.end.getTime() - 1)
	const paragraphs = [
		`Hola, ${recipient.name}:`,
		`Así fue tu semana en Frasea, del ${dayMonth.format(week.start)} al ${dayMonth.format(lastDay)}.`,
		`Generaciones: ${figures.generations}. Frases guardadas: ${figures.saved}. «Me gusta»: ${figures.likes}.`,
		...(figures.favouriteType
			? [`Lo que más te gustó: frases ${figures.favouriteType.toLowerCase()}.`]
			: []),
		...(figures.favouritePhrase ? [`Una de tus favoritas: «${figures.favouritePhrase}»`] : []),
	]
	const panel = `${appOrigin()}/dashboard`
	const footer = bulkFooter(recipient.userId, 'activity')
	return {
		to: recipient.to,
		subject: 'Tu semana en Frasea',
		text: `${paragraphs.join('\n\n')}\n\nVer mi panel:\n${panel}${footer.text}`,
		html: layout(
			'Tu semana en Frasea',
			paragraphs,
			{ href: panel, label: 'Ver mi panel' },
			footer.html,
		),
		headers: unsubscribeHeaders(recipient.userId, 'activity'),
	}
}
