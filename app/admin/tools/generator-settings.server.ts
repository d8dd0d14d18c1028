/**
 * The Instagram and Facebook generators' own settings (table tool_settings, one row per
 * generator). A missing row means the service's configuration applies; 'Restablecer'
 * deletes the row. The generator's name, description, on/off state and model also live in
 * its Tool row (the tools list reads that), so both are written together.
 *
 * Keys are stored encrypted and bound to the address they were saved for (bound-key.server.ts):
 * Facebook's to the URL typed with it, Instagram's to where its calls went when it was
 * saved. Pages get them masked, the audit trail only the names of the fields that changed.
 */
import { recordAdminChange } from '~/admin/audit.server'
import {
	generatorAddress,
	providerConfigFor,
	type ServiceAiConfig,
	type UsedKey,
} from '~/settings/ai-config.server'
import { openKey, sameAddress, sealKey, type BoundKey } from '~/settings/bound-key.server'
import { SOURCE_LABELS } from '~/settings/in-force'
import { maskSecret } from '~/settings/secrets.server'
import { ensureGeneratorTools } from '~/settings/tools.server'
import { prisma } from '~/utils/db.server'
import { redirectWithToast } from '~/utils/toast.server'
import { INSTAGRAM_DEFAULTS, normalizeApiBaseUrl } from './limits'
import { toolsMessages as m } from './messages'
import { type FacebookSettingsValue, type InstagramSettingsValue } from './schema'

export type GeneratorToolId = 'instagram' | 'facebook'

export interface ModelChoice {
	id: string
	name: string
}

/** The model list's active entries, and the saved one even if it was switched off since. */
export async function modelChoices(savedId: string | null): Promise<ModelChoice[]> {
	return prisma.modelOption.findMany({
		where: savedId ? { OR: [{ active: true }, { id: savedId }] } : { active: true },
		orderBy: { name: 'asc' },
		select: { id: true, name: true },
	})
}

/** Whether a model id names an entry of the list (a select can be tampered with). */
export async function modelExists(id: string) {
	return Boolean(await prisma.modelOption.findUnique({ where: { id }, select: { id: true } }))
}

/**
 * The name of the model the service would have this page call: the label of the select's
 * first option. While the service is offline, a page given a key of its own calls Gemini
 * (ai-config.server.ts), so its Gemini model is the one named.
 */
export function serviceModelName(service: ServiceAiConfig) {
	if (service.effective.provider === 'openai') {
		return service.openai.model?.optionName ?? service.openai.model?.value ?? m.offlineEngine
	}
	return service.gemini.model.optionName ?? service.gemini.model.value
}

/**
 * Which key a generator's calls carry and whose it is, in words; and, when its own key is
 * not the one, that it stays with the address it was saved for.
 */
function keyInForce(own: BoundKey | null, used: UsedKey | null, address: string | null) {
	const masked = used ? maskSecret(used.candidate.value) : ''
	const inUse = !used
		? m.keyNone
		: used.owner === 'page'
			? m.keyOwn(masked)
			: used.owner === 'model'
				? m.keyModel(masked)
				: m.keyService(masked, SOURCE_LABELS[used.candidate.source])
	if (!own || used?.owner === 'page') return inUse
	const idle = own.address
		? m.keyOwnIdle(maskSecret(own.key), own.address, address)
		: m.keyOwnUnbound(maskSecret(own.key))
	return `${inUse}. ${idle}`
}

const settingsSelect = {
	updatedAt: true,
	apiKey: true,
	baseUrl: true,
	modelId: true,
	customPrompt: true,
	includeSystemPrompt: true,
	temperature: true,
	maxTokens: true,
	topP: true,
} as const

async function loadCommon(toolId: GeneratorToolId) {
	await ensureGeneratorTools()
	const [tool, row, resolved] = await Promise.all([
		prisma.tool.findUniqueOrThrow({
			where: { id: toolId },
			select: { name: true, description: true, isActive: true },
		}),
		prisma.toolSettings.findUnique({ where: { toolId }, select: settingsSelect }),
		providerConfigFor(toolId),
	])
	const { service } = resolved
	const own = row?.apiKey ? openKey(row.apiKey) : null
	return {
		tool,
		row,
		saved: row !== null,
		/** Changes with every save or reset: the page's forms start again from it. */
		version: row?.updatedAt.toISOString() ?? 'nada-guardado',
		key: {
			stored: own ? maskSecret(own.key) : null,
			inForce: keyInForce(own, resolved.key, resolved.address),
		},
		models: await modelChoices(row?.modelId ?? null),
		serviceModel: serviceModelName(service),
		service,
	}
}

