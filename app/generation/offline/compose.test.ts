import { describe, expect, test } from 'vitest'
import { createBrief } from '../brief'
import { wordRange } from '../length'
import { GENERATOR_PAGES, PAGES, type Page } from '~/generator/pages'
import { LANGUAGES, type LanguageCode } from '../options'
import { type GenerationRequest } from '../types'
import { FAMILIES, FAMILY_EMOJIS, familyOf, TYPE_FAMILY } from './bank'
import {
	addressesReader,
	BANKS,
	composeBody,
	composePhrases,
	countWords,
	seededRandom,
	speak,
	voiceOf,
} from './compose'

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

describe('Spanish variants and register', () => {
	/** Verb forms and pronouns only voseo uses (an independent list, not the bank's data). */
	const VOSEO =
		/(?<!\p{L})(vos|sos|tenés|podés|valés|esperás|imaginás|soñás|sembrás|creés|creé|seguí|recordá|invertí|buscás|apostá|ponés|dejás|creá|animate|imaginá|agradecé|sentís|frená|respirá|mirá|escuchate|quedate|admitilo|reíte|sonreí|escuchá|aprendé|tené|preguntá|experimentá|apagá|pensá|abrazá|llamá|extrañás|celebrá|disfrutá|merecés|armá|andá|coleccioná|probá|contás|servite|cuidá|cuidás|sudá|movete|guardá|viví|aprendé)(?!\p{L})/iu
	/** Forms of tú or vos, which a formal phrase never uses. */
	const CLOSE =
		/(?<!\p{L})(tú|ti|te|tu|tus|vos|contigo|eres|sos|tienes|tenés|puedes|podés|sientes|sentís|quédate|quedate|sigue|seguí)(?!\p{L})/iu
	/** Pronouns and verb forms of usted (with CLOSE never matching, they can only be usted). */
	const USTED =
		/(?<!\p{L})(usted|su|sus|le|sueña|siembra|cree|siga|crea|apueste|pone|deja|imagine|agradezca|siente|deténgase|escúchese|está|ríase|admítalo|escuche|aprenda|tenga|deje|pregunte|apague|piense|abrace|llame|extraña|celebre|disfrute|merece|respire|prepare|vaya|coleccione|pruebe|cuenta|sírvase|puede|cuide|sude|sonría|muévase|guarde|viva|busca|buscaba|invierta|pregunte|experimente|quédese|imagina|vale|espera|cuidarse)(?!\p{L})/iu
	const ranges = ['corta', 'media', 25, 'larga'] as const
	const families = FAMILIES.map(
		(family) => Object.entries(TYPE_FAMILY).find(([, f]) => f === family)![0],
	)

	function batches(variant: string, register: string) {
		return families.flatMap((type) =>
			ranges.flatMap((length) =>
				[3, 4, 6, 10].flatMap((count) =>
					[1, 2, 3].map((seed) =>
						composePhrases(
							brief('home', { type, length, count, variant, register, prompt: 'el lunes' }),
							seededRandom(seed * 31 + count),
						).map((phrase) => phrase.body),
					),
				),
			),
		)
	}

	test('Argentina, cercano: at least a third of every batch uses a voseo form', () => {
		for (const batch of batches('ar', 'cercano')) {
			const voseo = batch.filter((body) => VOSEO.test(body))
			expect(voseo.length, batch.join('\n')).toBeGreaterThanOrEqual(Math.ceil(batch.length / 3))
		}
	})

	test('formal: usted throughout, never tú or vos, in every variant', () => {
		for (const variant of ['ar', 'es', 'mx']) {
			for (const batch of batches(variant, 'formal')) {
				for (const body of batch) expect(body).not.toMatch(CLOSE)
				const usted = batch.filter((body) => USTED.test(body))
				expect(usted.length, batch.join('\n')).toBeGreaterThanOrEqual(Math.ceil(batch.length / 3))
			}
		}
	})

	test('tú everywhere else: no voseo', () => {
		for (const variant of ['latam', 'es', 'mx', 'co', 'cl', 'us']) {
			for (const batch of batches(variant, 'cercano').slice(0, 40)) {
				for (const body of batch) expect(body).not.toMatch(VOSEO)
			}
		}
	})

	test.each([
		['es', 'cercano', 'móvil', 'coche', 'zumo', 'ordenador', 'curro'],
		['mx', 'cercano', 'celular', 'carro', 'jugo', 'computadora', 'chamba'],
		['ar', 'cercano', 'celular', 'auto', 'jugo', 'computadora', 'laburo'],
		['co', 'cercano', 'celular', 'carro', 'jugo', 'computador', 'trabajo'],
		['cl', 'cercano', 'celular', 'auto', 'jugo', 'computador', 'pega'],
		['us', 'cercano', 'celular', 'carro', 'jugo', 'computadora', 'trabajo'],
		['latam', 'cercano', 'celular', 'auto', 'jugo', 'computadora', 'trabajo'],
		['ar', 'formal', 'celular', 'auto', 'jugo', 'computadora', 'trabajo'],
	])('%s, %s: the everyday words of the country', (variant, register, ...words) => {
		const voice = voiceOf(brief('home', { variant, register }))
		expect(speak('<movil>, <coche>, <zumo>, <ordenador>, <trabajo>', voice, BANKS.es)).toBe(
			words.join(', '),
		)
	})

	test('Spain and Latin America never get each other’s words in a batch', () => {
		const text = (variant: string) => batches(variant, 'cercano').flat().join(' ').toLowerCase()
		const spain = text('es')
		const latam = text('latam')
		for (const word of ['celular', 'computadora', 'carro', 'jugo']) {
			expect(spain).not.toMatch(new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'u'))
		}
		for (const word of ['móvil', 'ordenador', 'coche', 'zumo', 'curro', 'a por todas']) {
			expect(latam).not.toMatch(new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'u'))
		}
		expect(spain).toMatch(/(?<!\p{L})(móvil|coche|zumo|ordenador|curro|finde)(?!\p{L})/u)
	})

	test('what the visitor typed is never read as bank markup', () => {
		const phrases = composePhrases(
			brief('home', { prompt: 'mi tienda [a|b|c] <movil>', variant: 'es', count: 6 }),
			seededRandom(1),
		)
		expect(phrases.some((phrase) => phrase.body.includes('[a|b|c] <movil>'))).toBe(true)
	})

	test('other languages ignore the variant', () => {
		const english = composePhrases(
			brief('home', { language: 'inglés en', variant: 'ar', register: 'formal' }),
			seededRandom(4),
		)
		expect(english).toEqual(
			composePhrases(brief('home', { language: 'inglés en' }), seededRandom(4)),
		)
	})
})

