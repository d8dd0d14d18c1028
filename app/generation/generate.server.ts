/**
 * The generation orchestrator shared by the three pages: builds the instruction, calls the
 * provider with a timeout and the visitor's abort signal, retries with backoff and lower
 * temperatures, cleans the text, checks its language and fills the batch with placeholders.
 */
import { createBrief, type GenerationBrief } from './brief'
import { cleanPhrases, mergeDistinct } from './clean'
import {
	emptyResultError,
	emptyTextError,
	exhaustedError,
	globalLimitError,
	type GenerationError,
	isProviderError,
	ProviderError,
	toGenerationError,
	type GenerationErrorKind,
	wrongLanguageError,
} from './errors'
import { GENERATOR_PAGES, type Page } from '~/generator/pages'
import { DEFAULT_TIME_ZONE, getLanguage } from './options'
import { fillWithPlaceholders } from './placeholders'
import {
	buildConfiguredInstruction,
	buildSimplifiedInstruction,
	type InstructionSettings,
	languageReminder,
} from './prompt'
import { type TextProvider } from './providers/types'
import { type Sampling } from '~/settings/ai-config.server'
import { type GenerationRequest } from './types'

const MAX_ATTEMPTS = 3
const PROVIDER_TIMEOUT_MS = 30_000
/** A quota RetryInfo longer than this fails at once instead of keeping the visitor waiting. */
const MAX_RETRY_DELAY_MS = 5_000

/**
 * `first` on the first try (0.8 unless an admin set another), then 0.1 lower than that
 * minus 0.1 × attempt (attempt counted from 0): 0.8, 0.6, 0.5. Never below 0.
 */
export function attemptTemperature(attempt: number, first = 0.8): number {
	if (attempt === 0) return first
	return Math.max(0, Math.round((first - 0.1 - 0.1 * attempt) * 10) / 10)
}

/** 2^attempt × 500 ms after the failed attempt `attempt` (counted from 0). */
export function backoffDelay(attempt: number): number {
	return 2 ** attempt * 500
}

type AttemptOutcome = 'ok' | 'short' | 'empty' | 'error' | 'wrong_language'

export interface GenerationEvent {
	attempt: number
	temperature: number
	latencyMs: number
	outcome: AttemptOutcome
	errorKind?: GenerationErrorKind
	/** Phrases of the answer the language check rejected (all of them on 'wrong_language'). */
	rejected?: number
}

interface GenerationResult {
	phrases: string[]
	provider: string
	model: string
	offline: boolean
	/** Provider calls made. */
	attempts: number
	/** How many of `phrases` are placeholders (at the end). */
	placeholders: number
	events: GenerationEvent[]
	brief: GenerationBrief
}

type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

export interface GeneratePhrasesOptions {
	page: Page
	request: GenerationRequest
	provider: TextProvider
	/** Aborted when the visitor goes away. */
	signal?: AbortSignal
	now?: Date
	timeZone?: string
	sleep?: Sleep
	timeoutMs?: number
	maxRetryDelayMs?: number
	maxAttempts?: number
	/** Receives every provider call as it happens, so failed generations are recorded too. */
	events?: GenerationEvent[]
	/**
	 * Asked before every provider call, retries included (each one is billed): false stops
	 * the generation. The service's daily ceiling on provider calls lives here.
	 */
	reserveCall?: () => Promise<boolean>
	/** Sampling an admin saved; absent, the page's built-in values. */
	sampling?: Sampling
	/** What an admin asked of the instruction: a template, and/or extra care for quality. */
	instructionSettings?: InstructionSettings
}

/**
 * Provider answers that bill nothing: the provider refused the call before doing any work
 * (a wrong key, an unknown model, our own rate limit). Anything else — phrases, an empty or
 * blocked answer, a timeout, a call the visitor walked away from — may have been billed.
 */
const UNBILLED_ERROR_KINDS: ReadonlySet<GenerationErrorKind> = new Set([
	'auth',
	'not_found',
	'quota',
])

/** Whether any of the generation's provider calls may have cost money. */
export function madeBillableCall(events: readonly GenerationEvent[]): boolean {
	return events.some((event) => !event.errorKind || !UNBILLED_ERROR_KINDS.has(event.errorKind))
}

