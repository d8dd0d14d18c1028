/**
 * Values an admin changes at run time, kept in the `settings` table (one row per key) and
 * read through the process's copy of the configuration (snapshot.server.ts), which follows
 * every change. A missing row means "not set here": the environment, then the built-in
 * default, decides.
 */
import { recordAdminChange } from '~/admin/audit.server'
import { prisma } from '~/utils/db.server'
import { decryptSecret, encryptSecret } from './secrets.server'
import { configuration } from './snapshot.server'

export const SETTING_KEYS = {
	/** 'gemini' | 'openai' | 'offline' */
	provider: 'ai.provider',
	geminiApiKey: 'ai.gemini.apiKey',
	geminiBaseUrl: 'ai.gemini.baseUrl',
	openaiApiKey: 'ai.openai.apiKey',
	openaiBaseUrl: 'ai.openai.baseUrl',
	limitAnon: 'generation.dailyLimit.anon',
	limitUser: 'generation.dailyLimit.user',
	limitIp: 'generation.dailyLimit.ip',
	limitGlobal: 'generation.dailyLimit.global',
	adsEnabled: 'ads.enabled',
	adsClientId: 'ads.clientId',
	adsSlot: 'ads.slot',
	/** 'true' when admin accounts must have two-factor sign-in on to use the admin area. */
	requireAdminTwoFactor: 'security.requireAdminTwoFactor',
	/** Bulk mails (announcements, weekly summaries) sent a minute, by every process together. */
	mailBulkPerMinute: 'mail.bulkPerMinute',
} as const

export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS]

/** Keys whose values are stored encrypted and never shown or logged. */
const SECRET_KEYS: ReadonlySet<SettingKey> = new Set([
	SETTING_KEYS.geminiApiKey,
	SETTING_KEYS.openaiApiKey,
])

export function isSecretSetting(key: SettingKey) {
	return SECRET_KEYS.has(key)
}

/**
 * The stored values of `keys`; secrets come back decrypted (a secret that no longer opens
 * counts as not set).
 */
export async function readSettings<K extends SettingKey>(
	keys: readonly K[],
): Promise<Partial<Record<K, string>>> {
	const { settings } = await configuration()
	const values: Partial<Record<K, string>> = {}
	for (const key of keys) {
		const stored = settings.get(key)
		if (stored === undefined) continue
		const value = isSecretSetting(key) ? decryptSecret(stored) : stored
		if (value !== null) values[key] = value
	}
	return values
}

/**
 * Sets (or, with null, clears) one setting and records who did it. Secrets are encrypted
 * before they are written, and the trail says only that one was set or cleared.
 */
export async function writeSetting(key: SettingKey, value: string | null, actorId: string) {
	const secret = isSecretSetting(key)
	await prisma.$transaction(async (tx) => {
		const before = await tx.setting.findUnique({ where: { key } })
		if (value === null) {
			if (!before) return
			await tx.setting.delete({ where: { key } })
		} else {
			const stored = secret ? encryptSecret(value) : value
			await tx.setting.upsert({
				where: { key },
				create: { key, value: stored },
				update: { value: stored },
			})
		}
		if (!secret && before?.value === value) return
		await recordAdminChange(
			{
				actorId,
				action: 'admin.setting.changed',
				target: key,
				details: secret
					? { secret: value === null ? 'cleared' : 'set' }
					: { from: before?.value ?? null, to: value },
			},
			tx,
		)
	})
}
