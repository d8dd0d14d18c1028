import { Prisma } from '~/generated/prisma/client'
import { getLikeStats } from '~/models/like.server'
import { databaseEngine, prisma } from '~/utils/db.server'
import { timestampValue, toNumber } from '~/utils/sql.server'
import { lastMadridDays } from './madrid-days'

/**
 * The admin overview's figures, each aggregated by the database (counts, groups, window
 * functions over an index), never by loading rows into the server.
 */

/** The window of the generation and provider figures, in Madrid calendar days. */
export const STATS_DAYS = 30
/** "Active" means a saved phrase within this many days (rolling, from now). */
const ACTIVE_DAYS = 7
export const RECENT_ACTIVITY_LIMIT = 5

export interface UserStats {
	totalUsers: number
	totalPhrases: number
	activeUsers: number
	averagePhrasesPerUser: number
}

export async function getUserStats(now = new Date()): Promise<UserStats> {
	const activeSince = new Date(now.getTime() - ACTIVE_DAYS * 86_400_000)
	const [totalUsers, totalPhrases, active] = await Promise.all([
		prisma.profile.count(),
		prisma.phrase.count(),
		prisma.$queryRaw<Array<{ users: bigint | number }>>`
			SELECT COUNT(DISTINCT usuario_id) AS users FROM frases WHERE fecha_creacion >= ${activeSince}`,
	])
	return {
		totalUsers,
		totalPhrases,
		activeUsers: toNumber(active[0]?.users),
		averagePhrasesPerUser: totalUsers === 0 ? 0 : Math.round(totalPhrases / totalUsers),
	}
}

export interface DailyGenerations {
	/** YYYY-MM-DD on Madrid's calendar, oldest first. */
	day: string
	generations: number
}

/**
 * Generations (provider calls that brought back usable text) per Madrid day over the last
 * STATS_DAYS days, oldest first, today last; days without any count 0.
 */
export async function getDailyGenerations(now = new Date()): Promise<DailyGenerations[]> {
	const days = lastMadridDays(now, STATS_DAYS)
	// Typed in the VALUES list: PostgreSQL would take untyped parameters there for text.
	const values = Prisma.join(
		days.map(
			(day, index) =>
				Prisma.sql`(CAST(${index} AS INTEGER), ${timestampValue(day.start)}, ${timestampValue(day.end)})`,
		),
	)
	const rows = await prisma.$queryRaw<Array<{ idx: bigint | number; n: bigint | number }>>`
		WITH days(idx, day_start, day_end) AS (VALUES ${values})
		SELECT days.idx AS idx, (
			SELECT COUNT(*) FROM generation_events e
			WHERE e.created_at >= days.day_start AND e.created_at < days.day_end
				AND e.outcome = 'success'
		) AS n
		FROM days`
	const counts = new Map(rows.map((row) => [toNumber(row.idx), toNumber(row.n)]))
	return days.map((day, index) => ({ day: day.key, generations: counts.get(index) ?? 0 }))
}

/** Today, the last 7 and the last 30 Madrid days, from the per-day series. */
export function generationTotals(daily: DailyGenerations[]) {
	const sum = (list: DailyGenerations[]) => list.reduce((total, day) => total + day.generations, 0)
	return {
		today: daily.at(-1)?.generations ?? 0,
		last7Days: sum(daily.slice(-7)),
		last30Days: sum(daily),
	}
}

export interface CallStats {
	/** null for the total over every provider. */
	provider: string | null
	calls: number
	errors: number
	/** errors / calls, 0 when there were no calls. */
	errorRate: number
	/** Nearest-rank percentiles of the call latency, in milliseconds; null without calls. */
	p50Ms: number | null
	p95Ms: number | null
}

/**
 * Provider calls over the last STATS_DAYS Madrid days: in total (first) and, unless
 * `totalOnly`, per provider (most calls first). Percentiles use the nearest-rank method:
 * the value at position ceil(p × n) of the sorted latencies, read by walking an index in
 * latency order.
 */
export async function getCallStats(
	now = new Date(),
	{ totalOnly = false }: { totalOnly?: boolean } = {},
): Promise<CallStats[]> {
	const inWindow = statsWindow(now)
	// `+provider` keeps SQLite from walking the whole provider index to avoid a sort: the
	// window's date range (on the covering date index) is the cheaper read. PostgreSQL has
	// no unary plus on text, and its planner weighs the two reads itself.
	const groupBy =
		databaseEngine() === 'postgresql'
			? Prisma.sql`GROUP BY provider`
			: Prisma.sql`GROUP BY +provider`
	const groups = await prisma.$queryRaw<
		Array<{ provider: string; calls: bigint | number; errors: bigint | number | string }>
	>`
		SELECT provider, COUNT(*) AS calls,
			SUM(CASE WHEN outcome = 'error' THEN 1 ELSE 0 END) AS errors
		FROM generation_events WHERE ${inWindow} ${groupBy}`
	const perProvider = groups.map((group) => ({
		provider: group.provider,
		calls: toNumber(group.calls),
		errors: toNumber(group.errors),
	}))
	const total = {
		provider: null,
		calls: perProvider.reduce((sum, group) => sum + group.calls, 0),
		errors: perProvider.reduce((sum, group) => sum + group.errors, 0),
	}
	const withLatency = async (group: { provider: string | null; calls: number; errors: number }) => {
		const where =
			group.provider === null ? inWindow : Prisma.sql`provider = ${group.provider} AND ${inWindow}`
		const [p50Ms, p95Ms] =
			group.calls === 0
				? [null, null]
				: await latencyAtRanks(where, [
						nearestRank(0.5, group.calls),
						nearestRank(0.95, group.calls),
					])
		return {
			...group,
			errorRate: group.calls === 0 ? 0 : group.errors / group.calls,
			p50Ms,
			p95Ms,
		}
	}
	const rows: CallStats[] = []
	// One after another: SQLite answers one statement at a time on this connection anyway.
	const wanted = totalOnly ? [total] : [total, ...perProvider.sort((a, b) => b.calls - a.calls)]
	for (const group of wanted) {
		rows.push(await withLatency(group))
	}
	return rows
}

