/**
 * The generation orchestrator shared by the three pages: builds the instruction, calls the
 * provider (each call bounded in provider-call.server.ts), retries with backoff and lower
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
import {
	callWithTimeout,
	normalizeError,
	PhraseNotKept,
	streamWithTimeout,
} from './provider-call.server'
import { type LanguageRules, StreamedAnswer } from './release'
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
	/** Why the batch needed placeholders, when an attempt failed (null otherwise). */
	failure: GenerationError | null
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
	/**
	 * Streams the generation: the provider's answer is read as it is written (its stream,
	 * when it has one) and each phrase is handed here as soon as it is released — its line
	 * ended and it passed the rules a whole answer passes — and awaited before the next.
	 * A released phrase stays in the batch whatever happens after it. What it throws (storing
	 * the phrase failed) is ours, not the provider's: the generation ends at once with that
	 * error, unchanged, is not retried and blames no model.
	 */
	onPhrase?: (phrase: string) => Promise<void> | void
	/** A failed attempt that another attempt follows, with its message for the visitor. */
	onRetry?: (error: GenerationError) => void
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
	const languageRules: LanguageRules | null = languageCheck && {
		phrase: (phrase) =>
			languageCheck.checkPhraseLanguage(phrase, brief.language, { ignore }).verdict,
		batch: (phrases) => languageCheck.checkBatchLanguage(phrases, brief.language, { ignore }),
	}
	let collected: string[] = []
	let lastError: GenerationError | undefined
	let attempts = 0

	const result = (phrases: string[]): GenerationResult => {
		const filled = fillWithPlaceholders(brief, phrases)
		const placeholders = Math.max(0, filled.length - phrases.length)
		return {
			phrases: filled,
			provider: provider.id,
			model: provider.model,
			offline: provider.id === 'offline',
			attempts,
			placeholders,
			events,
			brief,
			failure: placeholders > 0 ? (lastError ?? null) : null,
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
		let failed = false
		attempts++
		const params = {
			instruction: instructionNow(),
			image: request.image,
			temperature,
			topP: sampling?.topP ?? pageSampling.topP,
			topK: pageSampling.topK,
			maxOutputTokens: sampling?.maxOutputTokens ?? pageSampling.maxOutputTokens,
			brief,
			signal,
			timeoutMs: options.timeoutMs ?? PROVIDER_TIMEOUT_MS,
		}
		try {
			let answer: Answer
			if (options.onPhrase) {
				// Kept phrases join `collected` as they go: an error later keeps them.
				const streamed = new StreamedAnswer({
					count: brief.count,
					released: collected,
					language: languageRules,
				})
				const before = collected.length
				await streamWithTimeout(provider, params, streamed, options.onPhrase, collected)
				answer = { ...streamed.summary(), kept: collected.slice(before) }
			} else {
				answer = wholeAnswer(await callWithTimeout(provider, params), languageRules)
			}
			const latencyMs = elapsed(started)
			if (!answer.answered) {
				lastError = emptyTextError(page)
				failed = true
				events.push({ attempt, temperature, latencyMs, outcome: 'empty', errorKind: 'empty_text' })
			} else {
				const rejected = answer.rejected
				if (rejected > 0) remindLanguage = true
				if (answer.mostlyForeign) {
					// Not one phrase of a mostly foreign answer is kept: the attempt failed.
					lastError = wrongLanguageError(getLanguage(brief.languageValue).name)
					failed = true
					events.push({
						attempt,
						temperature,
						latencyMs,
						outcome: 'wrong_language',
						errorKind: 'wrong_language',
						rejected,
					})
				} else {
					const phrases = answer.kept
					collected = mergeDistinct(collected, phrases)
					const counted = rejected > 0 ? { rejected } : {}
					if (collected.length >= brief.count) {
						events.push({ attempt, temperature, latencyMs, outcome: 'ok', ...counted })
						return result(collected)
					}
					if (phrases.length === 0) {
						lastError = emptyResultError()
						failed = true
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
			if (caught instanceof PhraseNotKept) {
				// The provider answered and we failed to keep a phrase: recorded as the answered
				// (billed) call it was, no error against the model, and no retry to bill.
				events.push({ attempt, temperature, latencyMs: elapsed(started), outcome: 'short' })
				throw caught.cause
			}
			const error = normalizeError(caught, signal, provider)
			events.push({
				attempt,
				temperature,
				latencyMs: elapsed(started),
				outcome: 'error',
				errorKind: error.kind,
			})
			lastError = toGenerationError(page, error, provider.id, provider.model)
			failed = true
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
			if (failed && lastError) options.onRetry?.(lastError)
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

/** What one attempt brought, however it was read. */
interface Answer {
	/** Any text came back. */
	answered: boolean
	/** The phrases it adds to the batch (before duplicates of earlier ones are dropped). */
	kept: string[]
	/** Phrases the language check rejected. */
	rejected: number
	mostlyForeign: boolean
}

/** A whole answer: cleaned, then judged by the batch rule. */
function wholeAnswer(text: string, language: LanguageRules | null): Answer {
	if (!text.trim()) return { answered: false, kept: [], rejected: 0, mostlyForeign: false }
	const cleaned = cleanPhrases(text)
	const check = language
		? language.batch(cleaned)
		: { accepted: cleaned, rejected: [], mostlyForeign: false }
	return {
		answered: true,
		kept: check.mostlyForeign ? [] : check.accepted,
		rejected: check.rejected.length,
		mostlyForeign: check.mostlyForeign,
	}
}

function elapsed(started: number) {
	return Math.round(performance.now() - started)
}

function abortedError(page: Page, provider: TextProvider) {
	return toGenerationError(page, new ProviderError('aborted'), provider.id, provider.model)
}
