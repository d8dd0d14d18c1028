/**
 * The overview's figures against seeded rows whose answers were worked out by hand,
 * including the Madrid day boundaries and the nearest-rank percentiles.
 */
import { beforeAll, expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import {
	generationTotals,
	getCallStats,
	getDailyGenerations,
	getLanguageCheckStats,
	getLanguageStats,
	getRecentLikeStats,
	getRecentPhrases,
	getUserStats,
} from './overview-stats.server'

// 12:00 in Madrid (UTC+2); today began at 2026-06-14T22:00Z, the 30-day window at
// 2026-05-16T22:00Z (17 May).
const now = new Date('2026-06-15T10:00:00Z')
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)

beforeAll(async () => {
	const [ana, beto, carla, dani] = await Promise.all(
		['Ana', 'Beto', 'Carla', 'Dani'].map((name) =>
			prisma.profile.create({ data: { name, email: `${name.toLowerCase()}@frasea.test` } }),
		),
	)
	if (!ana || !beto || !carla || !dani) throw new Error('no users')
	const phrases: Array<[string, string, Date]> = [
		[ana.id, 'Ana hace 2 días', daysAgo(2)],
		[ana.id, 'Ana hace 10 días', daysAgo(10)],
		[ana.id, 'Ana hace 11 días', daysAgo(11)],
		[beto.id, 'Beto ayer', daysAgo(1)],
		[beto.id, 'Beto hace 20 días', daysAgo(20)],
		// Eight days ago: not active any more.
		[dani.id, 'Dani hace 8 días', daysAgo(8)],
	]
	await prisma.phrase.createMany({
		data: phrases.map(([userId, content, createdAt]) => ({ userId, content, createdAt })),
	})
	const events: Array<[string, string, number, 'success' | 'error']> = [
		['2026-06-15T08:00:00Z', 'gemini', 100, 'success'],
		['2026-06-15T08:01:00Z', 'gemini', 200, 'success'],
		['2026-06-15T08:02:00Z', 'gemini', 300, 'error'],
		['2026-06-15T08:03:00Z', 'offline', 5, 'success'],
		// 00:30 in Madrid: today.
		['2026-06-14T22:30:00Z', 'gemini', 500, 'success'],
		// 23:30 in Madrid: yesterday.
		['2026-06-14T21:30:00Z', 'gemini', 400, 'success'],
		['2026-06-10T12:00:00Z', 'openai', 1000, 'success'],
		['2026-06-10T12:05:00Z', 'openai', 2000, 'error'],
		// Ten days ago: within 30 days, not within 7.
		['2026-06-05T12:00:00Z', 'gemini', 600, 'success'],
		// The first minute of the window, and the last one before it.
		['2026-05-16T22:00:00Z', 'gemini', 700, 'success'],
		['2026-05-16T21:59:59Z', 'gemini', 9999, 'success'],
		['2026-05-01T12:00:00Z', 'gemini', 9999, 'error'],
	]
	await prisma.generationEvent.createMany({
		data: events.map(([at, provider, latencyMs, outcome]) => ({
			createdAt: new Date(at),
			page: 'home',
			provider,
			model: `${provider}-modelo`,
			latencyMs,
			outcome,
			errorKind: outcome === 'error' ? 'unavailable' : null,
		})),
	})
	const likes: Array<[string, string, string, Date]> = [
		['gemini', 'gemini-flash-latest', 'motivacional', daysAgo(1)],
		['gemini', 'gemini-flash-latest', 'motivacional', daysAgo(3)],
		['openai', 'llama3', 'humor', daysAgo(4)],
		['gemini', 'gemini-flash-latest', 'humor', daysAgo(40)],
	]
	await prisma.phraseLike.createMany({
		data: likes.map(([provider, model, phraseType, createdAt], position) => ({
			position,
			page: 'home',
			provider,
			model,
			phraseType,
			language: 'es',
			createdAt,
		})),
	})
})

test('users, phrases, active users (a phrase in the last 7 days) and the rounded average', async () => {
	// 6 phrases / 4 users = 1.5, rounded to 2; Ana and Beto saved one in the last 7 days.
	expect(await getUserStats(now)).toEqual({
		totalUsers: 4,
		totalPhrases: 6,
		activeUsers: 2,
		averagePhrasesPerUser: 2,
	})
})

test('generations per Madrid day over 30 days, and today / 7 days / 30 days', async () => {
	const daily = await getDailyGenerations(now)
	expect(daily).toHaveLength(30)
	expect(daily[0]).toEqual({ day: '2026-05-17', generations: 1 })
	expect(daily.at(-1)).toEqual({ day: '2026-06-15', generations: 4 })
	const nonZero = daily.filter((day) => day.generations > 0)
	expect(nonZero).toEqual([
		{ day: '2026-05-17', generations: 1 },
		{ day: '2026-06-05', generations: 1 },
		{ day: '2026-06-10', generations: 1 },
		{ day: '2026-06-14', generations: 1 },
		{ day: '2026-06-15', generations: 4 },
	])
	expect(generationTotals(daily)).toEqual({ today: 4, last7Days: 6, last30Days: 8 })
})

