/**
 * Whether a phrase is written in the language the visitor asked for. Models drift into
 * English (English topics, brands, images), so every phrase a provider returns is checked
 * before it can become a result (docs/decisions/011-language-check.md).
 *
 * Pure and per phrase, so phrases can be judged one by one as they arrive; the batch rule
 * on top decides the phrases too short to judge alone and when an answer is mostly foreign.
 */
import { detectAll } from 'tinyld'
import { LANGUAGE_CODES, type LanguageCode } from '../options'

/**
 * Fewer letters than this, once hashtags, handles, links, emoji and names are gone, and a
 * phrase is undecidable: identifiers guess on 'Feliz lunes' or 'Good vibes'.
 */
export const MIN_LETTERS = 12

/**
 * A phrase is in another language only when that language clearly wins: the one asked for
 * scoring at least this share of the winner's score (a near tie, as between Spanish and
 * Portuguese on a short phrase) counts as a match.
 */
export const TIE_RATIO = 0.9

export type LanguageVerdict = 'match' | 'mismatch' | 'undecided'

export interface PhraseCheck {
	verdict: LanguageVerdict
	/** The most likely of the five languages, or null when undecidable. */
	detected: LanguageCode | null
}

export interface CheckOptions {
	/**
	 * Words to leave out before judging (the visitor's topic: a brand or an English name
	 * they typed will be repeated by the model in any language).
	 */
	ignore?: readonly string[]
}

const URL_PATTERN =
	/\b(?:https?:\/\/|www\.)\S+|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|net|org|info|io|app|shop|store|es|mx|ar|co|cl|us|pe|ec|uy|ve|fr|it|pt|br|uk|de)\b(?:\/\S*)?/giu
const HANDLE_OR_HASHTAG = /[@#][\p{L}\p{N}_.]+/gu
const EMOJI =
	/[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}]|\u200d|\ufe0f|\u20e3/gu
/** Where a sentence ends: the next word starts with a capital for grammar, not for a name. */
const SENTENCE_END = /[.!?…:;]["'”’»)\]]*$/u

function normalizeWord(word: string) {
	return word
		.toLocaleLowerCase()
		.normalize('NFC')
		.replace(/[^\p{L}\p{N}]/gu, '')
}

/**
 * The words of a phrase that say something about its language: no links, handles,
 * hashtags, emoji or digits, and no names: a capitalised word inside a sentence (Black
 * Friday, Starbucks), a word with a capital inside it (iPhone, WiZink), or a word of
 * `ignore`. Words in capitals throughout are emphasis and stay ('¡OFERTA!').
 */
export function languageText(phrase: string, options: CheckOptions = {}): string {
	const ignored = new Set(
		(options.ignore ?? []).flatMap((text) => text.split(/\s+/).map(normalizeWord)),
	)
	ignored.delete('')
	const text = phrase.replace(URL_PATTERN, ' ').replace(HANDLE_OR_HASHTAG, ' ').replace(EMOJI, ' ')
	const kept: string[] = []
	let sentenceStart = true
	for (const token of text.split(/\s+/)) {
		if (!token) continue
		const letters = token.replace(/[^\p{L}]/gu, '')
		const startsSentence = sentenceStart || /^[¡¿"'“‘«(]/u.test(token)
		sentenceStart = SENTENCE_END.test(token)
		// '2x1', 'h2o', '24h': numbers with letters say nothing about the language.
		if (!letters || /\p{N}/u.test(token)) continue
		const shouting = letters.length > 1 && letters === letters.toLocaleUpperCase()
		const name =
			!shouting && ((!startsSentence && /^\p{Lu}/u.test(letters)) || /\p{Ll}\p{Lu}/u.test(letters))
		if (name || ignored.has(normalizeWord(token))) continue
		kept.push(token.replace(/[^\p{L}'’-]/gu, ' ').trim())
	}
	return kept.join(' ').replace(/\s+/g, ' ').trim()
}

function letterCount(text: string) {
	return text.replace(/[^\p{L}]/gu, '').length
}

/** The five languages' scores for a text, best first (only those the identifier gives). */
function scores(text: string): Array<{ language: LanguageCode; score: number }> {
	return detectAll(text.toLocaleLowerCase(), { only: [...LANGUAGE_CODES] }).flatMap((entry) =>
		(LANGUAGE_CODES as readonly string[]).includes(entry.lang)
			? [{ language: entry.lang as LanguageCode, score: entry.accuracy }]
			: [],
	)
}

/** Judges a text already stripped by languageText. */
function judge(text: string, language: LanguageCode): PhraseCheck {
	if (letterCount(text) < MIN_LETTERS) return { verdict: 'undecided', detected: null }
	const ranked = scores(text)
	const best = ranked[0]
	if (!best) return { verdict: 'undecided', detected: null }
	if (best.language === language) return { verdict: 'match', detected: language }
	const asked = ranked.find((entry) => entry.language === language)
	const tie = asked !== undefined && asked.score >= best.score * TIE_RATIO
	return { verdict: tie ? 'match' : 'mismatch', detected: best.language }
}

/** Whether one phrase is in `language`. */
export function checkPhraseLanguage(
	phrase: string,
	language: LanguageCode,
	options: CheckOptions = {},
): PhraseCheck {
	return judge(languageText(phrase, options), language)
}

/**
 * What the visitor typed that the check should look past: a topic not clearly in the
 * language asked for (an English product name, a brand, 'Black Friday') comes back in
 * the phrases whatever their language. A topic in that language stays: its words are
 * the phrases' own.
 */
export function topicWordsToIgnore(topics: readonly string[], language: LanguageCode): string[] {
	return topics.filter(
		(topic) => topic.trim() !== '' && checkPhraseLanguage(topic, language).verdict !== 'match',
	)
}

export interface BatchCheck {
	/** The phrases to keep, in their order. */
	accepted: string[]
	/** The phrases in another language (dropped). */
	rejected: string[]
	/** More than half of the phrases are in another language: the answer failed. */
	mostlyForeign: boolean
}

/**
 * Checks a provider's answer. A phrase too short to judge alone is judged with the other
 * undecidable ones, joined; if even together they are too short, they follow the rest of
 * the answer (kept when most of the judged phrases matched). An answer where more phrases
 * are foreign than not is mostly foreign, and none of it is kept.
 */
export function checkBatchLanguage(
	phrases: readonly string[],
	language: LanguageCode,
	options: CheckOptions = {},
): BatchCheck {
	const texts = phrases.map((phrase) => languageText(phrase, options))
	const verdicts = texts.map((text) => judge(text, language).verdict)
	const undecided = verdicts.flatMap((verdict, index) => (verdict === 'undecided' ? [index] : []))
	if (undecided.length > 0) {
		const together = judge(undecided.map((index) => texts[index]).join('. '), language).verdict
		const judged = verdicts.filter((verdict) => verdict !== 'undecided')
		const foreign = judged.filter((verdict) => verdict === 'mismatch').length
		const fallback: LanguageVerdict =
			together !== 'undecided'
				? together
				: judged.length > 0 && foreign * 2 > judged.length
					? 'mismatch'
					: 'match'
		for (const index of undecided) verdicts[index] = fallback
	}
	const accepted = phrases.filter((_, index) => verdicts[index] === 'match')
	const rejected = phrases.filter((_, index) => verdicts[index] === 'mismatch')
	return { accepted, rejected, mostlyForeign: rejected.length * 2 > phrases.length }
}
