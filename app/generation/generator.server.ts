/**
 * The server side of the three generator pages: what their loaders show (the form's
 * values, the visitor's batch, the daily allowance) and what their actions do (generate,
 * edit a phrase, save phrases). Pages differ only by `page`.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { getUser, getViewer } from '~/auth/guards.server'
import { DEFAULT_SIZE_KEY, isSizeKey, type SizeKey } from '~/cards/sizes'
import {
	type GeneratorErrors,
	type GeneratorValues,
	type QuotaInfo,
} from '~/components/generator/generator-form'
import {
	createBatch,
	getBatchForViewer,
	updateBatchPhrase,
	updateBatchPlatform,
} from '~/models/batch.server'
import { recordGenerationEvents, writeHistory } from '~/models/generation-log.server'
import { runHousekeeping } from '~/models/housekeeping.server'
import { savePhrases } from '~/models/phrase.server'
import {
	getAllowance,
	releaseGeneration,
	reserveGeneration,
	reserveProviderCall,
	type QuotaSubject,
} from '~/models/quota.server'
import { ensureVisitorId } from '~/utils/visitor.server'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server'
import { GenerationError, LIMIT_MESSAGES, successMessage } from './errors'
import { generatePhrases, madeBillableCall, type GenerationEvent } from './generate.server'
import { COUNTS, DEFAULT_LANGUAGE, DEFAULT_TYPE, LENGTH_SLIDER, type Page } from './options'
import { getTextProvider, providerConfigFromEnv } from './providers/index.server'
import { generationSchema, VALIDATION_MESSAGES } from './schema'
import { readGeneratorForm, sniffImage } from './form.server'

const generatorPath: Record<Page, string> = {
	home: '/',
	instagram: '/instagram',
	facebook: '/facebook',
}

/**
 * What the generator needs from the server's load context: the client address counts
 * toward its own daily limit. The HTTP server (server/index.js) always provides it; it is
 * optional for callers without one (unit tests), which then share one address counter.
 */
type GeneratorContext = Partial<Pick<AppLoadContext, 'clientAddress'>> | undefined

const generatorMessages = {
	quotaExhausted: LIMIT_MESSAGES.own,
	loginToSave: 'Inicia sesión para guardar frases',
	saved: 'Frase guardada correctamente',
	savedAll: 'Todas las frases fueron guardadas',
	nothingToSave: 'No hay frases para guardar',
	textUpdated: 'Texto actualizado',
	platformApplied: 'Cambios de diseño aplicados',
	batchMissing: 'Esta generación ya no está disponible. Genera frases nuevas cuando quieras.',
	phraseRequired: 'La frase no puede estar vacía',
	phraseTooLong: 'La frase no puede superar los 500 caracteres',
} as const

function defaultGeneratorValues(page: Page): GeneratorValues {
	return {
		mode: 'text',
		prompt: '',
		context: '',
		language: DEFAULT_LANGUAGE,
		type: DEFAULT_TYPE[page],
		count: COUNTS[page].default,
		length: LENGTH_SLIDER.default,
		platform: DEFAULT_SIZE_KEY,
		includeEmojis: true,
		includeHashtags: page !== 'home',
		includeDate: false,
	}
}

/** Form values from stored batch settings or a failed submission, over the defaults. */
function valuesFrom(page: Page, raw: Record<string, unknown> | null | undefined): GeneratorValues {
	const values = defaultGeneratorValues(page)
	if (!raw) return values
	const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : undefined)
	const number = (key: string) => {
		const value = Number(raw[key])
		return Number.isFinite(value) ? value : undefined
	}
	const flag = (key: string) => raw[key] === true || raw[key] === 'on'
	return {
		mode: raw.mode === 'image' && page !== 'home' ? 'image' : 'text',
		prompt: text('prompt') ?? '',
		context: text('context') ?? '',
		language: text('language') ?? values.language,
		type: text('type') ?? values.type,
		count: number('count') ?? values.count,
		length: number('length') ?? values.length,
		platform: isSizeKey(raw.platform) ? raw.platform : values.platform,
		includeEmojis: flag('includeEmojis'),
		includeHashtags: flag('includeHashtags'),
		includeDate: flag('includeDate'),
	}
}

function quotaSubject(userId: string | null, visitorId: string | null): QuotaSubject | null {
	if (userId) return { kind: 'user', id: userId }
	if (visitorId) return { kind: 'visitor', id: visitorId }
	return null
}

