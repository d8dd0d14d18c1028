/**
 * The generate form's post: validate, reserve today's allowance, call the provider, keep
 * the batch (and the signed-in user's history), and show it.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { getUser } from '~/auth/guards.server'
import { GenerationError, LIMIT_MESSAGES, successMessage } from '~/generation/errors'
import {
	generatePhrases,
	madeBillableCall,
	type GenerationEvent,
} from '~/generation/generate.server'
import { generationSetupFor } from '~/settings/ai-config.server'
import { isGeneratorOpen } from '~/settings/tools.server'
import { createBatch } from '~/models/batch.server'
import { recordGenerationEvents, writeHistory } from '~/models/generation-log.server'
import { runHousekeeping } from '~/models/housekeeping.server'
import { releaseGeneration, reserveGeneration, reserveProviderCall } from '~/models/quota.server'
import { rememberSpanishStyle } from '~/dashboard/settings.server'
import { getLanguage } from '~/generation/options'
import { styleSearch } from '~/generation/spanish'
import { getTheme } from '~/utils/theme.server'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server'
import { ensureVisitorId } from '~/utils/visitor.server'
import { quotaSubject } from './allowance.server'
import { sniffImage } from './form.server'
import {
	GENERATOR_MESSAGES,
	imageTypeMessage,
	UNAVAILABLE_MESSAGES,
	VALIDATION_MESSAGES,
} from './messages'
import { batchHref, type Page } from './pages'
import { generationSchema } from './schema'
import { formValues } from './values'
import { type GeneratorErrors, type GeneratorValues } from './view'

/** The form comes back with what was sent and the reasons next to the fields. */
function failure(
	values: GeneratorValues,
	errors: GeneratorErrors,
	status: number,
	headers?: HeadersInit,
) {
	return data({ values, errors }, { status, headers })
}

/** Fields the form shows an error next to; any other field's error goes above the button. */
const FIELDS_WITH_ERRORS = new Set([
	'prompt',
	'context',
	'image',
	'language',
	'variant',
	'register',
	'type',
	'count',
	'platform',
	'length',
])

function placeErrors(errors: Record<string, string[] | null | undefined>): GeneratorErrors {
	const placed: Record<string, string[]> = {}
	for (const [field, messages] of Object.entries(errors)) {
		if (!messages?.length) continue
		const slot = FIELDS_WITH_ERRORS.has(field) ? field : 'form'
		placed[slot] = [...new Set([...(placed[slot] ?? []), ...messages])]
	}
	return placed
}

export async function generate(
	page: Page,
	request: Request,
	formData: FormData,
	oversize: boolean,
	clientAddress: string | undefined,
) {
	const submitted = formValues(page, Object.fromEntries(formData))
	// Switching tabs clears the other mode's input: only this mode's fields count.
	if (submitted.mode === 'image') submitted.prompt = ''
	else submitted.context = ''
	// A generator an admin switched off takes nothing: refused before any allowance is used.
	if (!(await isGeneratorOpen(page))) {
		return failure(submitted, { form: [UNAVAILABLE_MESSAGES[page]] }, 409)
	}
	if (oversize) {
		return failure(submitted, { image: [VALIDATION_MESSAGES.imageTooLarge] }, 413)
	}
	const submission = parseWithZod(formData, { schema: generationSchema(page) })
	if (submission.status !== 'success') {
		return failure(submitted, placeErrors(submission.error ?? {}), 400)
	}
	const form = submission.value
	let image: { mimeType: string; data: Buffer } | undefined
	if (form.mode === 'image' && form.image) {
		image = (await sniffImage(page, form.image)) ?? undefined
		if (!image) return failure(submitted, { image: [imageTypeMessage(page)] }, 400)
	}

	const user = await getUser(request)
	const visitor = await ensureVisitorId(request)
	const headers = new Headers()
	if (visitor.setCookie) headers.append('set-cookie', visitor.setCookie)
	const subject = quotaSubject(user?.id ?? null, visitor.visitorId)
	if (!subject) throw new Error('unreachable: every request has a visitor id')
	// Every limit is reserved before the provider is called, never checked after.
	const reserved = await reserveGeneration(subject, clientAddress)
	if (!reserved.ok) {
		const message =
			reserved.scope === 'ip'
				? LIMIT_MESSAGES.ip
				: GENERATOR_MESSAGES.quotaExhausted(reserved.limit)
		return failure(submitted, { form: [message] }, 429, headers)
	}

	const setup = await generationSetupFor(page)
	const provider = setup.provider
	const language = getLanguage(form.language).code
	// The variety and register mean something only for Spanish: kept with Spanish batches only.
	const spanish = language === 'es' ? { variant: form.variant, register: form.register } : null
	const settings = {
		mode: form.mode,
		context: form.context ?? '',
		language: form.language,
		...spanish,
		type: form.type,
		count: form.count,
		length: form.length,
		platform: submitted.platform,
		includeEmojis: form.includeEmojis,
		includeHashtags: form.includeHashtags,
		includeDate: form.includeDate,
	}
	const events: GenerationEvent[] = []
	const record = () =>
		recordGenerationEvents({
			page,
			provider: provider.id,
			model: provider.model,
			userId: user?.id ?? null,
			language,
			variant: spanish?.variant ?? null,
			events,
		})
	let result: Awaited<ReturnType<typeof generatePhrases>>
	try {
		result = await generatePhrases({
			page,
			provider,
			signal: request.signal,
			request: { ...settings, prompt: form.prompt, image },
			events,
			sampling: setup.sampling,
			instructionSettings: { template: setup.template, enhanceQuality: setup.enhanceQuality },
			// The offline engine costs nothing: only real provider calls meet the ceiling.
			reserveCall: provider.id === 'offline' ? undefined : () => reserveProviderCall(),
		})
	} catch (error) {
		// A failed generation is given back only when it cost nothing: no provider call was
		// made, every call was refused unbilled, or the offline engine answered. One the
		// visitor aborts after a call went out stays counted: that call is billed.
		const unbilled = provider.id === 'offline' || !madeBillableCall(events)
		await Promise.all([unbilled ? releaseGeneration(reserved.reservation) : null, record()])
		if (!(error instanceof GenerationError)) throw error
		console.warn(`Generation failed on ${page} (${provider.id}/${provider.model}): ${error.kind}`)
		const toast = await createToastHeaders({ type: 'error', message: error.toast })
		headers.append('set-cookie', toast.get('set-cookie') ?? '')
		const status = error.kind === 'global_limit' ? 429 : 502
		return failure(submitted, { form: [error.message] }, status, headers)
	}
	await record()
	const batch = await createBatch({
		page,
		viewer: { userId: user?.id ?? null, visitorId: visitor.visitorId },
		prompt: form.prompt,
		settings,
		provider: result.provider,
		model: result.model,
		phrases: result.phrases,
	})
	if (user) {
		await writeHistory({
			userId: user.id,
			phrases: result.phrases,
			prompt: form.prompt || form.context || '',
			settings,
			batchId: batch.id,
		})
	}
	if (user && spanish) {
		// Like the history, remembering is a convenience: a failure is logged, never shown.
		await rememberSpanishStyle(user.id, spanish, (await getTheme(request)) ?? 'system').catch(
			(error: unknown) => console.error('Could not remember the Spanish variant', error),
		)
	}
	void runHousekeeping().catch((error: unknown) => console.error(error))
	// The batch's address says which Spanish it is written in.
	return redirectWithToast(
		batchHref(page, batch.id, `${spanish ? styleSearch(spanish) : ''}#generated-phrases`),
		{ type: 'success', message: successMessage(result.phrases.length) },
		{ headers },
	)
}