export async function loadInstagramSettings() {
	const { tool, row, saved, version, key, models, serviceModel } = await loadCommon('instagram')
	return {
		saved,
		version,
		key,
		models,
		serviceModel,
		values: {
			name: tool.name,
			description: tool.description,
			isActive: tool.isActive,
			modelId: row?.modelId ?? '',
			customPrompt: row?.customPrompt ?? INSTAGRAM_DEFAULTS.customPrompt,
			includeSystemPrompt: row?.includeSystemPrompt ?? INSTAGRAM_DEFAULTS.includeSystemPrompt,
			temperature: row?.temperature ?? INSTAGRAM_DEFAULTS.temperature,
			maxTokens: row?.maxTokens ?? INSTAGRAM_DEFAULTS.maxTokens,
			topP: row?.topP ?? INSTAGRAM_DEFAULTS.topP,
		},
	}
}

export async function loadFacebookSettings() {
	const { row, saved, version, key, models, serviceModel, service } = await loadCommon('facebook')
	return {
		saved,
		version,
		key,
		models,
		serviceModel,
		serviceBaseUrl: service.gemini.baseUrl.value,
		values: { baseUrl: row?.baseUrl ?? '', modelId: row?.modelId ?? '' },
	}
}

/** The names of the fields whose value differs. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
	return Object.keys(after).filter((field) => before[field] !== after[field])
}

type SaveResult = 'ok' | 'unknown_model' | 'key_required' | 'key_for_new_url'

/** Where Instagram's calls go with `modelId`: the address a key typed with it belongs to. */
async function instagramKeyAddress(modelId: string | undefined) {
	const row = await prisma.toolSettings.findUnique({
		where: { toolId: 'instagram' },
		select: { baseUrl: true },
	})
	return generatorAddress({ baseUrl: row?.baseUrl ?? null, modelId: modelId || null })
}

/** Saves the Instagram form: the settings row and the generator's Tool row, audited. */
export async function saveInstagramSettings(
	value: InstagramSettingsValue,
	actorId: string,
): Promise<SaveResult> {
	if (value.modelId && !(await modelExists(value.modelId))) return 'unknown_model'
	await ensureGeneratorTools()
	const address = value.apiKey ? await instagramKeyAddress(value.modelId) : null
	await prisma.$transaction(async (tx) => {
		const [tool, row] = await Promise.all([
			tx.tool.findUniqueOrThrow({ where: { id: 'instagram' } }),
			tx.toolSettings.findUnique({ where: { toolId: 'instagram' } }),
		])
		const settings = {
			name: value.name,
			description: value.description,
			modelId: value.modelId || null,
			customPrompt: value.customPrompt,
			includeSystemPrompt: value.includeSystemPrompt,
			temperature: value.temperature,
			maxTokens: value.maxTokens,
			topP: value.topP,
		}
		const apiKey = value.apiKey ? sealKey(value.apiKey, address) : (row?.apiKey ?? null)
		await tx.toolSettings.upsert({
			where: { toolId: 'instagram' },
			create: { toolId: 'instagram', ...settings, apiKey },
			update: { ...settings, apiKey },
		})
		await tx.tool.update({
			where: { id: 'instagram' },
			data: {
				name: value.name,
				description: value.description,
				isActive: value.isActive,
				modelId: settings.modelId,
			},
		})
		// Name, description and state are the Tool row's; the rest compares to what applied.
		const before = {
			...INSTAGRAM_DEFAULTS,
			modelId: null,
			...row,
			name: tool.name,
			description: tool.description,
			isActive: tool.isActive,
		}
		const fields = changedFields(before, { ...settings, isActive: value.isActive })
		if (value.apiKey) fields.push('apiKey')
		if (fields.length === 0) return
		await recordAdminChange(
			{ actorId, action: 'admin.tool.settings_changed', target: 'instagram', details: { fields } },
			tx,
		)
	})
	return 'ok'
}

