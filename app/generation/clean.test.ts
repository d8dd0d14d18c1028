import { describe, expect, test } from 'vitest'
import { cleanPhrases, isIntroLine, mergeDistinct, stripMarkers } from './clean'

describe('introduction lines in the five languages', () => {
	test.each([
		'Aquí están 5 frases motivacionales:',
		'Aquí tienes algunas frases',
		'aqui tienes tus frases',
		'Estas son las frases que pediste',
		'Las siguientes frases son para ti',
		'Te presento 4 frases',
		'Frases motivacionales para el lunes',
		'frases:',
		'5 frases sobre el amor',
		'¡Claro! Aquí tienes 4 frases:',
		'**Frases de amor:**',
		'## Frases inspiradoras',
		'Here are 4 motivational quotes:',
		"Here's a list of phrases",
		'These are your captions',
		'The following phrases are about love',
		'Sure! Here you go:',
		'4 phrases about Monday',
		'Aqui estão 4 frases motivacionais:',
		'Estas são as frases',
		'As seguintes frases',
		'Voici 4 phrases inspirantes :',
		'Voici les phrases demandées',
		'Les phrases suivantes parlent d’amour',
		'Ecco 4 frasi motivazionali:',
		'Ecco le frasi',
		'Queste sono le tue frasi',
		'Le seguenti frasi',
		'4 frasi sull’amore',
		'Para tu novia:',
	])('%s', (line) => {
		expect(isIntroLine(line)).toBe(true)
	})

	test.each([
		'La vida es bella cuando sonríes.',
		'Claro que puedes lograrlo, cree en ti.',
		'Here we go again, Monday!',
		'Following your dreams takes courage.',
		'Ecco perché ti amo ogni giorno.',
		'Voilà pourquoi je t’aime.',
		'Frasea',
		'Estar contigo es mi lugar favorito.',
		'3 razones para sonreír hoy: tú, yo y el café.',
	])('keeps %s', (line) => {
		expect(isIntroLine(line)).toBe(false)
	})
})

describe('list markers and quotes', () => {
	test.each([
		['1. Cree en ti.', 'Cree en ti.'],
		['1) Cree en ti.', 'Cree en ti.'],
		['(1) Cree en ti.', 'Cree en ti.'],
		['10. Cree en ti.', 'Cree en ti.'],
		['#1 Cree en ti.', 'Cree en ti.'],
		['1 - Cree en ti.', 'Cree en ti.'],
		['- Cree en ti.', 'Cree en ti.'],
		['* Cree en ti.', 'Cree en ti.'],
		['• Cree en ti.', 'Cree en ti.'],
		['– Cree en ti.', 'Cree en ti.'],
		['— Cree en ti.', 'Cree en ti.'],
		['**1.** Cree en ti.', 'Cree en ti.'],
		['1.Cree en ti.', 'Cree en ti.'],
		['"Cree en ti."', 'Cree en ti.'],
		['“Cree en ti.”', 'Cree en ti.'],
		['«Cree en ti.»', 'Cree en ti.'],
		['1. "Cree en ti." 💪 #Motivación #Lunes #Fe', 'Cree en ti. 💪 #Motivación #Lunes #Fe'],
		['**Cree en ti.**', 'Cree en ti.'],
		['#Lunes con energía', '#Lunes con energía'],
		['3.000 razones para sonreír', '3.000 razones para sonreír'],
		['2026 será tu año', '2026 será tu año'],
		['"Yo" no es la palabra; "nosotros" sí.', '"Yo" no es la palabra; "nosotros" sí.'],
	])('%s → %s', (line, expected) => {
		expect(stripMarkers(line)).toBe(expected)
	})
})

describe('cleanPhrases', () => {
	const messy = [
		'¡Claro! Aquí tienes 4 frases motivacionales:',
		'',
		'1. "Cada día es una nueva oportunidad."',
		'2. La constancia vence al talento.',
		'   ',
		'- Sonríe, lo mejor está por llegar.',
		'* Cada día es una nueva oportunidad.',
		'• Tu esfuerzo de hoy es tu orgullo de mañana.',
		'— Sigue adelante.',
		'',
	].join('\r\n')

	test('drops the introduction, markers, blank lines and duplicates', () => {
		expect(cleanPhrases(messy)).toEqual([
			'Cada día es una nueva oportunidad.',
			'La constancia vence al talento.',
			'Sonríe, lo mejor está por llegar.',
			'Tu esfuerzo de hoy es tu orgullo de mañana.',
			'Sigue adelante.',
		])
	})

	test('cuts to count', () => {
		expect(cleanPhrases(messy, 3)).toHaveLength(3)
		expect(cleanPhrases(messy, 0)).toEqual([])
	})

	test.each([
		['en', 'Here are 2 quotes:\n1. Keep going.\n2. Believe in yourself.'],
		['pt', 'Aqui estão 2 frases:\n1. Continua.\n2. Acredita em ti.'],
		['fr', 'Voici 2 phrases :\n1. Continue.\n2. Crois en toi.'],
		['it', 'Ecco 2 frasi:\n1. Vai avanti.\n2. Credi in te.'],
		['es', 'Estas son 2 frases:\n1. Sigue.\n2. Cree en ti.'],
	])('intro and numbering in %s', (_language, text) => {
		expect(cleanPhrases(text)).toHaveLength(2)
	})

	test('mergeDistinct adds only new phrases', () => {
		expect(mergeDistinct(['Hola mundo.'], ['hola mundo', 'Adiós.'])).toEqual([
			'Hola mundo.',
			'Adiós.',
		])
	})
})
