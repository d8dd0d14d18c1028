/**
 * Every post to Configuración API (the route has called requireAdmin). Each form names
 * itself in `intent`; a success goes back to its tab with a toast, bad input comes back
 * with the errors next to the fields (status 400; a key typed is never sent back), and an
 * id that does not exist gets 404.
 */
import { type Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { type z } from 'zod'
import { type SessionUser } from '~/auth/guards.server'
import { attemptWrite, badRequest, notFound } from '~/dashboard/responses.server'
import { loadServiceAiConfig } from '~/settings/ai-config.server'
import { readFormData } from '~/utils/form-data.server'
import { redirectWithToast } from '~/utils/toast.server'
import { resetAdvanced, saveAdvanced, saveLimits } from './advanced.server'
import { apiSettingsMessages as m } from './messages'
import {
	addCustomModel,
	addListedModel,
	defaultModelOf,
	findModelRow,
	removeModel,
	selectModel,
	type ModelProvider,
} from './models.server'
import {
	resetOpenAIAddress,
	saveGeminiAddress,
	saveGeminiKey,
	saveOpenAIServer,
	saveProvider,
	saveProviderKey,
	type AddressOutcome,
} from './provider.server'
import {
	advancedSchema,
	customModelSchema,
	geminiAddressSchema,
	geminiKeySchema,
	limitsSchema,
	listedModelSchema,
	modelRowSchema,
	openaiSchema,
	providerSchema,
	resetKeySchema,
	tabHref,
	testSchema,
	type TabId,
} from './schemas'
import { runTestPrompt } from './test-prompt.server'

/** The forms and the tab each belongs to. */
const INTENT_TABS: Record<string, TabId> = {
	proveedor: 'clave',
	'proveedor-restablecer': 'clave',
	'clave-gemini': 'clave',
	'direccion-gemini': 'clave',
	'restablecer-clave': 'clave',
	openai: 'clave',
	'openai-restablecer-direccion': 'clave',
	'anadir-modelo': 'modelos',
	'modelo-personalizado': 'modelos',
	'usar-modelo': 'modelos',
	'eliminar-modelo': 'modelos',
	prueba: 'prueba',
	avanzada: 'avanzada',
	'avanzada-restablecer': 'avanzada',
	limites: 'avanzada',
}

/** Fields whose value never goes back to the page, even after a refusal. */
const SECRET_FIELDS = ['apiKey']

export async function apiSettingsAction(request: Request, admin: SessionUser) {
	const formData = await readFormData(request)
	const intent = String(formData.get('intent') ?? '')
	// Own keys only: an intent such as 'constructor' is not a form of ours.
	const tab = Object.hasOwn(INTENT_TABS, intent) ? INTENT_TABS[intent] : undefined
	if (!tab) badRequest(m.badForm)
	const back = tabHref(tab)
	const success = (message: string) => redirectWithToast(back, { type: 'success', message })
	const write = async (message: string, run: () => Promise<unknown>) => {
		const outcome = await attemptWrite(back, m.saveError, run)
		return outcome.ok ? success(message) : outcome.response
	}
	/**
	 * An address save; one the key in use would not follow is refused, the reason next to
	 * the key field and the address typed kept.
	 */
	const writeAddress = async (
		submission: Submission<unknown>,
		keyMessage: string,
		run: () => Promise<AddressOutcome>,
	) => {
		const outcome = await attemptWrite(back, m.saveError, run)
		if (!outcome.ok) return outcome.response
		if (outcome.value === 'saved') return success(m.saved)
		const result = submission.reply({
			hideFields: SECRET_FIELDS,
			fieldErrors: { apiKey: [keyMessage] },
		})
		return data({ form: intent, result }, { status: 400 })
	}

	/** Parses a form; on bad input, the response that shows its errors. */
	function parse<S extends z.ZodType>(schema: S) {
		const submission = parseWithZod(formData, { schema })
		const refused =
			submission.status === 'success'
				? null
				: data(
						{ form: intent, result: submission.reply({ hideFields: SECRET_FIELDS }) },
						{ status: 400 },
					)
		return { submission, refused }
	}

	switch (intent) {
		case 'proveedor': {
			const { submission, refused } = parse(providerSchema)
			if (submission.status !== 'success') return refused
			return write(m.saved, () => saveProvider(admin.id, submission.value.provider))
		}
		case 'proveedor-restablecer':
			return write(m.saved, () => saveProvider(admin.id, null))
		case 'clave-gemini': {
			const { submission, refused } = parse(geminiKeySchema)
			if (submission.status !== 'success') return refused
			return write(m.keySaved, () => saveGeminiKey(admin.id, submission.value.apiKey))
		}
		case 'restablecer-clave': {
			const { submission } = parse(resetKeySchema)
			if (submission.status !== 'success') badRequest(m.badForm)
			return write(m.keyReset, () => saveProviderKey(admin.id, submission.value.provider, null))
		}
		case 'direccion-gemini': {
			const { submission, refused } = parse(geminiAddressSchema)
			if (submission.status !== 'success') return refused
			const value = submission.value
			return writeAddress(submission, m.keyForNewAddress, () => saveGeminiAddress(admin.id, value))
		}
		case 'openai': {
			const { submission, refused } = parse(openaiSchema)
			if (submission.status !== 'success') return refused
			const value = submission.value
			return writeAddress(submission, m.openaiKeyForNewAddress, () =>
				saveOpenAIServer(admin.id, value),
			)
		}
		case 'openai-restablecer-direccion': {
			const outcome = await attemptWrite(back, m.saveError, () => resetOpenAIAddress(admin.id))
			if (!outcome.ok) return outcome.response
			return success(outcome.value.keyStaysBehind ? m.addressResetKeyStays : m.saved)
		}
		case 'anadir-modelo': {
			const { submission } = parse(listedModelSchema)
			if (submission.status !== 'success') badRequest(m.modelIdInvalid)
			const outcome = await addListedModel(admin.id, submission.value)
			if (outcome === 'invalid') badRequest(m.modelIdInvalid)
			if (outcome !== 'added') return refusal(outcome)
			return success(m.modelAdded)
		}
		case 'modelo-personalizado': {
			const { submission, refused } = parse(customModelSchema)
			if (submission.status !== 'success') return refused
			const outcome = await addCustomModel(admin.id, submission.value)
			if (outcome === 'added') return success(m.modelAdded)
			const field = outcome === 'duplicate_name' ? 'name' : 'url'
			const message = {
				bad_url: m.customUrlShape,
				bad_model: m.modelIdInvalid,
				duplicate_name: m.duplicateName,
				duplicate_model: m.duplicateModel,
			}[outcome]
			const status = outcome.startsWith('duplicate') ? 409 : 400
			return data(
				{
					form: intent,
					result: submission.reply({ fieldErrors: { [field]: [message] } }),
				},
				{ status },
			)
		}
		case 'usar-modelo': {
			const { submission } = parse(modelRowSchema)
			if (submission.status !== 'success') badRequest(m.badForm)
			const row = await selectModel(admin.id, submission.value.modelId)
			if (!row) notFound(m.modelNotFound)
			return success(m.modelSelected(row.name))
		}
		case 'eliminar-modelo': {
			const { submission } = parse(modelRowSchema)
			if (submission.status !== 'success') badRequest(m.badForm)
			const { modelId, confirmado } = submission.value
			if (!confirmado) {
				// First post: say what would go, and ask again.
				const row = await findModelRow(modelId)
				if (!row) notFound(m.modelNotFound)
				return { confirm: { id: row.id, name: row.name, inUse: row.inUse } }
			}
			const removed = await removeModel(admin.id, modelId)
			if (!removed) notFound(m.modelNotFound)
			if (!removed.wasInUse) return success(m.modelRemoved)
			const fallback = defaultModelOf(
				await loadServiceAiConfig(),
				removed.provider as ModelProvider,
			)
			return success(m.modelRemovedFallback(fallback?.value ?? m.none))
		}
		case 'prueba': {
			const { submission, refused } = parse(testSchema)
			if (submission.status !== 'success') return refused
			const test = await runTestPrompt({
				adminId: admin.id,
				prompt: submission.value.prompt,
				signal: request.signal,
			})
			if (test.status === 'rate_limited') {
				return data(
					{ form: intent, result: submission.reply({ formErrors: [m.testRateLimited] }) },
					{ status: 429, headers: { 'Retry-After': String(test.retryAfterSeconds) } },
				)
			}
			return { form: intent, result: submission.reply(), test }
		}
		case 'avanzada': {
			const { submission, refused } = parse(advancedSchema)
			if (submission.status !== 'success') return refused
			return write(m.saved, () => saveAdvanced(admin.id, submission.value))
		}
		case 'avanzada-restablecer':
			return write(m.advancedReset, () => resetAdvanced(admin.id))
		case 'limites': {
			const { submission, refused } = parse(limitsSchema)
			if (submission.status !== 'success') return refused
			return write(m.limitsSaved, () => saveLimits(admin.id, submission.value))
		}
	}
	badRequest(m.badForm)
}

/** A listed model already there: said at the top of the Modelos tab, with a 409. */
function refusal(outcome: 'duplicate_name' | 'duplicate_model') {
	return data(
		{ notice: outcome === 'duplicate_name' ? m.duplicateName : m.duplicateModel },
		{ status: 409 },
	)
}
