import { describe, expect, test } from 'vitest'
import { createBrief } from './brief'
import { type Page } from '~/generator/pages'
import {
	buildConfiguredInstruction,
	buildInstruction,
	buildSimplifiedInstruction,
	formatSpanishDate,
	languageReminder,
	phraseNoun,
} from './prompt'
import { type GenerationRequest } from './types'

const now = new Date('2026-11-21T12:00:00Z')

function brief(page: Page, overrides: Partial<GenerationRequest> = {}) {
	const request: GenerationRequest = {
		prompt: 'empezar la semana',
		count: 4,
		language: 'español es',
		type: 'motivacionales',
		length: 25,
		includeEmojis: false,
		includeHashtags: false,
		includeDate: false,
		...overrides,
	}
	return createBrief(page, request, { now, timeZone: 'Europe/Madrid' })
}

function instruction(page: Page, overrides: Partial<GenerationRequest> = {}) {
	return buildInstruction(brief(page, overrides))
}

describe('the Spanish date', () => {
	test.each([
		['2026-11-21T12:00:00Z', 'sábado, 21 de noviembre de 2026'],
		['2026-01-01T00:30:00Z', 'jueves, 1 de enero de 2026'],
		// 23:30 UTC on 31 December is already 1 January in Madrid.
		['2025-12-31T23:30:00Z', 'jueves, 1 de enero de 2026'],
	])('%s → %s', (iso, expected) => {
		expect(formatSpanishDate(new Date(iso), 'Europe/Madrid')).toBe(expected)
	})
})

describe('instruction text', () => {
	test.each(['home', 'instagram', 'facebook'] as const)(
		'the rules every page asks for: %s',
		(page) => {
			const text = instruction(page, { count: 6 })
			expect(text).toContain('exactamente 6 frases motivacionales distintas')
			expect(text).toContain('sobre el siguiente tema: "empezar la semana"')
			expect(text).toContain('una sola frase por línea')
			expect(text).toContain('No incluyas ninguna introducción')
			expect(text).toContain('No numeres las frases ni uses viñetas')
			expect(text).toContain('Escribe todas las frases en español (es).')
			expect(text).toContain('entre 20 y 30 palabras')
			expect(text).toContain('No incluyas emojis.')
			expect(text).toContain('No incluyas hashtags.')
			expect(text).not.toContain('fecha')
		},
	)

	test.each([
		['home', 'entre 1 y 2 emojis'],
		['instagram', 'entre 2 y 3 emojis'],
		['facebook', 'entre 1 y 3 emojis'],
	] as const)('emoji wording on %s: %s', (page, wording) => {
		expect(instruction(page, { includeEmojis: true })).toContain(
			`Incluye ${wording} relevantes en cada frase.`,
		)
	})

	test('exactly 3 hashtags', () => {
		expect(instruction('home', { includeHashtags: true })).toContain(
			'Incluye exactamente 3 hashtags relevantes al final de cada frase.',
		)
	})

	test('the current date worded in Spanish', () => {
		expect(instruction('home', { includeDate: true })).toContain(
			'Menciona de forma natural la fecha de hoy, sábado, 21 de noviembre de 2026, en cada frase.',
		)
	})

	test.each([
		['español es', 'español (es)'],
		['inglés en', 'inglés (en)'],
		['portugués pt', 'portugués (pt)'],
		['francés fr', 'francés (fr)'],
		['italiano it', 'italiano (it)'],
	])('language %s', (language, words) => {
		expect(instruction('home', { language })).toContain(`Escribe todas las frases en ${words}.`)
	})

	test.each([
		['', 'frases'],
		['motivacionales', 'frases motivacionales'],
		['amor', 'frases de amor'],
		['cumpleaños', 'frases de cumpleaños'],
		['instagram', 'frases para Instagram'],
		['facebook', 'frases para Facebook'],
		['humor', 'frases de humor'],
		['familia', 'frases sobre la familia'],
	])('type %s reads %s', (type, noun) => {
		expect(phraseNoun(type)).toBe(noun)
	})

	test('length presets and the default range', () => {
		expect(instruction('home', { length: 'corta' })).toContain('entre 5 y 10 palabras')
		expect(instruction('home', { length: 'muy larga' })).toContain('entre 41 y 70 palabras')
		expect(instruction('home', { length: '' })).toContain('entre 25 y 35 palabras')
	})

	test('image-based on Instagram and Facebook, with the optional context', () => {
		const text = instruction('facebook', {
			mode: 'image',
			prompt: '',
			context: 'mi perro en la playa',
			image: { mimeType: 'image/png', data: Buffer.from('x') },
		})
		expect(text).toContain(
			'Observa la imagen adjunta y genera exactamente 4 frases motivacionales distintas basadas en lo que muestra la imagen.',
		)
		expect(text).toContain('contexto adicional: "mi perro en la playa"')
		expect(text).not.toContain('siguiente tema')
	})

	test('page purpose', () => {
		expect(instruction('instagram')).toContain('publicaciones de Instagram')
		expect(instruction('facebook')).toContain('publicaciones de Facebook')
	})

	test('personalisation for love phrases', () => {
		expect(instruction('home', { type: 'amor', prompt: 'frases para mi novia Lucía' })).toContain(
			'Personaliza las frases para mi novia Lucía',
		)
		expect(instruction('home', { type: 'motivacionales', prompt: 'para mi jefe' })).not.toContain(
			'Personaliza',
		)
	})

	test('the simplified prompt leaves the visitor’s words out', () => {
		const brief = createBrief(
			'home',
			{
				prompt: 'algo que el modelo rechaza',
				count: 3,
				language: 'inglés en',
				type: 'divertidas',
				length: 'corta',
				includeEmojis: true,
				includeHashtags: true,
				includeDate: false,
			},
			{ now, timeZone: 'Europe/Madrid' },
		)
		const text = buildSimplifiedInstruction(brief)
		expect(text).not.toContain('algo que el modelo rechaza')
		expect(text).toContain('exactamente 3 frases divertidas distintas, positivas y respetuosas')
		expect(text).toContain('inglés (en)')
		expect(text).toContain('exactamente 3 hashtags')
	})
})

