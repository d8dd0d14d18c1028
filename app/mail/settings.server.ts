/**
 * The pace of bulk mail: announcements and weekly summaries sent a minute, by every process
 * together. An admin's value (Administración › Correo) wins over MAIL_BULK_PER_MINUTE.
 */
import { type InForce } from '~/settings/in-force'
import { readSettings, SETTING_KEYS, writeSetting } from '~/settings/store.server'
import { getEnv } from '~/utils/env.server'
import { BULK_PER_MINUTE_MAX } from './admin-forms'

function parseRate(raw: string | undefined) {
	const value = Number(raw)
	return raw !== undefined && Number.isInteger(value) && value >= 1 && value <= BULK_PER_MINUTE_MAX
		? value
		: undefined
}

export async function bulkMailPerMinute(): Promise<InForce<number>> {
	const stored = parseRate(
		(await readSettings([SETTING_KEYS.mailBulkPerMinute]))[SETTING_KEYS.mailBulkPerMinute],
	)
	if (stored !== undefined) return { value: stored, source: 'admin' }
	return {
		value: getEnv().MAIL_BULK_PER_MINUTE,
		source: process.env.MAIL_BULK_PER_MINUTE?.trim() ? 'env' : 'default',
	}
}

/** Saves the admin's pace, or with null hands it back to the environment. Audited. */
export async function saveBulkMailPerMinute(value: number | null, actorId: string) {
	await writeSetting(SETTING_KEYS.mailBulkPerMinute, value === null ? null : String(value), actorId)
}