/** The 1-based position of the p-th percentile among n sorted values (nearest rank). */
export function nearestRank(p: number, n: number) {
	return Math.max(1, Math.ceil(Math.round(p * n * 1e9) / 1e9))
}

/** The latencies at the given 1-based ranks of the rows matching `where`. */
async function latencyAtRanks(where: Prisma.Sql, ranks: [number, number]) {
	const at = (rank: number) => Prisma.sql`(
		SELECT latency_ms FROM generation_events WHERE ${where}
		ORDER BY latency_ms LIMIT 1 OFFSET ${rank - 1})`
	const rows = await prisma.$queryRaw<Array<{ first: Numeric; second: Numeric }>>`
		SELECT ${at(ranks[0])} AS first, ${at(ranks[1])} AS second`
	const row = rows[0]
	const value = (n: Numeric | undefined) => (n === null || n === undefined ? null : Number(n))
	return [value(row?.first), value(row?.second)] as const
}

type Numeric = bigint | number | null

/** The window of the per-day figures as a condition on generation_events.created_at. */
function statsWindow(now: Date) {
	const days = lastMadridDays(now, STATS_DAYS)
	const since = days[0]?.start ?? now
	const until = days.at(-1)?.end ?? now
	return Prisma.sql`created_at >= ${since} AND created_at < ${until}`
}

export interface LanguageStats {
	/** 'es', 'en', …; null for calls recorded before the language was kept. */
	language: string | null
	/** The Spanish variety ('ar'); null for other languages. */
	variant: string | null
	generations: number
}

/**
 * Generations (provider calls that brought back usable text, as in the daily figures) per
 * language asked for and, for Spanish, per variant, over the last STATS_DAYS Madrid days;
 * most first.
 */
export async function getLanguageStats(now = new Date()): Promise<LanguageStats[]> {
	const rows = await prisma.$queryRaw<
		Array<{ language: string | null; variant: string | null; n: bigint | number }>
	>`
		SELECT language, variant, COUNT(*) AS n FROM generation_events
		WHERE ${statsWindow(now)} AND outcome = 'success'
		GROUP BY language, variant`
	return rows
		.map((row) => ({
			language: row.language,
			variant: row.variant,
			generations: toNumber(row.n),
		}))
		.sort(
			(a, b) =>
				b.generations - a.generations ||
				`${a.language}|${a.variant}`.localeCompare(`${b.language}|${b.variant}`),
		)
}

export interface LanguageCheckStats {
	provider: string
	model: string
	/** Answers mostly in another language: failed attempts, retried. */
	rejectedAnswers: number
	/** Stray phrases in another language dropped from answers that were kept. */
	droppedPhrases: number
}

/**
 * What the language check rejected over the last STATS_DAYS Madrid days, per provider and
 * model (only those with something rejected), most rejected answers first.
 */
export async function getLanguageCheckStats(now = new Date()): Promise<LanguageCheckStats[]> {
	const rows = await prisma.$queryRaw<
		Array<{
			provider: string
			model: string
			answers: bigint | number | string
			phrases: bigint | number | string
		}>
	>`
		SELECT provider, model,
			SUM(CASE WHEN outcome = 'error' THEN 1 ELSE 0 END) AS answers,
			SUM(CASE WHEN outcome = 'success' THEN rejected_phrases ELSE 0 END) AS phrases
		FROM generation_events
		WHERE ${statsWindow(now)} AND rejected_phrases > 0
		GROUP BY provider, model`
	return rows
		.map((row) => ({
			provider: row.provider,
			model: row.model,
			rejectedAnswers: toNumber(row.answers),
			droppedPhrases: toNumber(row.phrases),
		}))
		.sort(
			(a, b) =>
				b.rejectedAnswers - a.rejectedAnswers ||
				b.droppedPhrases - a.droppedPhrases ||
				`${a.provider}|${a.model}`.localeCompare(`${b.provider}|${b.model}`),
		)
}

/** Likes per provider, model and phrase type over the last STATS_DAYS Madrid days. */
export async function getRecentLikeStats(now = new Date()) {
	const since = lastMadridDays(now, STATS_DAYS)[0]?.start ?? now
	return getLikeStats(since)
}

export interface RecentPhrase {
	id: string
	content: string
	createdAt: Date
	userName: string
}

/** The latest saved phrases on the site, with who saved them. */
export async function getRecentPhrases(): Promise<RecentPhrase[]> {
	const phrases = await prisma.phrase.findMany({
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		take: RECENT_ACTIVITY_LIMIT,
		select: { id: true, content: true, createdAt: true, user: { select: { name: true } } },
	})
	return phrases.map((phrase) => ({
		id: phrase.id,
		content: phrase.content,
		createdAt: phrase.createdAt,
		userName: phrase.user.name,
	}))
}
