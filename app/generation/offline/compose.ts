/**
 * The offline engine's composer: turns a brief into distinct phrases from the template
 * bank, fitting the word range with filler clauses. Pure given its random source.
 */
import { type GenerationBrief } from '../brief'
import { pickHashtags, toHashtag } from '../hashtags'
import { type LanguageCode } from '../options'
import { addressOf, DEFAULT_VARIANT, type SpanishVariant } from '../spanish'
import {
	FAMILY_EMOJIS,
	familyOf,
	SLOT_ADDRESSES,
	type LanguageBank,
	type Theme,
	type ThemedType,
} from './bank'
import { en } from './en'
import { es } from './es'
import { fr } from './fr'
import { it } from './it'
import { pt } from './pt'

export const BANKS: Record<LanguageCode, LanguageBank> = { es, en, pt, fr, it }

export type Random = () => number

/** mulberry32: small, fast and good enough to vary phrases; seedable for tests. */
export function seededRandom(seed: number): Random {
	let state = seed >>> 0
	return () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

function randomInt(random: Random, min: number, max: number) {
	return min + Math.floor(random() * (max - min + 1))
}

function shuffle<T>(random: Random, items: readonly T[]): T[] {
	const copy = [...items]
	for (let index = copy.length - 1; index > 0; index--) {
		const other = Math.floor(random() * (index + 1))
		;[copy[index], copy[other]] = [copy[other]!, copy[index]!]
	}
	return copy
}

function pick<T>(random: Random, items: readonly T[]): T {
	return items[Math.floor(random() * items.length)]!
}

/** Words as a reader counts them: tokens with a letter or a digit. */
export function countWords(text: string): number {
	return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length
}

function capitalize(text: string) {
	return text ? text[0]!.toLocaleUpperCase() + text.slice(1) : text
}

const MAX_TOPIC_WORDS = 5

/** The topic as it reads inside a sentence: the request words and the 'para X' part removed. */
function offlineTopic(brief: GenerationBrief, bank: LanguageBank): string {
	let text = brief.image ? brief.context || brief.prompt : brief.prompt
	if (brief.personalization) {
		text = text.replace(
			new RegExp(`\\s*para\\s+(mis?\\s+)?${escape(brief.personalization.recipient)}.*$`, 'iu'),
			'',
		)
	}
	text = text.replace(/[\s.!?¡¿:;,"“”«»]+$/u, '').replace(/^[\s"“«¡¿]+/u, '')
	const noise = new Set(bank.topicNoise.concat(NOISE_ES, brief.type ? [brief.type] : []))
	const words = text.split(/\s+/).filter(Boolean)
	while (words.length > 1 && noise.has(words[0]!.toLowerCase())) words.shift()
	let topic = words.slice(0, MAX_TOPIC_WORDS)
	while (topic.length > 1 && CONNECTORS.has(topic[topic.length - 1]!.toLowerCase()))
		topic = topic.slice(0, -1)
	const result = topic.join(' ')
	if (result && !(words.length === 1 && noise.has(result.toLowerCase()))) return result
	return brief.image ? bank.imageTopic : themeFor(bank, brief.type).kw[0]!
}

/** Visitors mostly type in Spanish whatever language they ask for. */
const NOISE_ES = [
	'genera',
	'generar',
	'escribe',
	'crea',
	'dame',
	'quiero',
	'necesito',
	'haz',
	'frases',
	'frase',
	'de',
	'del',
	'sobre',
	'acerca',
	'para',
	'con',
	'un',
	'una',
	'unas',
	'unos',
	'algunas',
]
const CONNECTORS = new Set([
	'de',
	'del',
	'la',
	'el',
	'los',
	'las',
	'y',
	'a',
	'en',
	'con',
	'para',
	'por',
	'the',
	'of',
	'and',
	'to',
	'le',
	'la',
	'et',
	'di',
	'e',
	'o',
	'os',
	'as',
	'do',
	'da',
])

function escape(text: string) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function themeFor(bank: LanguageBank, type: string): Theme {
	return bank.themes[(type in bank.themes ? type : '') as ThemedType]
}

/** Who the phrases speak to: which form of a slot, and which country's words. */
export interface Voice {
	/** Index in SLOT_ADDRESSES. */
	slot: number
	variant: SpanishVariant
	formal: boolean
}

/** The close, neutral voice: what banks without slots or regional words get anyway. */
export const NEUTRAL_VOICE: Voice = { slot: 0, variant: DEFAULT_VARIANT, formal: false }

export function voiceOf(brief: Pick<GenerationBrief, 'spanish'>): Voice {
	if (!brief.spanish) return NEUTRAL_VOICE
	const address = addressOf(brief.spanish.variant, brief.spanish.register)
	return {
		slot: SLOT_ADDRESSES.indexOf(address),
		variant: brief.spanish.variant,
		formal: brief.spanish.register === 'formal',
	}
}

const SLOT = /\[([^[\]|]*)\|([^[\]|]*)\|([^[\]|]*)\]/g
const REGIONAL_WORD = /<(\w+)>/g

/** Bank text in the voice: each slot's form for the address, each regional word's word. */
export function speak(text: string, voice: Voice, bank: LanguageBank): string {
	return text
		.replace(SLOT, (...forms: string[]) => forms[voice.slot + 1]!)
		.replace(REGIONAL_WORD, (match, key: string) => {
			const word = bank.regionalWords?.[key]
			if (!word) return match
			return (voice.formal ? word.formal : undefined) ?? word[voice.variant] ?? word.default
		})
}

/**
 * Whether bank text addresses the reader in the voice's own form: a slot whose form for
 * this address is unlike the other addresses' ('Creé en vos', not the shared 'tu').
 */
export function addressesReader(text: string, voice: Voice): boolean {
	for (const match of text.matchAll(SLOT)) {
		const forms = match.slice(1)
		const own = forms[voice.slot]
		if (forms.every((form, index) => index === voice.slot || form !== own)) return true
	}
	return false
}

/**
 * A template with the topic and a key phrase. The bank's own markup is resolved first, so
 * nothing the visitor typed is read as a slot or a regional word.
 */
function fill(template: string, topic: string, kw: string, voice: Voice, bank: LanguageBank) {
	const phrase = speak(kw, voice, bank)
	return speak(template, voice, bank)
		.replaceAll('{Topic}', capitalize(topic))
		.replaceAll('{topic}', topic)
		.replaceAll('{Kw}', capitalize(phrase))
		.replaceAll('{kw}', phrase)
}

/** Inserts ', clause' before a sentence's final punctuation. */
function appendClause(sentence: string, clause: string): string {
	const match = /\s*[.!?…]+$/u.exec(sentence)
	if (!match) return `${sentence}, ${clause}`
	return `${sentence.slice(0, match.index)}, ${clause}${match[0]}`
}

interface BodyOptions {
	/** Templates already used in this batch: tried last, so phrases do not open alike. */
	used?: Set<string>
	voice?: Voice
	/** Open with a sentence that addresses the reader in the voice's own form, if one fits. */
	address?: boolean
}

/** One phrase body of `min`–`max` words (emojis, hashtags and date not included). */
export function composeBody(
	random: Random,
	bank: LanguageBank,
	type: string,
	topic: string,
	range: { min: number; max: number },
	options: BodyOptions = {},
): string {
	return composeSentences(random, bank, type, topic, range, options).body
}

function composeSentences(
	random: Random,
	bank: LanguageBank,
	type: string,
	topic: string,
	range: { min: number; max: number },
	{ used = new Set(), voice = NEUTRAL_VOICE, address = false }: BodyOptions,
): { body: string; addressed: boolean } {
	const templates = bank.templates[familyOf(type)]
	const kws = themeFor(bank, type).kw
	const target = randomInt(random, range.min, range.max)
	const shuffled = shuffle(random, templates)
	const order = [...shuffled.filter((t) => !used.has(t)), ...shuffled.filter((t) => used.has(t))]
	const sentences: string[] = []
	let addressed = false
	let words = 0
	// The opening sentence names the topic when it fits (and, when asked, addresses the reader).
	const withTopic = (list: string[]) => [
		...list.filter((t) => /\{topic\}/i.test(t)),
		...list.filter((t) => !/\{topic\}/i.test(t)),
	]
	// Addressing openers are few: the unused ones come first, or a batch would repeat one.
	const addressing = address ? order.filter((t) => addressesReader(t, voice)) : []
	const fresh = addressing.filter((t) => !used.has(t))
	const tryOpen = (list: string[], openers = withTopic(list)) => {
		const candidates = openers.map((t) => fill(t, topic, pick(random, kws), voice, bank))
		const index = candidates.findIndex((sentence) => countWords(sentence) <= range.max)
		return { openers, candidates, index }
	}
	let opening = tryOpen(addressing, [
		...withTopic(fresh),
		...withTopic(addressing.filter((t) => used.has(t))),
	])
	if (opening.index < 0) opening = tryOpen(order)
	const { openers, candidates } = opening
	const first = candidates[opening.index]
	if (!first) {
		// Even the shortest template is too long for this range: cut it at the limit.
		const shortest = candidates.sort((a, b) => countWords(a) - countWords(b))[0]!
		const body = `${shortest
			.split(/\s+/)
			.slice(0, range.max)
			.join(' ')
			.replace(/[,;:]$/, '')}.`
		return { body, addressed: false }
	}
	const opener = openers[opening.index]!
	used.add(opener)
	addressed = addressesReader(opener, voice)
	sentences.push(first)
	words = countWords(first)
	// More sentences while a whole one fits: topic-free ones first, so the topic is not
	// repeated in every sentence of a long phrase.
	const rest = [
		...order.filter((t) => !/\{topic\}/i.test(t)),
		...order.filter((t) => /\{topic\}/i.test(t)),
	]
	for (const template of rest) {
		if (words >= target) break
		const sentence = fill(template, topic, pick(random, kws), voice, bank)
		if (sentences.includes(sentence)) continue
		const size = countWords(sentence)
		if (words + size <= target || (words + size <= range.max && target - words > size / 2)) {
			sentences.push(sentence)
			used.add(template)
			addressed ||= addressesReader(template, voice)
			words += size
		}
	}
	// Filler clauses top up to the target, spread over the sentences.
	let next = randomInt(random, 0, sentences.length - 1)
	const fillers = shuffle(random, bank.fillers)
	for (const filler of [
		...fillers.filter((f) => !used.has(f)),
		...fillers.filter((f) => used.has(f)),
	]) {
		if (words >= target) break
		const clause = speak(filler, voice, bank)
		const size = countWords(clause)
		if (words + size > range.max) continue
		const index = next++ % sentences.length
		sentences[index] = appendClause(sentences[index]!, clause)
		used.add(filler)
		addressed ||= addressesReader(filler, voice)
		words += size
	}
	return { body: sentences.join(' '), addressed }
}

/**
 * Who a personalised phrase is dedicated to. The visitor typed it in Spanish ('mi novia
 * Lucía'): other languages keep only the names ('Lucía'), or the words as typed.
 */
function dedicationName(brief: GenerationBrief): string {
	const who = brief.personalization
	if (!who) return ''
	if (brief.language === 'es') return who.display
	const names = who.recipient.split(/\s+/).filter((word) => /^\p{Lu}/u.test(word))
	return names.length ? names.join(' ') : who.recipient
}

interface ComposedPhrase {
	body: string
	text: string
}

/** Composes the brief's phrases, distinct from each other. */
export function composePhrases(brief: GenerationBrief, random: Random): ComposedPhrase[] {
	const bank = BANKS[brief.language]
	const topic = offlineTopic(brief, bank)
	const theme = themeFor(bank, brief.type)
	const emojis = FAMILY_EMOJIS[familyOf(brief.type)]
	const dateText = brief.date
		? new Intl.DateTimeFormat(bank.locale, {
				weekday: 'long',
				day: 'numeric',
				month: 'long',
				year: 'numeric',
				timeZone: brief.timeZone,
			}).format(brief.date)
		: ''
	const who = dedicationName(brief)
	const voice = voiceOf(brief)
	// How many phrases must address the reader in the register's own form (see bank.ts).
	const needed = Math.ceil(brief.count * (bank.addressedShare ?? 0))
	let addressing = 0
	const phrases: ComposedPhrase[] = []
	const seen = new Set<string>()
	const used = new Set<string>()
	for (let tries = 0; phrases.length < brief.count && tries < brief.count * 40; tries++) {
		// Free choice while the share can still be met by chance; forced once it cannot.
		const address = needed - addressing >= brief.count - phrases.length
		const { body, addressed } = composeSentences(random, bank, brief.type, topic, brief.words, {
			used,
			voice,
			address,
		})
		const key = body.toLowerCase()
		if (seen.has(key)) continue
		seen.add(key)
		if (addressed) addressing++
		const parts: string[] = []
		if (dateText) parts.push(bank.datePrefix(dateText))
		if (who) parts.push(bank.dedication(who))
		parts.push(body)
		if (brief.emojis) {
			parts.push(
				shuffle(random, emojis)
					.slice(0, randomInt(random, brief.emojis.min, brief.emojis.max))
					.join(' '),
			)
		}
		if (brief.hashtags) {
			const topicTag = brief.image && !brief.context ? '' : toHashtag(topic)
			parts.push(
				pickHashtags(
					[topicTag, ...shuffle(random, theme.tags)],
					shuffle(random, bank.tags),
					3,
				).join(' '),
			)
		}
		phrases.push({ body, text: parts.join(' ') })
	}
	return phrases
}