test('calls, errors and nearest-rank p50/p95 latency, in total and per provider', async () => {
	expect(await getCallStats(now)).toEqual([
		// 5 100 200 300 400 500 600 700 1000 2000: p50 is the 5th, p95 the 10th.
		{ provider: null, calls: 10, errors: 2, errorRate: 0.2, p50Ms: 400, p95Ms: 2000 },
		// 100 … 700 (7 calls): p50 is the 4th, p95 the 7th.
		{ provider: 'gemini', calls: 7, errors: 1, errorRate: 1 / 7, p50Ms: 400, p95Ms: 700 },
		{ provider: 'openai', calls: 2, errors: 1, errorRate: 0.5, p50Ms: 1000, p95Ms: 2000 },
		{ provider: 'offline', calls: 1, errors: 0, errorRate: 0, p50Ms: 5, p95Ms: 5 },
	])
})

test('the total alone, for the cards', async () => {
	expect(await getCallStats(now, { totalOnly: true })).toEqual([
		{ provider: null, calls: 10, errors: 2, errorRate: 0.2, p50Ms: 400, p95Ms: 2000 },
	])
})

test('no calls at all: zero calls and no latency', async () => {
	expect(await getCallStats(new Date('2020-01-01T00:00:00Z'))).toEqual([
		{ provider: null, calls: 0, errors: 0, errorRate: 0, p50Ms: null, p95Ms: null },
	])
})

test('likes per provider, model and phrase type within the window', async () => {
	expect(await getRecentLikeStats(now)).toEqual([
		{ provider: 'gemini', model: 'gemini-flash-latest', phraseType: 'motivacional', likes: 2 },
		{ provider: 'openai', model: 'llama3', phraseType: 'humor', likes: 1 },
	])
})

test('generations per language and variant, within the window, most first', async () => {
	// The seeded events above carry no language (recorded before it was kept).
	const at = (iso: string) => new Date(iso)
	await prisma.generationEvent.createMany({
		data: [
			['es', 'ar', 'success', '2026-06-15T07:00:00Z'],
			['es', 'ar', 'success', '2026-06-12T07:00:00Z'],
			['es', 'ar', 'error', '2026-06-12T07:01:00Z'],
			['es', 'mx', 'success', '2026-06-01T07:00:00Z'],
			['en', null, 'success', '2026-06-01T07:00:00Z'],
			// Before the window.
			['es', 'es', 'success', '2026-05-01T07:00:00Z'],
		].map(([language, variant, outcome, createdAt]) => ({
			createdAt: at(createdAt!),
			page: 'home',
			provider: 'offline',
			model: 'frasea-offline-1',
			latencyMs: 1,
			outcome: outcome!,
			language,
			variant,
		})),
	})
	try {
		expect(await getLanguageStats(now)).toEqual([
			{ language: null, variant: null, generations: 8 },
			{ language: 'es', variant: 'ar', generations: 2 },
			{ language: 'en', variant: null, generations: 1 },
			{ language: 'es', variant: 'mx', generations: 1 },
		])
	} finally {
		await prisma.generationEvent.deleteMany({ where: { provider: 'offline', latencyMs: 1 } })
	}
})

test('answers and phrases the language check rejected, per provider and model', async () => {
	const event = (
		provider: string,
		model: string,
		outcome: 'success' | 'error',
		rejectedPhrases: number,
		createdAt = '2026-06-14T10:00:00Z',
	) => ({
		createdAt: new Date(createdAt),
		page: 'instagram',
		provider,
		model,
		latencyMs: 2,
		outcome,
		errorKind: outcome === 'error' ? 'wrong_language' : null,
		language: 'es',
		variant: 'latam',
		rejectedPhrases,
	})
	await prisma.generationEvent.createMany({
		data: [
			event('gemini', 'gemini-flash-latest', 'error', 4),
			event('gemini', 'gemini-flash-latest', 'error', 3),
			event('gemini', 'gemini-flash-latest', 'success', 1),
			event('gemini', 'gemini-2.5-pro', 'success', 2),
			event('openai', 'llama3.2', 'error', 6),
			// Nothing rejected, or before the window: not counted.
			event('openai', 'llama3.2', 'success', 0),
			event('openai', 'qwen', 'error', 5, '2026-05-01T10:00:00Z'),
		],
	})
	try {
		expect(await getLanguageCheckStats(now)).toEqual([
			{ provider: 'gemini', model: 'gemini-flash-latest', rejectedAnswers: 2, droppedPhrases: 1 },
			{ provider: 'openai', model: 'llama3.2', rejectedAnswers: 1, droppedPhrases: 0 },
			{ provider: 'gemini', model: 'gemini-2.5-pro', rejectedAnswers: 0, droppedPhrases: 2 },
		])
		expect(await getLanguageCheckStats(new Date('2020-01-01T00:00:00Z'))).toEqual([])
	} finally {
		await prisma.generationEvent.deleteMany({ where: { latencyMs: 2 } })
	}
})

test('the five latest saved phrases with who saved them', async () => {
	const recent = await getRecentPhrases()
	expect(recent.map((phrase) => [phrase.content, phrase.userName])).toEqual([
		['Beto ayer', 'Beto'],
		['Ana hace 2 días', 'Ana'],
		['Dani hace 8 días', 'Dani'],
		['Ana hace 10 días', 'Ana'],
		['Ana hace 11 días', 'Ana'],
	])
})
