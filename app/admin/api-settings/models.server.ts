/**
 * The Modelos tab: the admin's models (table configuracion_api) per provider, the one in
 * use (isDefault && active), and the provider's own catalogue fetched live. A custom
 * model's URL is stored without its key (ending in `?key=`); the key part is encrypted.
 */
import { recordAdminChange } from '~/admin/audit.server'
import { isProviderError, type ProviderError } from '~/generation/errors'
import { createGeminiProvider } from '~/generation/providers/gemini.server'
import { createOpenAIProvider } from '~/generation/providers/openai.server'
import { type Source } from '~/settings/in-force'
import { parseGeminiModelUrl, type ServiceAiConfig } from '~/settings/ai-config.server'
import { sealKey } from '~/settings/bound-key.server'
import { prisma } from '~/utils/db.server'
import { serializableTransaction } from '~/utils/sql.server'
import { apiSettingsMessages as m } from './messages'
import { MODEL_ID_PATTERN } from './schemas'
import { scrubSecrets } from './scrub.server'

export type ModelProvider = 'gemini' | 'openai'

export interface ModelRowView {
	id: string
	name: string
	model: string
	/** As stored: a custom URL without its key, or '' for a model of the provider's list. */
	url: string
	inUse: boolean
}

export async function listModelRows(provider: ModelProvider): Promise<ModelRowView[]> {
	const rows = await prisma.modelOption.findMany({
		where: { provider },
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
		select: { id: true, name: true, model: true, url: true, isDefault: true, active: true },
	})
	return rows.map((row) => ({
		id: row.id,
		name: row.name,
		model: row.model,
		url: row.url,
		inUse: row.isDefault && row.active,
	}))
}

/** The model the provider uses when none of the list is selected (env or built-in). */
export function defaultModelOf(
	config: ServiceAiConfig,
	provider: ModelProvider,
): { value: string; source: Source } | null {
	const model = provider === 'gemini' ? config.gemini.model : config.openai.model
	return model ? { value: model.value, source: model.source } : null
}

type Refusal = 'duplicate_name' | 'duplicate_model'

async function duplicateOf(
	provider: ModelProvider,
	name: string,
	model: string,
	url: string,
): Promise<Refusal | null> {
	const rows = await prisma.modelOption.findMany({
		where: { provider },
		select: { name: true, model: true, url: true },
	})
	if (rows.some((row) => row.name.toLowerCase() === name.toLowerCase())) return 'duplicate_name'
	if (rows.some((row) => row.model === model && row.url === url)) return 'duplicate_model'
	return null
}

/** A model of the provider's catalogue (no URL of its own). */
export async function addListedModel(
	adminId: string,
	input: { provider: ModelProvider; model: string; name?: string },
): Promise<'added' | Refusal | 'invalid'> {
	if (!MODEL_ID_PATTERN.test(input.model)) return 'invalid'
	const name = input.name?.trim() || input.model
	const refusal = await duplicateOf(input.provider, name, input.model, '')
	if (refusal) return refusal
	await prisma.$transaction(async (tx) => {
		await tx.modelOption.create({
			data: { name, url: '', provider: input.provider, model: input.model, active: true },
		})
		await recordAdminChange(
			{ actorId: adminId, action: 'admin.model.added', details: { name } },
			tx,
		)
	})
	return 'added'
}

/**
 * A Gemini model given by its full generateContent URL. The key part is encrypted into
 * apiKey, bound to the URL's address, and the URL kept without it; an empty key means the
 * provider's key is used, if it belongs to the same address.
 */
export async function addCustomModel(
	adminId: string,
	input: { name: string; url: string },
): Promise<'added' | Refusal | 'bad_url' | 'bad_model'> {
	const parsed = parseGeminiModelUrl(input.url)
	if (!parsed) return 'bad_url'
	if (!MODEL_ID_PATTERN.test(parsed.model)) return 'bad_model'
	const address = new URL(input.url.trim())
	const storedUrl = `${address.origin}${address.pathname}?key=`
	const refusal = await duplicateOf('gemini', input.name, parsed.model, storedUrl)
	if (refusal) return refusal
	await prisma.$transaction(async (tx) => {
		await tx.modelOption.create({
			data: {
				name: input.name,
				url: storedUrl,
				apiKey: parsed.key ? sealKey(parsed.key, parsed.baseUrl) : null,
				provider: 'gemini',
				model: parsed.model,
				active: true,
			},
		})
		await recordAdminChange(
			{ actorId: adminId, action: 'admin.model.added', details: { name: input.name } },
			tx,
		)
	})
	return 'added'
}