/**
 * Saves the Facebook form. A key must be typed unless one is stored for the same URL: the
 * stored key is bound to the URL it was saved with, so a new URL asks for its key again.
 */
export async function saveFacebookSettings(
	value: FacebookSettingsValue,
	actorId: string,
): Promise<SaveResult> {
	if (value.modelId && !(await modelExists(value.modelId))) return 'unknown_model'
	await ensureGeneratorTools()
	return prisma.$transaction(async (tx) => {
		const [tool, row] = await Promise.all([
			tx.tool.findUniqueOrThrow({ where: { id: 'facebook' } }),
			tx.toolSettings.findUnique({ where: { toolId: 'facebook' } }),
		])
		const settings = {
			baseUrl: normalizeApiBaseUrl(value.baseUrl ?? ''),
			modelId: value.modelId || null,
		}
		if (!value.apiKey) {
			const stored = row?.apiKey ? openKey(row.apiKey) : null
			if (!stored) return 'key_required'
			if (!sameAddress(stored.address, settings.baseUrl)) return 'key_for_new_url'
		}
		const apiKey = value.apiKey ? sealKey(value.apiKey, settings.baseUrl) : (row?.apiKey ?? null)
		const names = { name: tool.name, description: tool.description }
		await tx.toolSettings.upsert({
			where: { toolId: 'facebook' },
			create: { toolId: 'facebook', ...names, ...settings, apiKey },
			update: { ...settings, apiKey },
		})
		await tx.tool.update({ where: { id: 'facebook' }, data: { modelId: settings.modelId } })
		const fields = changedFields({ baseUrl: null, modelId: null, ...row }, settings)
		if (value.apiKey) fields.push('apiKey')
		if (fields.length > 0) {
			await recordAdminChange(
				{ actorId, action: 'admin.tool.settings_changed', target: 'facebook', details: { fields } },
				tx,
			)
		}
		return 'ok'
	})
}

/** The generator's own key and the address it is bound to; null when none is stored. */
export async function storedToolKey(toolId: GeneratorToolId) {
	const row = await prisma.toolSettings.findUnique({ where: { toolId }, select: { apiKey: true } })
	return row?.apiKey ? openKey(row.apiKey) : null
}

/** 'Quitar clave': the generator goes back to the service's key. */
export async function clearToolKey(toolId: GeneratorToolId, actorId: string) {
	await prisma.$transaction(async (tx) => {
		const cleared = await tx.toolSettings.updateMany({
			where: { toolId, apiKey: { not: null } },
			data: { apiKey: null },
		})
		if (cleared.count === 0) return
		await recordAdminChange(
			{
				actorId,
				action: 'admin.tool.settings_changed',
				target: toolId,
				details: { fields: ['apiKey'] },
			},
			tx,
		)
	})
}

/** 'Restablecer': the page's settings go; the service's configuration applies again. */
/**
 * The 'Restablecer' post of a generator's settings page: its row goes and the page says so,
 * or says it could not (the failure is logged).
 */
export async function resetToolSettingsAndReturn(
	toolId: GeneratorToolId,
	actorId: string,
	path: string,
) {
	try {
		await resetToolSettings(toolId, actorId)
		return redirectWithToast(path, { type: 'success', message: m.resetDone })
	} catch (error) {
		console.error(`Admin: could not reset the ${toolId} settings`, error)
		return redirectWithToast(path, { type: 'error', message: m.saveError })
	}
}

export async function resetToolSettings(toolId: GeneratorToolId, actorId: string) {
	await prisma.$transaction(async (tx) => {
		const deleted = await tx.toolSettings.deleteMany({ where: { toolId } })
		await tx.tool.updateMany({ where: { id: toolId }, data: { modelId: null } })
		if (deleted.count === 0) return
		await recordAdminChange(
			{ actorId, action: 'admin.tool.settings_changed', target: toolId, details: { reset: true } },
			tx,
		)
	})
}
