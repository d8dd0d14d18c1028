import { describe, expect, test } from 'vitest'
import { createBrief } from '../brief'
import { wordRange } from '../length'
import { GENERATOR_PAGES, PAGES, type Page } from '~/generator/pages'
import { LANGUAGES, type LanguageCode } from '../options'
import { type GenerationRequest } from '../types'
import { FAMILIES, FAMILY_EMOJIS, familyOf, TYPE_FAMILY } from './bank'
import { BANKS, composeBody, composePhrases, countWords, seededRandom } from './compose'

const now = new Date('2026-11-21T12:00:00Z')

function brief(page: Page, overrides: Partial<GenerationRequest> = {}) {
	return createBrief(
		page,
		{
			prompt: 'el lunes',
			count: 6,
			language: 'español es',
			type: '',
			length: 25,
			includeEmojis: false,
			includeHashtags: false,
			includeDate: false,
			...overrides,
		},
		{ now, timeZone: 'Europe/Madrid' },
	)
}

const pageTypes = PAGES.flatMap((page) =>
	GENERATOR_PAGES[page].phraseTypes.map((type) => [page, type] as const),
)

/** Words of each bank, to tell the languages apart. */
const vocabulary = Object.fromEntries(
	Object.entries(BANKS).map(([code, bank]) => [
		code,
		new Set(
			[...Object.values(bank.templates).flat(), ...bank.fillers]
				.join(' ')
				.toLowerCase()
				.split(/[^\p{L}’']+/u)
				.filter((word) => word.length > 3),
		),
	]),
) as Record<LanguageCode, Set<string>>

function languageScore(text: string, code: LanguageCode) {
	const words = text
		.toLowerCase()
		.split(/[^\p{L}’']+/u)
		.filter((word) => word.length > 3)
	return words.filter((word) => vocabulary[code].has(word)).length / Math.max(1, words.length)
}

describe('the phrase bank', () => {
	test('every phrase type of every page has a family and, in every language, a theme', () => {
		for (const [, type] of pageTypes) {
			expect(Object.keys(TYPE_FAMILY)).toContain(type)
			for (const bank of Object.values(BANKS)) {
				expect(bank.themes[type as keyof typeof bank.themes].kw.length).toBeGreaterThan(0)
				expect(bank.themes[type as keyof typeof bank.themes].tags.length).toBeGreaterThanOrEqual(2)
			}
		}
	})

	test('every family has templates in every language, some with the topic', () => {
		for (const bank of Object.values(BANKS)) {
			for (const family of FAMILIES) {
				const templates = bank.templates[family]
				expect(templates.length).toBeGreaterThanOrEqual(10)
				expect(
					templates.some(
						(template) => template.includes('{topic}') || template.includes('{Topic}'),
					),
				).toBe(true)
				for (const template of templates) expect(template).toMatch(/[.!?]$/)
			}
			expect(bank.fillers.some((filler) => countWords(filler) === 1)).toBe(true)
		}
	})
})

describe('composeBody fits the word range', () => {
	const ranges = ['corta', 'media', 'larga', 'muy larga', 5, 10, 25, 60, 100] as const
	test.each(LANGUAGES.map((language) => language.code))('%s, every family and range', (code) => {
		const random = seededRandom(7)
		for (const family of FAMILIES) {
			const type = Object.entries(TYPE_FAMILY).find(([, f]) => f === family)![0]
			for (const length of ranges) {
				const range = wordRange(length)
				for (const topic of ['lunes', 'el primer día de clase']) {
					const body = composeBody(random, BANKS[code], type, topic, range)
					const words = countWords(body)
					expect(words, `${code} ${family} ${length}: ${body}`).toBeGreaterThanOrEqual(range.min)
					expect(words, `${code} ${family} ${length}: ${body}`).toBeLessThanOrEqual(range.max)
				}
			}
		}
	})
})

describe('the offline engine', () => {
	test.each(pageTypes)('%s / %s: count, distinct, on theme, in every language', (page, type) => {
		for (const language of LANGUAGES) {
			const b = brief(page, { type, language: language.value, count: 12, includeHashtags: true })
			const phrases = composePhrases(b, seededRandom(1))
			expect(phrases).toHaveLength(12)
			expect(new Set(phrases.map((p) => p.text.toLowerCase())).size).toBe(12)
			const bank = BANKS[language.code]
			const theme = bank.themes[type as keyof typeof bank.themes]
			// On theme: the type's hashtags and, somewhere in the batch, its key phrases.
			for (const phrase of phrases) {
				expect(
					theme.tags.some((tag) => phrase.text.includes(`#${tag}`)),
					phrase.text,
				).toBe(true)
			}
			const all = phrases.map((p) => p.body.toLowerCase()).join(' ')
			expect(
				theme.kw.some((kw) => all.includes(kw.toLowerCase())),
				`${type} ${language.code}`,
			).toBe(true)
			// In the asked language.
			for (const phrase of phrases) {
				const own = languageScore(phrase.body, language.code)
				for (const other of LANGUAGES) {
					if (other.code !== language.code) {
						expect(own, phrase.body).toBeGreaterThan(languageScore(phrase.body, other.code))
					}
				}
			}
		}
	})

	test('the topic is used', () => {
		const phrases = composePhrases(
			brief('home', { prompt: 'frases sobre el café de la mañana', count: 10 }),
			seededRandom(3),
		)
		expect(
			phrases.filter((p) => p.body.toLowerCase().includes('el café de la mañana')).length,
		).toBeGreaterThan(3)
	})

	test.each([
		['home', 1, 2],
		['instagram', 2, 3],
		['facebook', 1, 3],
	] as const)('emojis on %s: %i–%i fitting the type', (page, min, max) => {
		const type = page === 'home' ? 'amor' : page === 'instagram' ? 'comida' : 'humor'
		for (const phrase of composePhrases(
			brief(page, { type, count: 12, includeEmojis: true }),
			seededRandom(5),
		)) {
			const emojis = phrase.text.slice(phrase.body.length).trim().split(/\s+/)
			expect(emojis.length).toBeGreaterThanOrEqual(min)
			expect(emojis.length).toBeLessThanOrEqual(max)
			for (const emoji of emojis) expect(FAMILY_EMOJIS[familyOf(type)]).toContain(emoji)
		}
	})

	test('exactly 3 distinct hashtags, one from the topic', () => {
		for (const phrase of composePhrases(
			brief('home', { prompt: 'la playa en verano', type: 'viajes', includeHashtags: true }),
			seededRandom(9),
		)) {
			const tags = phrase.text.match(/#[\p{L}\p{N}_]+/gu) ?? []
			expect(tags).toHaveLength(3)
			expect(new Set(tags.map((tag) => tag.toLowerCase())).size).toBe(3)
			expect(tags).toContain('#PlayaVerano')
		}
	})

	test.each([
		['español es', 'Hoy, sábado, 21 de noviembre de 2026:'],
		['inglés en', 'Today, Saturday, 21 November 2026:'],
		['portugués pt', 'Hoje, sábado, 21 de novembro de 2026:'],
		['francés fr', 'Aujourd’hui, samedi 21 novembre 2026 :'],
		['italiano it', 'Oggi, sabato 21 novembre 2026:'],
	])('the date in %s', (language, prefix) => {
		for (const phrase of composePhrases(
			brief('home', { language, includeDate: true }),
			seededRandom(2),
		)) {
			expect(phrase.text.startsWith(prefix), phrase.text).toBe(true)
		}
	})

	test('no options: just the phrase', () => {
		for (const phrase of composePhrases(brief('home'), seededRandom(4))) {
			expect(phrase.text).toBe(phrase.body)
			expect(phrase.text).not.toMatch(/#/)
		}
	})

	test('love phrases are personalised', () => {
		const es = composePhrases(
			brief('home', { type: 'amor', prompt: 'frases para mi novia Lucía' }),
			seededRandom(6),
		)
		for (const phrase of es) expect(phrase.text.startsWith('Para mi novia Lucía:')).toBe(true)
		const en = composePhrases(
			brief('home', { type: 'amor', prompt: 'para mi novia Lucía', language: 'inglés en' }),
			seededRandom(6),
		)
		for (const phrase of en) expect(phrase.text.startsWith('For Lucía:')).toBe(true)
	})

	test('image mode without context talks about the image', () => {
		const phrases = composePhrases(
			brief('facebook', { mode: 'image', prompt: '', type: 'facebook', count: 9 }),
			seededRandom(8),
		)
		expect(phrases).toHaveLength(9)
		expect(phrases.some((p) => p.body.toLowerCase().includes('esta imagen'))).toBe(true)
	})

	test('seeded runs repeat, unseeded runs vary', () => {
		const b = brief('home', { type: 'motivacionales' })
		expect(composePhrases(b, seededRandom(11))).toEqual(composePhrases(b, seededRandom(11)))
		expect(composePhrases(b, seededRandom(11))).not.toEqual(composePhrases(b, seededRandom(12)))
	})
})

describe('variety within a batch', () => {
	test.each(LANGUAGES.map((language) => language.value))(
		'%s: the phrases of a batch do not open with the same sentence',
		(language) => {
			for (let seed = 1; seed <= 20; seed++) {
				const phrases = composePhrases(
					brief('home', { prompt: 'el café de los lunes', count: 4, language }),
					seededRandom(seed),
				)
				const openings = phrases.map((phrase) => phrase.body.split(/(?<=[.!?…])\s/u)[0])
				expect(new Set(openings).size, `seed ${seed}: ${openings.join(' | ')}`).toBe(4)
			}
		},
	)
})
