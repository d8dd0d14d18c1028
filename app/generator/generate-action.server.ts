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
	type GeneratePhrasesOptions,
	type GenerationEvent,
} from '~/generation/generate.server'
import { generationSetupFor } from '~/settings/ai-config.server'
import { isGeneratorOpen } from '~/settings/tools.server'
import { createBatch } from '~/models/batch.server'
import { recordGenerationEvents, writeHistory } from '~/models/generation-log.server'
import { runHousekeeping } from '~/models/housekeeping.server'
import {
	releaseGeneration,
	reserveGeneration,
	reserveProviderCall,
	type QuotaSubject,
} from '~/models/quota.server'
import { rememberSpanishStyle } from '~/dashboard/settings.server'
import { getLanguage } from '~/generation/options'
import { styleSearch } from '~/generation/spanish'
import { shownTheme } from '~/utils/theme.server'
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

/** A refused generation: the form comes back with what was sent and the reasons. */
export interface GenerationRefusal {
	ok: false
	values: GeneratorValues
	errors: GeneratorErrors
	status: number
	headers?: Headers
}

const refusal = (
	values: GeneratorValues,
	errors: GeneratorErrors,
	status: number,
	headers?: Headers,
): GenerationRefusal => ({ ok: false, values, errors, status, headers })

/** A generation that passed every check and holds today's allowance, ready to run. */
export type PlannedGeneration = Awaited<ReturnType<typeof planGeneration>> & { ok: true }

/**
 * Everything before the provider is called: the form's checks, who asks, and the daily
 * allowances, reserved (never merely checked). `admit` may refuse who asks before the
 * allowances are touched (too many streams open), with the reason as a 429.
 */
export async function planGeneration(
	page: Page,
	request: Request,
	formData: FormData,
	oversize: boolean,
	clientAddress: string | undefined,
	admit?: (subject: QuotaSubject) => Promise<string | null>,
) {
	const submitted = formValues(page, Object.fromEntries(formData))
	// Switching tabs clears the other mode's input: only this mode's fields count.
	if (submitted.mode === 'image') submitted.prompt = ''
	else submitted.context = ''
	// A generator an admin switched off takes nothing: refused before any allowance is used.
	if (!(await isGeneratorOpen(page))) {
		return refusal(submitted, { form: [UNAVAILABLE_MESSAGES[page]] }, 409)
	}
	if (oversize) {
		return refusal(submitted, { image: [VALIDATION_MESSAGES.imageTooLarge] }, 413)
	}
	const submission = parseWithZod(formData, { schema: generationSchema(page) })
	if (submission.status !== 'success') {
		return refusal(submitted, placeErrors(submission.error ?? {}), 400)
	}
	const form = submission.value
	let image: { mimeType: string; data: Buffer } | undefined
	if (form.mode === 'image' && form.image) {
		image = (await sniffImage(page, form.image)) ?? undefined
		if (!image) return refusal(submitted, { image: [imageTypeMessage(page)] }, 400)
	}

	const user = await getUser(request)
	const visitor = await ensureVisitorId(request)
	const headers = new Headers()
	if (visitor.setCookie) headers.append('set-cookie', visitor.setCookie)
	const subject = quotaSubject(user?.id ?? null, visitor.visitorId)
	if (!subject) throw new Error('unreachable: every request has a visitor id')
	const refused = admit ? await admit(subject) : null
	if (refused) return refusal(submitted, { form: [refused] }, 429, headers)
	// Every limit is reserved before the provider is called, never checked after.
	const reserved = await reserveGeneration(subject, clientAddress)
	if (!reserved.ok) {
		const message =
			reserved.scope === 'ip'
				? LIMIT_MESSAGES.ip
				: GENERATOR_MESSAGES.quotaExhausted(reserved.limit)
		return refusal(submitted, { form: [message] }, 429, headers)
	}

	const setup = await generationSetupFor(page)
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
	return {
		ok: true as const,
		page,
		submitted,
		prompt: form.prompt,
		image,
		user,
		viewer: { userId: user?.id ?? null, visitorId: visitor.visitorId },
		headers,
		reservation: reserved.reservation,
		setup,
		provider: setup.provider,
		language,
		spanish,
		settings,
		/** The batch's address: it says which Spanish it is written in. */
		href: (batchId: string) =>
			batchHref(page, batchId, `${spanish ? styleSearch(spanish) : ''}#generated-phrases`),
	}
}