async function quotaInfo(
	userId: string | null,
	visitorId: string | null,
	clientAddress: string | undefined,
): Promise<QuotaInfo> {
	const subject = quotaSubject(userId, visitorId) ?? { kind: 'visitor', id: 'none' }
	// The offline engine bills nothing, so the ceiling on provider calls does not apply.
	const providerCalls = providerConfigFromEnv().provider !== 'offline'
	const { limit, remaining, scope } = await getAllowance(subject, clientAddress, {
		providerCalls,
	})
	return { limit, remaining, scope, signedIn: Boolean(userId) }
}

export async function loadGenerator(page: Page, request: Request, context: GeneratorContext) {
	const url = new URL(request.url)
	const { user, viewer } = await getViewer(request)
	const batchId = url.searchParams.get('lote')
	const [batch, quota] = await Promise.all([
		batchId ? getBatchForViewer(batchId, viewer) : null,
		quotaInfo(viewer.userId, viewer.visitorId, context?.clientAddress),
	])
	const stored = batch ? (JSON.parse(batch.settings) as Record<string, unknown>) : null
	const values = valuesFrom(page, stored ? { ...stored, prompt: batch?.prompt } : null)
	const mode = url.searchParams.get('modo')
	if (page !== 'home' && (mode === 'imagen' || mode === 'texto')) {
		values.mode = mode === 'imagen' ? 'image' : 'text'
	}
	const editing = Number.parseInt(url.searchParams.get('editar') ?? '', 10)
	return {
		page,
		values,
		quota,
		signedIn: Boolean(user),
		offline: providerConfigFromEnv().provider === 'offline',
		batchMissing: Boolean(batchId) && !batch,
		batch: batch
			? {
					id: batch.id,
					offline: batch.provider === 'offline',
					platform: (isSizeKey(stored?.platform) ? stored.platform : DEFAULT_SIZE_KEY) as SizeKey,
					phrases: batch.phrases.map((phrase) => ({
						position: phrase.position,
						content: phrase.content,
					})),
				}
			: null,
		editing: Number.isInteger(editing) ? editing : null,
	}
}

export type GeneratorLoaderData = Awaited<ReturnType<typeof loadGenerator>>

type ActionFailure = { values: GeneratorValues; errors: GeneratorErrors }

function failure(
	values: GeneratorValues,
	errors: GeneratorErrors,
	status: number,
	headers?: HeadersInit,
) {
	return data<ActionFailure>({ values, errors }, { status, headers })
}

