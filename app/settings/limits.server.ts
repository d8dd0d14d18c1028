/**
 * The daily generation limits in force: a value an admin saved wins over the environment.
 * Read on every use (one query for all four), so every process applies a change at once.
 */
import { getEnv } from '~/utils/env.server'
import { type InForce } from './in-force'
import { readSettings, SETTING_KEYS } from './store.server'

export const LIMIT_KEYS = {
	anon: SETTING_KEYS.limitAnon,
	user: SETTING_KEYS.limitUser,
	ip: SETTING_KEYS.limitIp,
	global: SETTING_KEYS.limitGlobal,
} as const

export type LimitName = keyof typeof LIMIT_KEYS

/** The environment variable behind each limit (the page names it). */
export const LIMIT_ENV_NAMES = {
	anon: 'GENERATION_DAILY_LIMIT_ANON',
	user: 'GENERATION_DAILY_LIMIT_USER',
	ip: 'GENERATION_DAILY_LIMIT_IP',
	global: 'GENERATION_DAILY_LIMIT_GLOBAL',
} as const satisfies Record<LimitName, string>

/** The smallest value each limit may take: the global ceiling may be 0 (off). */
export const LIMIT_MINIMUM: Record<LimitName, number> = { anon: 1, user: 1, ip: 1, global: 0 }
export const LIMIT_MAXIMUM = 1_000_000

function parseLimit(name: LimitName, raw: string | undefined): number | undefined {
	if (raw === undefined) return undefined
	const value = Number(raw)
	return Number.isInteger(value) && value >= LIMIT_MINIMUM[name] && value <= LIMIT_MAXIMUM
		? value
		: undefined
}

export async function getDailyLimits(): Promise<Record<LimitName, InForce<number>>> {
	const stored = await readSettings(Object.values(LIMIT_KEYS))
	const env = getEnv()
	const limits = {} as Record<LimitName, InForce<number>>
	for (const name of Object.keys(LIMIT_KEYS) as LimitName[]) {
		const fromAdmin = parseLimit(name, stored[LIMIT_KEYS[name]])
		const envName = LIMIT_ENV_NAMES[name]
		limits[name] =
			fromAdmin !== undefined
				? { value: fromAdmin, source: 'admin' }
				: {
						value: env[envName],
						source: process.env[envName]?.trim() ? 'env' : 'default',
					}
	}
	return limits
}