/**
 * Calls the provider (streaming when `stream` is given) and records every call. A failed
 * generation is given back only when it cost nothing: no provider call was made, every
 * call was refused unbilled, or the offline engine answered. One the visitor aborts after
 * a call went out stays counted: that call is billed.
 */
export async function runGeneration(
	plan: PlannedGeneration,
	signal: AbortSignal,
	stream?: Pick<GeneratePhrasesOptions, 'onPhrase' | 'onRetry'>,
): Promise<
	| { ok: true; result: Awaited<ReturnType<typeof generatePhrases>> }
	| { ok: false; error: GenerationError; status: number }
> {
	const { page, provider, spanish } = plan
	const events: GenerationEvent[] = []
	const record = () =>
		recordGenerationEvents({
			page,
			provider: provider.id,
			model: provider.model,
			userId: plan.viewer.userId,
			language: plan.language,
			variant: spanish?.variant ?? null,
			events,
		})
	let result: Awaited<ReturnType<typeof generatePhrases>>
	try {
		result = await generatePhrases({
			page,
			provider,
			signal,
			request: { ...plan.settings, prompt: plan.prompt, image: plan.image },
			events,
			sampling: plan.setup.sampling,
			instructionSettings: {
				template: plan.setup.template,
				enhanceQuality: plan.setup.enhanceQuality,
			},
			// The offline engine costs nothing: only real provider calls meet the ceiling.
			reserveCall: provider.id === 'offline' ? undefined : () => reserveProviderCall(),
			...stream,
		})
	} catch (error) {
		const unbilled = provider.id === 'offline' || !madeBillableCall(events)
		await Promise.all([unbilled ? releaseGeneration(plan.reservation) : null, record()])
		if (!(error instanceof GenerationError)) throw error
		console.warn(`Generation failed on ${page} (${provider.id}/${provider.model}): ${error.kind}`)
		return { ok: false, error, status: error.kind === 'global_limit' ? 429 : 502 }
	}
	await record()
	return { ok: true, result }
}

/** What follows a stored batch: the signed-in user's history and Spanish, and tidying up. */
export async function keepGeneration(
	plan: PlannedGeneration,
	request: Request,
	batchId: string,
	phrases: string[],
) {
	const { user, spanish } = plan
	if (user && phrases.length > 0) {
		await writeHistory({
			userId: user.id,
			phrases,
			prompt: plan.prompt || plan.settings.context || '',
			settings: plan.settings,
			batchId,
		})
	}
	if (user && spanish) {
		// Like the history, remembering is a convenience: a failure is logged, never shown.
		await rememberSpanishStyle(user.id, spanish, await shownTheme(request)).catch(
			(error: unknown) => console.error('Could not remember the Spanish variant', error),
		)
	}
	void runHousekeeping().catch((error: unknown) => console.error(error))
}

export async function generate(
	page: Page,
	request: Request,
	formData: FormData,
	oversize: boolean,
	clientAddress: string | undefined,
) {
	const plan = await planGeneration(page, request, formData, oversize, clientAddress)
	if (!plan.ok) return failure(plan.values, plan.errors, plan.status, plan.headers)
	const { headers } = plan
	const outcome = await runGeneration(plan, request.signal)
	if (!outcome.ok) {
		const toast = await createToastHeaders({ type: 'error', message: outcome.error.toast })
		headers.append('set-cookie', toast.get('set-cookie') ?? '')
		return failure(plan.submitted, { form: [outcome.error.message] }, outcome.status, headers)
	}
	const { result } = outcome
	const batch = await createBatch({
		page,
		viewer: plan.viewer,
		prompt: plan.prompt,
		settings: plan.settings,
		provider: result.provider,
		model: result.model,
		phrases: result.phrases,
	})
	await keepGeneration(plan, request, batch.id, result.phrases)
	return redirectWithToast(
		plan.href(batch.id),
		{ type: 'success', message: successMessage(result.phrases.length) },
		{ headers },
	)
}