const defaultSleep: Sleep = (ms, signal) =>
	new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(signal.reason)
		const timer = setTimeout(() => {
			signal?.removeEventListener('abort', onAbort)
			resolve()
		}, ms)
		function onAbort() {
			clearTimeout(timer)
			reject(signal?.reason)
		}
		signal?.addEventListener('abort', onAbort, { once: true })
	})

/**
 * Generates the phrases of one request. Throws GenerationError with the page's Spanish
 * message when no phrase could be produced.
 */
export async function generatePhrases(options: GeneratePhrasesOptions): Promise<GenerationResult> {
	const { page, request, provider, signal } = options
	const sleep = options.sleep ?? defaultSleep
	const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS
	const maxRetryDelayMs = options.maxRetryDelayMs ?? MAX_RETRY_DELAY_MS
	const brief = createBrief(page, request, {
		now: options.now ?? new Date(),
		timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
	})
	const pageSampling = GENERATOR_PAGES[page].sampling
	const sampling = options.sampling
	const events: GenerationEvent[] = options.events ?? []
	// A blocked prompt switches to the simplified instruction; an answer in another language
	// adds the reminder to whichever is in use.
	let baseInstruction = buildConfiguredInstruction(brief, options.instructionSettings)
	let remindLanguage = false
	const instructionNow = () =>
		remindLanguage ? `${baseInstruction}\n${languageReminder(brief)}` : baseInstruction
	// Our own engine writes in the language asked for; every other provider's answer is
	// checked. Loaded on first use: the identifier's tables take about 20 MB, which a site
	// on the offline engine alone never needs.
	const languageCheck = provider.id === 'offline' ? null : await import('./language/check')
	const ignore =
		languageCheck?.topicWordsToIgnore([brief.prompt, brief.context], brief.language) ?? []
	let collected: string[] = []
	let lastError: GenerationError | undefined
	let attempts = 0

	const result = (phrases: string[]): GenerationResult => {
		const filled = fillWithPlaceholders(brief, phrases)
		return {
			phrases: filled,
			provider: provider.id,
			model: provider.model,
			offline: provider.id === 'offline',
			attempts,
			placeholders: Math.max(0, filled.length - phrases.length),
			events,
			brief,
		}
	}

	for (let attempt = 0; attempt < maxAttempts; attempt++) {
		if (signal?.aborted) throw abortedError(page, provider)
		if (options.reserveCall && !(await options.reserveCall())) {
			// No call is made past the ceiling; what earlier calls brought is still shown.
			if (collected.length > 0) break
			throw globalLimitError()
		}
		// The reservation may have waited on the database while the visitor left.
		if (signal?.aborted) throw abortedError(page, provider)
		const temperature = attemptTemperature(attempt, sampling?.temperature)
		const started = performance.now()
		let extraDelay = 0
		attempts++
		try {
			const text = await callWithTimeout(provider, {
				instruction: instructionNow(),
				image: request.image,
				temperature,
				topP: sampling?.topP ?? pageSampling.topP,
				topK: pageSampling.topK,
				maxOutputTokens: sampling?.maxOutputTokens ?? pageSampling.maxOutputTokens,
				brief,
				signal,
				timeoutMs: options.timeoutMs ?? PROVIDER_TIMEOUT_MS,
			})
			const latencyMs = elapsed(started)
			if (!text.trim()) {
				lastError = emptyTextError(page)
				events.push({ attempt, temperature, latencyMs, outcome: 'empty', errorKind: 'empty_text' })
			} else {
				const cleaned = cleanPhrases(text)
				const check = languageCheck
					? languageCheck.checkBatchLanguage(cleaned, brief.language, { ignore })
					: { accepted: cleaned, rejected: [], mostlyForeign: false }
				const rejected = check.rejected.length
				if (rejected > 0) remindLanguage = true
				if (check.mostlyForeign) {
					// Not one phrase of a mostly foreign answer is kept: the attempt failed.
					lastError = wrongLanguageError(getLanguage(brief.languageValue).name)
					events.push({
						attempt,
						temperature,
						latencyMs,
						outcome: 'wrong_language',
						errorKind: 'wrong_language',
						rejected,
					})
				} else {
					const phrases = check.accepted
					collected = mergeDistinct(collected, phrases)
					const counted = rejected > 0 ? { rejected } : {}
					if (collected.length >= brief.count) {
						events.push({ attempt, temperature, latencyMs, outcome: 'ok', ...counted })
						return result(collected)
					}
					if (phrases.length === 0) {
						lastError = emptyResultError()
						events.push({
							attempt,
							temperature,
							latencyMs,
							outcome: 'empty',
							errorKind: 'empty_result',
						})
					} else {
						// Short, or stray foreign phrases dropped: the next attempt refills the batch.
						events.push({ attempt, temperature, latencyMs, outcome: 'short', ...counted })
					}
				}
			}
		} catch (caught) {
			const error = normalizeError(caught, signal, provider)
			events.push({
				attempt,
				temperature,
				latencyMs: elapsed(started),
				outcome: 'error',
				errorKind: error.kind,
			})
			lastError = toGenerationError(page, error, provider.id, provider.model)
			if (error.kind === 'aborted') throw lastError
			// Nothing a retry can fix: a wrong key or an unknown model.
			if (error.kind === 'auth' || error.kind === 'not_found') break
			if (error.kind === 'quota' && error.retryAfterMs !== undefined) {
				if (error.retryAfterMs > maxRetryDelayMs) break
				extraDelay = error.retryAfterMs
			}
			if (error.kind === 'blocked') baseInstruction = buildSimplifiedInstruction(brief)
		}
		if (attempt < maxAttempts - 1) {
			try {
				await sleep(Math.max(backoffDelay(attempt), extraDelay), signal)
			} catch {
				throw abortedError(page, provider)
			}
		}
	}

	if (collected.length > 0) return result(collected)
	throw lastError ?? exhaustedError()
}

