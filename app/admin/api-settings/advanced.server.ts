/**
 * The Configuración Avanzada tab: the shared generation parameters (the configuracion_avanzada
 * row without a user) and the daily generation limits (settings over the environment).
 */
import { recordAdminChange } from '~/admin/audit.server'
import { getDailyLimits, LIMIT_KEYS, type LimitName } from '~/settings/limits.server'
import { writeSetting } from '~/settings/store.server'
import { serializableTransaction } from '~/utils/sql.server'
import { LIMIT_NAMES, type AdvancedValues, type LimitValues } from './schemas'

type Row = { temperature: number; topP: number; maxTokens: number; enhanceQuality: boolean }

/** The audit trail takes numbers only (quality as 1 or 0). */
const numbers = (row: Row | null) =>
	row
		? {
				temperature: row.temperature,
				topP: row.topP,
				maxTokens: row.maxTokens,
				enhanceQuality: row.enhanceQuality ? 1 : 0,
			}
		: null

/**
 * Creates or replaces the shared row. (A null userId cannot be an upsert's unique key, so
 * the read and the write are one serializable transaction: two saves never make two rows.)
 */
export async function saveAdvanced(adminId: string, values: AdvancedValues) {
	await serializableTransaction(async (tx) => {
		const before = await tx.advancedSettings.findFirst({ where: { userId: null } })
		const data = {
			temperature: values.temperature,
			topP: values.topP,
			maxTokens: values.maxTokens,
			enhanceQuality: values.enhanceQuality,
		}
		if (before) await tx.advancedSettings.update({ where: { id: before.id }, data })
		else await tx.advancedSettings.create({ data: { ...data, userId: null } })
		await recordAdminChange(
			{
				actorId: adminId,
				action: 'admin.advanced.changed',
				details: { from: numbers(before), to: numbers(data) },
			},
			tx,
		)
	})
}

/** Deletes the shared row: each generator's built-in sampling applies again. */
export async function resetAdvanced(adminId: string) {
	await serializableTransaction(async (tx) => {
		const before = await tx.advancedSettings.findFirst({ where: { userId: null } })
		if (!before) return
		await tx.advancedSettings.delete({ where: { id: before.id } })
		await recordAdminChange(
			{
				actorId: adminId,
				action: 'admin.advanced.changed',
				details: { from: numbers(before), to: null },
			},
			tx,
		)
	})
}

/** Each limit given is saved; each left empty is cleared (the environment's applies). */
export async function saveLimits(adminId: string, values: LimitValues) {
	for (const name of LIMIT_NAMES) {
		const value = values[name]
		await writeSetting(LIMIT_KEYS[name], value === undefined ? null : String(value), adminId)
	}
}

export interface LimitView {
	value: number
	source: 'admin' | 'env' | 'default'
	/** What the field shows: the admin's saved value, or empty (the environment decides). */
	saved: string
}

export async function loadLimits(): Promise<Record<LimitName, LimitView>> {
	const limits = await getDailyLimits()
	const view = {} as Record<LimitName, LimitView>
	for (const name of LIMIT_NAMES) {
		const entry = limits[name]
		view[name] = { ...entry, saved: entry.source === 'admin' ? String(entry.value) : '' }
	}
	return view
}
