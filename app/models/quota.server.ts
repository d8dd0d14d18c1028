import { getEnv } from '~/utils/env.server'
import { prisma } from '~/utils/db.server'

export type QuotaSubject = { kind: 'user'; id: string } | { kind: 'visitor'; id: string }

export const quotaSettingKeys = {
	user: 'generation.dailyLimit.user',
	visitor: 'generation.dailyLimit.anon',
} as const

const timeZone = 'Europe/Madrid'

/** The quota day in Spain (the product's audience), as YYYY-MM-DD. */
export function quotaDay(now = new Date()) {
	return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(now)
}

/** Daily limit for the subject: an admin-set value wins over the environment. */
export async function getDailyLimit(kind: QuotaSubject['kind']): Promise<number> {
	const setting = await prisma.setting.findUnique({ where: { key: quotaSettingKeys[kind] } })
	const fromSetting = setting ? Number.parseInt(setting.value, 10) : Number.NaN
	if (Number.isInteger(fromSetting) && fromSetting > 0) return fromSetting
	const env = getEnv()
	return kind === 'user' ? env.GENERATION_DAILY_LIMIT_USER : env.GENERATION_DAILY_LIMIT_ANON
}

const subjectKey = (subject: QuotaSubject) => `${subject.kind}:${subject.id}`

export async function getRemainingQuota(subject: QuotaSubject, now = new Date()) {
	const [limit, row] = await Promise.all([
		getDailyLimit(subject.kind),
		prisma.generationQuota.findUnique({
			where: { subject_day: { subject: subjectKey(subject), day: quotaDay(now) } },
		}),
	])
	return { limit, remaining: Math.max(0, limit - (row?.count ?? 0)) }
}

/**
 * Takes one generation from today's allowance in a single atomic statement, so concurrent
 * requests (from any process) cannot overshoot. Returns false when the allowance is spent.
 */
export async function consumeQuota(subject: QuotaSubject, now = new Date()): Promise<boolean> {
	const limit = await getDailyLimit(subject.kind)
	const rows = await prisma.$queryRaw<Array<{ count: number }>>`
		INSERT INTO generation_quotas (subject, day, count) VALUES (${subjectKey(subject)}, ${quotaDay(now)}, 1)
		ON CONFLICT (subject, day) DO UPDATE SET count = count + 1 WHERE count < ${limit}
		RETURNING count`
	return rows.length > 0
}

/** Gives back a generation that produced nothing (e.g. the provider failed). */
export async function refundQuota(subject: QuotaSubject, now = new Date()) {
	await prisma.generationQuota.updateMany({
		where: { subject: subjectKey(subject), day: quotaDay(now), count: { gt: 0 } },
		data: { count: { decrement: 1 } },
	})
}

/** Old counters are useless after their day: keep a week for the admin statistics. */
export async function purgeOldQuotas(now = new Date()) {
	const weekAgo = quotaDay(new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000))
	await prisma.generationQuota.deleteMany({ where: { day: { lt: weekAgo } } })
}