export async function findModelRow(id: string) {
	const row = await prisma.modelOption.findUnique({
		where: { id },
		select: { id: true, name: true, provider: true, isDefault: true, active: true },
	})
	return row ? { ...row, inUse: row.isDefault && row.active } : null
}

/** Makes `id` the provider's model in use; null when it does not exist. */
export async function selectModel(adminId: string, id: string) {
	// Serializable: two admins selecting different models at once must not leave two defaults.
	return serializableTransaction(async (tx) => {
		const row = await tx.modelOption.findUnique({
			where: { id },
			select: { name: true, provider: true },
		})
		if (!row) return null
		await tx.modelOption.updateMany({
			where: { provider: row.provider, isDefault: true, NOT: { id } },
			data: { isDefault: false },
		})
		await tx.modelOption.update({ where: { id }, data: { isDefault: true, active: true } })
		await recordAdminChange(
			{ actorId: adminId, action: 'admin.model.selected', target: id, details: { name: row.name } },
			tx,
		)
		return row
	})
}

/** Deletes `id`; says whether it was the one in use (its provider's default applies then). */
export async function removeModel(adminId: string, id: string) {
	return prisma.$transaction(async (tx) => {
		const row = await tx.modelOption.findUnique({
			where: { id },
			select: { name: true, provider: true, isDefault: true, active: true },
		})
		if (!row) return null
		await tx.modelOption.delete({ where: { id } })
		await recordAdminChange(
			{ actorId: adminId, action: 'admin.model.removed', target: id, details: { name: row.name } },
			tx,
		)
		return { name: row.name, provider: row.provider, wasInUse: row.isDefault && row.active }
	})
}

export const PROVIDER_LIST_TIMEOUT_MS = 10_000

export type ProviderModels =
	| { status: 'ok'; models: Array<{ id: string; displayName: string; listed: boolean }> }
	| { status: 'needs_config' }
	| { status: 'error'; reason: string }

const LIST_ERRORS: Partial<Record<ProviderError['kind'], string>> = {
	auth: 'el proveedor rechazó la API Key',
	quota: 'el proveedor indica que se ha excedido la cuota',
	not_found: 'la dirección no ofrece una lista de modelos',
	timeout: 'el proveedor no respondió en 10 segundos',
	unavailable: 'no se pudo conectar con el proveedor',
	aborted: 'la consulta se canceló',
}

/**
 * The provider's catalogue with the configuration in force, in Spanish when it fails. It
 * needs only what the listing needs (Gemini's key; an OpenAI-compatible server's address),
 * not a chosen model: the model is what the admin picks from this list.
 */
export async function fetchProviderModels(
	config: ServiceAiConfig,
	provider: ModelProvider,
	signal: AbortSignal,
): Promise<ProviderModels> {
	if (config.provider.value !== provider) return { status: 'needs_config' }
	const geminiKey = config.gemini.apiKey?.value
	const openaiBase = config.openai.baseUrl?.value
	if (provider === 'gemini' ? !geminiKey : !openaiBase) return { status: 'needs_config' }
	const timeout = AbortSignal.any([signal, AbortSignal.timeout(PROVIDER_LIST_TIMEOUT_MS)])
	try {
		const models =
			provider === 'gemini'
				? await createGeminiProvider({
						apiKey: geminiKey!,
						baseUrl: config.gemini.baseUrl.value,
					}).listModels(timeout)
				: (
						await createOpenAIProvider({
							baseUrl: openaiBase!,
							apiKey: config.openai.apiKey?.value,
							model: config.openai.model?.value ?? '',
						}).listModels(timeout)
					).map((model) => ({ id: model.id, displayName: model.id }))
		const listed = new Set(
			(await listModelRows(provider)).filter((row) => !row.url).map((row) => row.model),
		)
		return {
			status: 'ok',
			models: models
				.filter((model) => MODEL_ID_PATTERN.test(model.id))
				.map((model) => ({ ...model, listed: listed.has(model.id) })),
		}
	} catch (error) {
		if (!isProviderError(error)) throw error
		const reason = LIST_ERRORS[error.kind] ?? 'el proveedor respondió con un error'
		const detail = error.detail ? ` (${scrubSecrets(error.detail, config)})` : ''
		return { status: 'error', reason: m.providerModelsError(`${reason}${detail}`) }
	}
}
