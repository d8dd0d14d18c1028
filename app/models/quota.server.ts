/**
 * Daily generation limits, counted in the generation_quotas table (one row per subject and
 * day). Three counters guard every generation:
 * - the browser (`visitor:<id>`) or account (`user:<id>`) — the allowance the page shows;
 * - the client address (`ip:<address>`), because a visitor id is only a cookie: dropping it
 *   gives a fresh id, but not a fresh address;
 * - the provider calls of the whole service (`global:provider-calls`), when
 *   a global limit is set (an admin, or GENERATION_DAILY_LIMIT_GLOBAL): a ceiling on what the provider can bill in a day,
 *   whoever asks.
 * Every reservation is one atomic statement (an upsert that only increments under the
 * limit), never a read followed by a write, so concurrent requests in any number of
 * processes cannot overshoot.
 */
import { isIPv4, isIPv6 } from 'node:net'
import { getDailyLimits } from '~/settings/limits.server'
import { SETTING_KEYS } from '~/settings/store.server'
import { prisma } from '~/utils/db.server'

export type QuotaSubject = { kind: 'user'; id: string } | { kind: 'visitor'; id: string }

/** Which limit refused a generation, or is the tightest one on the page. */
type LimitScope = QuotaSubject['kind'] | 'ip' | 'global'

export const quotaSettingKeys = {
	user: SETTING_KEYS.limitUser,
	visitor: SETTING_KEYS.limitAnon,
} as const

const GLOBAL_PROVIDER_CALLS = 'global:provider-calls'

const timeZone = 'Europe/Madrid'

/** The quota day in Spain (the product's audience), as YYYY-MM-DD. */
export function quotaDay(now = new Date()) {
	return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(now)
}

/** The limits in force, as numbers (an admin-set value wins over the environment). */
async function dailyLimits() {
	const limits = await getDailyLimits()
	return {
		user: limits.user.value,
		visitor: limits.anon.value,
		ip: limits.ip.value,
		global: limits.global.value,
	}
}

export const subjectKey = (subject: QuotaSubject) => `${subject.kind}:${subject.id}`

let warnedUnknownAddress = false

/**
 * The counter key of a client address. An IPv4-mapped IPv6 address is the IPv4 one, and an
 * IPv6 address counts by its /64 network: one host is routinely given a whole /64, so
 * counting single addresses would let it rotate through billions of fresh allowances.
 * Without an address (the app not run by its own server, which always fills it) every such
 * request shares one counter: failing closed, never unlimited.
 */
export function addressKey(address: string | undefined | null): string {
	// The app's server already hands over IPv6 clients as their network (`2001:db8:1:2::/64`).
	const raw = (address ?? '')
		.trim()
		.replace(/^\[|\]$/g, '')
		.replace(/\/64$/, '')
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw)?.[1]
	if (mapped && isIPv4(mapped)) return `ip:${mapped}`
	if (isIPv4(raw)) return `ip:${raw}`
	if (isIPv6(raw.replace(/%.*$/, ''))) return `ip:${ipv6Prefix64(raw.replace(/%.*$/, ''))}`
	if (!warnedUnknownAddress) {
		warnedUnknownAddress = true
		console.warn(
			'Per-address limits: no client address in the load context; every such request shares one per-address allowance',
		)
	}
	return 'ip:unknown'
}

/** The first four groups of an IPv6 address, expanded: `2001:db8:0:1::/64`. */
function ipv6Prefix64(address: string): string {
	const [head = '', tail] = address.toLowerCase().split('::')
	const headGroups = head ? head.split(':') : []
	const tailGroups = tail ? tail.split(':') : []
	// An embedded IPv4 tail takes two groups; it is past the /64 anyway.
	const tailLength = tailGroups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0)
	const groups =
		tail === undefined
			? headGroups
			: [
					...headGroups,
					...Array<string>(8 - headGroups.length - tailLength).fill('0'),
					...tailGroups,
				]
	const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group || '0', 16).toString(16))
	return `${prefix.join(':')}::/64`
}

/**
 * Takes one from `key`'s allowance for the day in a single statement: the upsert only
 * increments while the count is under the limit. SQLite runs it under the write lock;
 * PostgreSQL locks the conflicting row and checks the WHERE against its latest version, so
 * on both, concurrent callers (from any process) cannot overshoot. False when it is spent.
 */
async function take(key: string, limit: number, day: string): Promise<boolean> {
	if (limit <= 0) return false
	// Qualified: in PostgreSQL a bare `count` could also be the proposed row's (excluded).
	const rows = await prisma.$queryRaw<Array<{ count: number }>>`
		INSERT INTO generation_quotas (subject, day, count) VALUES (${key}, ${day}, 1)
		ON CONFLICT (subject, day) DO UPDATE SET count = generation_quotas.count + 1
		WHERE generation_quotas.count < ${limit}
		RETURNING count`
	return rows.length > 0
}

/** Gives one back to `key` on `day` (never below zero). */
async function giveBack(key: string, day: string) {
	await prisma.generationQuota.updateMany({
		where: { subject: key, day, count: { gt: 0 } },
		data: { count: { decrement: 1 } },
	})
}