/** Fields the form shows an error next to; any other field's error goes above the button. */
const FIELDS_WITH_ERRORS = new Set([
	'prompt',
	'context',
	'image',
	'language',
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

export async function generatorAction(page: Page, request: Request, context: GeneratorContext) {
	const { formData, oversize } = await readGeneratorForm(request)
	const intent = formData.get('intent')
	switch (intent) {
		case 'generate':
			return generate(page, request, formData, oversize, context?.clientAddress)
		case 'update-phrase':
			return updatePhrase(page, request, formData)
		case 'save-phrase':
		case 'save-all':
			return save(page, request, formData, intent)
		case 'set-platform':
			return setPlatform(page, request, formData)
		default:
			throw new Response('Acción no válida', { status: 400 })
	}
}

async function generate(
	page: Page,
	request: Request,
	formData: FormData,
	oversize: boolean,
	clientAddress: string | undefined,
) {
	const submitted = valuesFrom(page, Object.fromEntries(formData))
	// Switching tabs clears the other mode's input: only this mode's fields count.
	if (submitted.mode === 'image') submitted.prompt = ''
	else submitted.context = ''
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
		if (!image) {
			const message =
				page === 'instagram'
					? VALIDATION_MESSAGES.imageTypeInstagram
					: VALIDATION_MESSAGES.imageType
			return failure(submitted, { image: [message] }, 400)
		}
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
			reserved.scope === 'ip' ? LIMIT_MESSAGES.ip : generatorMessages.quotaExhausted(reserved.limit)
		return failure(submitted, { form: [message] }, 429, headers)
	}

	const provider = getTextProvider()
	const settings = {
		mode: form.mode,
		context: form.context ?? '',
		language: form.language,
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
	void runHousekeeping().catch((error: unknown) => console.error(error))
	return redirectWithToast(
		`${generatorPath[page]}?lote=${batch.id}#generated-phrases`,
		{ type: 'success', message: successMessage(result.phrases.length) },
		{ headers },
	)
}

const phraseEditSchema = z.object({
	batch: z.string().min(1).max(64),
	position: z.coerce.number().int().min(0).max(100),
	content: z
		.string({ error: generatorMessages.phraseRequired })
		.trim()
		.min(1, generatorMessages.phraseRequired)
		.max(500, generatorMessages.phraseTooLong),
})

function batchUrl(page: Page, batchId: string, anchor = 'generated-phrases') {
	return `${generatorPath[page]}?lote=${encodeURIComponent(batchId)}#${anchor}`
}

async function updatePhrase(page: Page, request: Request, formData: FormData) {
	const parsed = phraseEditSchema.safeParse(Object.fromEntries(formData))
	if (!parsed.success) {
		// Both go back into the URL: cut them short so a huge value cannot bloat the redirect.
		const batch = String(formData.get('batch') ?? '').slice(0, 64)
		const position = String(formData.get('position') ?? '').slice(0, 4)
		const message = parsed.error.issues[0]?.message ?? generatorMessages.phraseRequired
		return redirectWithToast(
			`${generatorPath[page]}?lote=${encodeURIComponent(batch)}&editar=${encodeURIComponent(position)}#frase-${encodeURIComponent(position)}`,
			{ type: 'error', message },
		)
	}
	const { viewer } = await getViewer(request)
	const { batch, position, content } = parsed.data
	if (!(await updateBatchPhrase(batch, position, content, viewer))) {
		throw new Response(generatorMessages.batchMissing, { status: 404 })
	}
	return redirectWithToast(batchUrl(page, batch, `frase-${position}`), {
		type: 'success',
		message: generatorMessages.textUpdated,
	})
}

async function save(
	page: Page,
	request: Request,
	formData: FormData,
	intent: 'save-phrase' | 'save-all',
) {
	// Batch ids are short; a longer value cannot name one (and must not bloat the redirect).
	const batchId = String(formData.get('batch') ?? '').slice(0, 64)
	const { user, viewer } = await getViewer(request)
	if (!user) {
		return redirectWithToast(batchUrl(page, batchId), {
			type: 'error',
			message: generatorMessages.loginToSave,
		})
	}
	const batch = await getBatchForViewer(batchId, viewer)
	if (!batch) throw new Response(generatorMessages.batchMissing, { status: 404 })
	if (intent === 'save-all') {
		if (batch.phrases.length === 0) {
			return redirectWithToast(batchUrl(page, batchId), {
				type: 'error',
				message: generatorMessages.nothingToSave,
			})
		}
		await savePhrases(
			user.id,
			batch.phrases.map((phrase) => phrase.content),
		)
		return redirectWithToast(batchUrl(page, batchId), {
			type: 'success',
			message: generatorMessages.savedAll,
		})
	}
	const position = Number(formData.get('position'))
	const phrase = batch.phrases.find((candidate) => candidate.position === position)
	if (!phrase) throw new Response('Frase no encontrada', { status: 404 })
	await savePhrases(user.id, [phrase.content])
	return redirectWithToast(batchUrl(page, batchId, `frase-${position}`), {
		type: 'success',
		message: generatorMessages.saved,
	})
}

/**
 * The home page's design default: the platform every card of the batch is sized for.
 * Changing it re-applies to all the cards (their own size choices are dropped), and the
 * visitor comes back to the same page with the rest of the cards' design kept.
 */
async function setPlatform(page: Page, request: Request, formData: FormData) {
	const batchId = String(formData.get('batch') ?? '').slice(0, 64)
	const platform = formData.get('platform')
	if (!isSizeKey(platform)) throw new Response('Formato no válido', { status: 400 })
	const { viewer } = await getViewer(request)
	if (!(await updateBatchPlatform(batchId, platform, viewer))) {
		throw new Response(generatorMessages.batchMissing, { status: 404 })
	}
	const back = new URLSearchParams(String(formData.get('search') ?? '').slice(0, 4000))
	for (const key of [...back.keys()]) {
		if (/^c\d+\.s$/.test(key)) back.delete(key)
	}
	back.set('lote', batchId)
	return redirectWithToast(`${generatorPath[page]}?${back}#generated-phrases`, {
		type: 'success',
		message: generatorMessages.platformApplied,
	})
}
