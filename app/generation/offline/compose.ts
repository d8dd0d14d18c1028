/**
 * The offline engine's composer: turns a brief into distinct phrases from the template
 * bank, fitting the word range with filler clauses. Pure given its random source.
 */
import { type GenerationBrief } from '../brief'
import { pickHashtags, toHashtag } from '../hashtags'
import { type LanguageCode } from '../options'
import { FAMILY_EMOJIS, familyOf, type LanguageBank, type Theme, type ThemedType } from './bank'
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

function fill(template: string, topic: string, kw: string): string {
	return template
		.replaceAll('{Topic}', capitalize(topic))
		.replaceAll('{topic}', topic)
		.replaceAll('{Kw}', capitalize(kw))
		.replaceAll('{kw}', kw)
}

/** Inserts ', clause' before a sentence's final punctuation. */
function appendClause(sentence: string, clause: string): string {
	const match = /\s*[.!?…]+$/u.exec(sentence)
	if (!match) return `${sentence}, ${clause}`
	return `${sentence.slice(0, match.index)}, ${clause}${match[0]}`
}

/** One phrase body of `min`–`max` words (emojis, hashtags and date not included). */
export function composeBody(
	random: Random,
	bank: LanguageBank,
	type: string,
	topic: string,
	range: { min: number; max: number },
	/** Templates already used in this batch: tried last, so phrases do not open alike. */
	used: Set<string> = new Set(),
): string {
	const templates = bank.templates[familyOf(type)]
	const kws = themeFor(bank, type).kw
	const target = randomInt(random, range.min, range.max)
	const shuffled = shuffle(random, templates)
	const order = [...shuffled.filter((t) => !used.has(t)), ...shuffled.filter((t) => used.has(t))]
	const sentences: string[] = []
	let words = 0
	// The opening sentence names the topic when it fits.
	const withTopic = order.filter((template) => /\{topic\}/i.test(template))
	const openers = [...withTopic, ...order.filter((t) => !withTopic.includes(t))]
	const candidates = openers.map((t) => fill(t, topic, pick(random, kws)))
	const firstIndex = candidates.findIndex((sentence) => countWords(sentence) <= range.max)
	const first = candidates[firstIndex]
	if (first) used.add(openers[firstIndex]!)
	if (!first) {
		// Even the shortest template is too long for this range: cut it at the limit.
		const shortest = candidates.sort((a, b) => countWords(a) - countWords(b))[0]!
		return `${shortest
			.split(/\s+/)
			.slice(0, range.max)
			.join(' ')
			.replace(/[,;:]$/, '')}.`
	}
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
		const sentence = fill(template, topic, pick(random, kws))
		if (sentences.includes(sentence)) continue
		const size = countWords(sentence)
		if (words + size <= target || (words + size <= range.max && target - words > size / 2)) {
			sentences.push(sentence)
			used.add(template)
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
		const size = countWords(filler)
		if (words + size > range.max) continue
		const index = next++ % sentences.length
		sentences[index] = appendClause(sentences[index]!, filler)
		used.add(filler)
		words += size
	}
	return sentences.join(' ')
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
	const phrases: ComposedPhrase[] = []
	const seen = new Set<string>()
	const used = new Set<string>()
	for (let tries = 0; phrases.length < brief.count && tries < brief.count * 40; tries++) {
		const body = composeBody(random, bank, brief.type, topic, brief.words, used)
		const key = body.toLowerCase()
		if (seen.has(key)) continue
		seen.add(key)
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