async function used(key: string, day: string): Promise<number> {
	const row = await prisma.generationQuota.findUnique({
		where: { subject_day: { subject: key, day } },
	})
	return row?.count ?? 0
}

/**
 * Takes one from `key`'s counter in `bucket` (a day, or any other span named the same way:
 * starting with its YYYY-MM-DD, so old rows are purged with the days) in one atomic
 * statement. Null when `limit` is reached; otherwise what gives it back (once).
 */
export async function reserveCount(key: string, limit: number, bucket: string) {
	if (!(await take(key, limit, bucket))) return null
	let released = false
	return {
		release: async () => {
			if (released) return
			released = true
			await giveBack(key, bucket)
		},
	}
}

/**
 * Takes one from a daily counter of `key` other than the generation limits (the upload
 * allowance): the same table, the same Spanish day and the same atomic take. Null when
 * today's `limit` is spent; otherwise what gives it back.
 */
export async function reserveDaily(key: string, limit: number, now = new Date()) {
	return reserveCount(key, limit, quotaDay(now))
}

/** A generation's place in today's allowances, to give back if no provider call was made. */
type GenerationReservation = { subject: string; address: string; day: string }

type ReserveResult =
	| { ok: true; reservation: GenerationReservation }
	| { ok: false; scope: 'user' | 'visitor' | 'ip'; limit: number }

/**
 * Reserves one generation for the subject AND the client address. Each counter is taken
 * atomically; when the address refuses, the subject's place is given back at once, so a
 * refusal costs nothing (for an instant a concurrent request of the same subject may see
 * one fewer — the safe side). Checked before any provider call.
 */
export async function reserveGeneration(
	subject: QuotaSubject,
	clientAddress: string | undefined | null,
	now = new Date(),
): Promise<ReserveResult> {
	const day = quotaDay(now)
	const limits = await dailyLimits()
	const subjectLimit = limits[subject.kind]
	const key = subjectKey(subject)
	if (!(await take(key, subjectLimit, day))) {
		return { ok: false, scope: subject.kind, limit: subjectLimit }
	}
	const address = addressKey(clientAddress)
	const addressLimit = limits.ip
	if (!(await take(address, addressLimit, day))) {
		await giveBack(key, day)
		return { ok: false, scope: 'ip', limit: addressLimit }
	}
	return { ok: true, reservation: { subject: key, address, day } }
}

/**
 * Gives a reserved generation back to the subject and the address — only for a generation
 * that never cost a provider call (the same day it was taken, even past midnight).
 */
export async function releaseGeneration(reservation: GenerationReservation) {
	await Promise.all([
		giveBack(reservation.subject, reservation.day),
		giveBack(reservation.address, reservation.day),
	])
}

/**
 * Takes one provider call from the service's daily ceiling, before the call is made (every
 * retry too: each is billed). Never given back: the call was made. Always true when the
 * ceiling is off.
 */
export async function reserveProviderCall(now = new Date()): Promise<boolean> {
	const limit = (await dailyLimits()).global
	if (limit === 0) return true
	return take(GLOBAL_PROVIDER_CALLS, limit, quotaDay(now))
}

type Allowance = { limit: number; remaining: number; scope: LimitScope }

/**
 * What the page shows: the subject's own limit, and what remains under the tightest
 * applicable one (the address's, or the global ceiling when a real provider answers — each
 * generation needs at least one call). `scope` names the binding limit.
 */
export async function getAllowance(
	subject: QuotaSubject,
	clientAddress: string | undefined | null,
	options: { providerCalls: boolean },
	now = new Date(),
): Promise<Allowance> {
	const day = quotaDay(now)
	const limits = await dailyLimits()
	const globalLimit = options.providerCalls ? limits.global : 0
	const [ownUsed, addressUsed, globalUsed] = await Promise.all([
		used(subjectKey(subject), day),
		used(addressKey(clientAddress), day),
		globalLimit > 0 ? used(GLOBAL_PROVIDER_CALLS, day) : Promise.resolve(0),
	])
	const ownLimit = limits[subject.kind]
	let allowance: Allowance = {
		limit: ownLimit,
		remaining: Math.max(0, ownLimit - ownUsed),
		scope: subject.kind,
	}
	const addressRemaining = Math.max(0, limits.ip - addressUsed)
	if (addressRemaining < allowance.remaining) {
		allowance = { ...allowance, remaining: addressRemaining, scope: 'ip' }
	}
	if (globalLimit > 0) {
		const globalRemaining = Math.max(0, globalLimit - globalUsed)
		if (globalRemaining < allowance.remaining) {
			allowance = { ...allowance, remaining: globalRemaining, scope: 'global' }
		}
	}
	return allowance
}

/** Old counters are useless after their day: keep a week for the admin statistics. */
export async function purgeOldQuotas(now = new Date()) {
	const weekAgo = quotaDay(new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000))
	return (await prisma.generationQuota.deleteMany({ where: { day: { lt: weekAgo } } })).count
}