describe('Spanish variants and register', () => {
	const variants = [
		['latam', 'español latinoamericano neutro', 'celular', 'tú'],
		['es', 'español de España (castellano peninsular)', 'móvil', 'tú'],
		['mx', 'español de México', 'chido', 'tú'],
		['ar', 'español de Argentina (rioplatense)', 'laburo', 'vos'],
		['co', 'español de Colombia', 'chévere', 'tú'],
		['cl', 'español de Chile', 'bacán', 'tú'],
		['us', 'español de Estados Unidos', 'mensaje de texto', 'tú'],
	] as const

	test.each(variants)(
		'%s, cercano: the country, its vocabulary and the close pronoun',
		(variant, name, word, pronoun) => {
			const text = instruction('home', { variant, register: 'cercano' })
			expect(text).toContain('Escribe todas las frases en español (es).')
			expect(text).toContain(`Escribe en ${name}, para `)
			expect(text).toMatch(
				new RegExp(`Usa el vocabulario habitual allí \\(por ejemplo: [^)]*${word}`),
			)
			expect(text).toContain(`Trata al lector de ${pronoun} (`)
			expect(text).not.toContain('Trata al lector de usted')
		},
	)

	test.each(variants)('%s, formal: usted with its verb forms, ustedes for several', (variant) => {
		const text = instruction('instagram', { variant, register: 'formal' })
		expect(text).toContain('Trata al lector de usted, con sus formas verbales: «usted tiene»')
		expect(text).toContain('Para dirigirte a varias personas usa ustedes')
		expect(text).not.toMatch(/Trata al lector de (tú|vos)/)
	})

	test('Argentina: voseo with its verb forms and imperatives, never tú', () => {
		const text = instruction('facebook', { variant: 'ar', register: 'cercano' })
		expect(text).toContain('«vos tenés»')
		expect(text).toContain('«animate»')
		expect(text).toContain('Nunca uses «tú»')
	})

	test('Spain: vosotros for several readers when close; euros after the number', () => {
		expect(instruction('home', { variant: 'es', register: 'cercano' })).toContain(
			'usa vosotros («os esperamos»',
		)
		expect(instruction('home', { variant: 'es' })).toContain('(20 €)')
		expect(instruction('home', { variant: 'mx' })).toContain('nunca vosotros')
	})

	test('Chile: close is written tuteo, not verbal voseo', () => {
		expect(instruction('home', { variant: 'cl' })).toContain(
			'sin las formas verbales del voseo chileno',
		)
		expect(instruction('home', { variant: 'cl', register: 'formal' })).not.toContain(
			'voseo chileno',
		)
	})

	test('no choice: neutral Latin American Spanish, close', () => {
		const text = instruction('home')
		expect(text).toContain('Escribe en español latinoamericano neutro')
		expect(text).toContain('Trata al lector de tú')
	})

	test('other languages get no variant or register', () => {
		const text = instruction('home', { language: 'inglés en', variant: 'ar', register: 'formal' })
		expect(text).not.toContain('Trata al lector')
		expect(text).not.toContain('Argentina')
	})

	test('the image mode and the simplified instruction say it too', () => {
		expect(
			instruction('instagram', {
				mode: 'image',
				prompt: '',
				image: { mimeType: 'image/png', data: Buffer.from('x') },
				variant: 'ar',
			}),
		).toContain('español de Argentina')
		const simplified = brief('home', { count: 3, variant: 'mx', register: 'formal' })
		const text = buildSimplifiedInstruction(simplified)
		expect(text).toContain('español de México')
		expect(text).toContain('Trata al lector de usted')
	})

	test('the reminder after an answer in another language names the language and the variant', () => {
		const argentine = brief('home', { prompt: 'Black Friday', variant: 'ar' })
		expect(languageReminder(argentine)).toContain(
			'tu respuesta anterior no estaba en español. Escribe absolutamente todas las frases en español de Argentina (rioplatense) (es)',
		)
		expect(languageReminder(brief('home', { language: 'inglés en' }))).toContain(
			'todas las frases en inglés (en)',
		)
	})
})

describe('the admin’s template', () => {
	const colombian = brief('instagram', {
		prompt: 'mi cafetería',
		variant: 'co',
		register: 'formal',
		type: 'instagram',
	})

	test('with "Incluir instrucciones del sistema": the variant and register follow the template', () => {
		const text = buildConfiguredInstruction(colombian, {
			template: { text: 'Escribe captions para {{prompt}}', includeSystemPrompt: true },
		})
		expect(text.startsWith('Escribe captions para mi cafetería')).toBe(true)
		expect(text).toContain('español de Colombia')
		expect(text).toContain('Trata al lector de usted')
	})

	test('without it the template stands alone', () => {
		const text = buildConfiguredInstruction(colombian, {
			template: { text: 'Escribe captions para {{prompt}}', includeSystemPrompt: false },
		})
		expect(text).toBe('Escribe captions para mi cafetería')
	})
})