describe('the bank’s markup', () => {
	test('every slot has three forms and every regional word is known', () => {
		const bank = BANKS.es
		const texts = [
			...Object.values(bank.templates).flat(),
			...bank.fillers,
			...Object.values(bank.themes).flatMap((theme) => theme.kw),
		]
		for (const text of texts) {
			for (const slot of text.match(/\[[^\]]*\]/g) ?? []) {
				expect(slot.split('|'), text).toHaveLength(3)
			}
			for (const [, key] of text.matchAll(/<(\w+)>/g)) {
				expect(Object.keys(bank.regionalWords ?? {}), text).toContain(key)
			}
		}
	})

	test('every family can open a short phrase addressing the reader, for each address', () => {
		for (const variant of ['ar', 'latam']) {
			for (const register of ['cercano', 'formal']) {
				const voice = voiceOf(brief('home', { variant, register }))
				for (const family of FAMILIES) {
					const short = BANKS.es.templates[family].filter(
						(template) =>
							addressesReader(template, voice) &&
							!/\{topic\}/i.test(template) &&
							countWords(speak(template, voice, BANKS.es).replace(/\{kw\}/gi, 'la vida')) <= 6,
					)
					expect(short.length, `${family} ${variant} ${register}`).toBeGreaterThan(0)
				}
			}
		}
	})
})
