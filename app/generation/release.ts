/**
 * Which phrases of a streamed answer the visitor may see, and when. A phrase is released
 * only once its line has ended and it has passed the rules a whole answer passes: the
 * cleaning (introductions, numbering, bullets, quotes, duplicates) and the language check.
 * What cannot be judged yet waits for the end of the answer, where the batch rule decides.
 *
 * Pure and per attempt: the orchestrator feeds it the provider's text as it arrives.
 */
import { cleanLine, phraseKey } from './clean'
import type { BatchCheck, LanguageVerdict } from './language/check'

/** The language check, bound to the language asked for (the orchestrator loads it lazily). */
export interface LanguageRules {
	phrase(phrase: string): LanguageVerdict
	batch(phrases: readonly string[]): BatchCheck
}

export interface AttemptSummary {
	/** Any text at all came back (an answer of blanks is an empty answer). */
	answered: boolean
	/** Phrases of the answer the language check rejected. */
	rejected: number
	/** More than half of the answer was in another language: the attempt failed. */
	mostlyForeign: boolean
}

/**
 * One provider answer as it streams in. `push` takes text and returns the phrases it
 * releases; `end` (the answer finished normally, so its last line is complete) returns the
 * phrases held until then that the batch rule accepts. Phrases the generation released
 * before this answer (`released`) are never released again, and no more than `count` are
 * ever released. Adding a released phrase to the generation is the caller's, once it kept
 * it (stored it, sent it): a phrase that could not be kept never counts as released.
 */
export class StreamedAnswer {
	private buffer = ''
	private answeredText = false
	/** Every distinct phrase of this answer, in order: what the batch rule judges. */
	private readonly phrases: string[] = []
	private readonly keys = new Set<string>()
	private readonly releasedKeys: Set<string>
	/** The generation's phrases before this answer plus the ones this answer released. */
	private releasedCount: number
	/** Judged phrases waiting for the end of the answer. */
	private readonly held: string[] = []
	private foreign = 0
	private batchRejected: number | null = null

	constructor(
		private readonly options: {
			count: number
			/** What the generation released before this answer. */
			released: readonly string[]
			/** Null: no language check (the offline engine writes in the language asked for). */
			language: LanguageRules | null
		},
	) {
		this.releasedKeys = new Set(options.released.map(phraseKey))
		this.releasedCount = options.released.length
	}

	/** The generation has every phrase it asked for: the rest of the answer is not needed. */
	get full(): boolean {
		return this.releasedCount >= this.options.count
	}

	push(text: string): string[] {
		if (/\S/.test(text)) this.answeredText = true
		this.buffer += text
		const lines = this.buffer.split(/\r?\n/)
		this.buffer = lines.pop() ?? ''
		return lines.flatMap((line) => this.line(line))
	}

	/** The answer finished: its last line is complete, and the held phrases are decided. */
	end(): string[] {
		const released = this.line(this.buffer)
		this.buffer = ''
		const language = this.options.language
		if (!language) return released
		const check = language.batch(this.phrases)
		this.batchRejected = check.rejected.length
		if (check.mostlyForeign) return released
		const accepted = new Set(check.accepted)
		for (const phrase of this.held) {
			if (accepted.has(phrase)) released.push(...this.release(phrase))
		}
		this.held.length = 0
		return released
	}

	summary(): AttemptSummary {
		const rejected = this.batchRejected ?? this.foreign
		return {
			answered: this.answeredText,
			rejected,
			mostlyForeign: rejected * 2 > this.phrases.length && this.phrases.length > 0,
		}
	}

	private line(raw: string): string[] {
		const phrase = cleanLine(raw)
		if (!phrase) return []
		const key = phraseKey(phrase)
		if (this.keys.has(key)) return []
		this.keys.add(key)
		this.phrases.push(phrase)
		const language = this.options.language
		if (!language) return this.release(phrase)
		const verdict = language.phrase(phrase)
		if (verdict === 'mismatch') {
			this.foreign++
			return []
		}
		// Too short to judge alone, or the answer is mostly foreign so far: the batch rule
		// decides at the end, as it would for the whole answer.
		if (verdict === 'undecided' || this.foreign * 2 > this.phrases.length) {
			this.held.push(phrase)
			return []
		}
		return this.release(phrase)
	}

	private release(phrase: string): string[] {
		const key = phraseKey(phrase)
		if (this.full || this.releasedKeys.has(key)) return []
		this.releasedKeys.add(key)
		this.releasedCount++
		return [phrase]
	}
}