function elapsed(started: number) {
	return Math.round(performance.now() - started)
}

function abortedError(page: Page, provider: TextProvider) {
	return toGenerationError(page, new ProviderError('aborted'), provider.id, provider.model)
}

/** Any failure as a ProviderError, telling the visitor's abort from our timeout. */
function normalizeError(
	error: unknown,
	signal: AbortSignal | undefined,
	provider: TextProvider,
): ProviderError {
	if (signal?.aborted) return new ProviderError('aborted', { cause: error, model: provider.model })
	if (isProviderError(error)) return error
	if (error instanceof DOMException && error.name === 'TimeoutError') {
		return new ProviderError('timeout', { cause: error, model: provider.model })
	}
	return new ProviderError('bad_response', {
		detail: error instanceof Error ? error.message : String(error),
		cause: error,
		model: provider.model,
	})
}

/**
 * One provider call bounded by `timeoutMs` and the caller's signal. Races the call too, so a
 * provider that ignores its signal cannot hold the request open.
 */
async function callWithTimeout(
	provider: TextProvider,
	params: Parameters<TextProvider['generate']>[0] & { timeoutMs: number },
): Promise<string> {
	const { timeoutMs, signal: callerSignal, ...rest } = params
	const timeout = new AbortController()
	const timer = setTimeout(
		() => timeout.abort(new DOMException('The provider call timed out', 'TimeoutError')),
		timeoutMs,
	)
	const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal
	let onAbort: (() => void) | undefined
	const aborted = new Promise<never>((_, reject) => {
		onAbort = () => {
			const timedOut = timeout.signal.aborted && !callerSignal?.aborted
			reject(new ProviderError(timedOut ? 'timeout' : 'aborted', { model: provider.model }))
		}
		if (signal.aborted) onAbort()
		else signal.addEventListener('abort', onAbort, { once: true })
	})
	try {
		return await Promise.race([provider.generate({ ...rest, signal }), aborted])
	} catch (error) {
		if (timeout.signal.aborted && !callerSignal?.aborted) {
			throw new ProviderError('timeout', { cause: error, model: provider.model })
		}
		throw error
	} finally {
		clearTimeout(timer)
		if (onAbort) signal.removeEventListener('abort', onAbort)
	}
}
