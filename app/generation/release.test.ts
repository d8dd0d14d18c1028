import { describe, expect, test } from 'vitest'
import { cleanPhrases } from './clean'
import { checkBatchLanguage, checkPhraseLanguage } from './language/check'
import { StreamedAnswer, type LanguageRules } from './release'

const spanish: LanguageRules = {
	phrase: (phrase) => checkPhraseLanguage(phrase, 'es').verdict,
	batch: (phrases) => checkBatchLanguage(phrases, 'es'),
}

const answer = (count: number, language: LanguageRules | null = null, released: string[] = []) =>
	new StreamedAnswer({ count, released, language })

describe('a streamed answer releases a phrase only once its line has ended', () => {
	test('pieces that end inside a line release nothing until the newline arrives', () => {
		const streamed = answer(3)
		expect(streamed.push('El éxito es la su')).toEqual([])
		expect(streamed.push('ma de pequeños esfuerzos.')).toEqual([])
		expect(streamed.push('\nCada día')).toEqual(['El éxito es la suma de pequeños esfuerzos.'])
		expect(streamed.push(' cuenta.\r\nSonríe')).toEqual(['Cada día cuenta.'])
		// The last line has no newline: it is complete only when the answer ends.
		expect(streamed.end()).toEqual(['Sonríe'])
	})

	test('introductions, numbering, bullets, quotes and duplicates are cleaned as in a whole answer', () => {
		const pieces = [
			'¡Claro! Aquí tienes 3 frases:\n\n1. "Hoy es tu día."\n',
			'- Nunca te rindas.\n• hoy es tu DÍA\n**2.** Sigue',
			' adelante.\n3) «La constancia gana.»',
		]
		const streamed = answer(5)
		const released = [...pieces.flatMap((piece) => streamed.push(piece)), ...streamed.end()]
		expect(released).toEqual([
			'Hoy es tu día.',
			'Nunca te rindas.',
			'Sigue adelante.',
			'La constancia gana.',
		])
		// Exactly what the same answer read whole gives.
		expect(released).toEqual(cleanPhrases(pieces.join('')))
	})

	test('never more than the batch asks for, and `full` says when to stop reading', () => {
		const streamed = answer(2)
		expect(streamed.push('Uno es uno.\nDos son dos.\n')).toEqual(['Uno es uno.', 'Dos son dos.'])
		expect(streamed.full).toBe(true)
		expect(streamed.push('Tres son tres.\n')).toEqual([])
	})

	test('a phrase released by an earlier attempt is not released again', () => {
		const streamed = answer(3, null, ['Hoy es tu día.'])
		expect(streamed.push('Hoy es tu día.\nMañana también.\n')).toEqual(['Mañana también.'])
	})

	test('what it releases joins the generation only once the caller kept it', () => {
		const released = ['Uno es uno.']
		const streamed = answer(2, null, released)
		expect(streamed.push('Dos son dos.\nTres son tres.\n')).toEqual(['Dos son dos.'])
		// Storing it may still fail: the caller adds it after, never the answer itself.
		expect(released).toEqual(['Uno es uno.'])
		expect(streamed.full).toBe(true)
	})

	test('an answer of blanks is no answer', () => {
		const streamed = answer(3)
		streamed.push('  \n\n ')
		expect(streamed.end()).toEqual([])
		expect(streamed.summary()).toEqual({ answered: false, rejected: 0, mostlyForeign: false })
	})
})

describe('the language check', () => {
	test('a Spanish phrase is released at once; one in English never is', () => {
		const streamed = answer(4, spanish)
		expect(streamed.push('La vida es mejor cuando compartes tu café con amigos.\n')).toEqual([
			'La vida es mejor cuando compartes tu café con amigos.',
		])
		expect(streamed.push('Life is better when you share your coffee with friends.\n')).toEqual([])
		expect(streamed.push('Cada mañana es una nueva oportunidad para empezar.\n')).toEqual([
			'Cada mañana es una nueva oportunidad para empezar.',
		])
		expect(streamed.end()).toEqual([])
		expect(streamed.summary()).toMatchObject({ answered: true, rejected: 1, mostlyForeign: false })
	})

	test('a phrase too short to judge waits for the end, where the batch rule keeps it', () => {
		const streamed = answer(4, spanish)
		expect(streamed.push('¡Vamos!\n')).toEqual([])
		expect(streamed.push('Hoy es un buen día para empezar algo nuevo y bonito.\n')).toEqual([
			'Hoy es un buen día para empezar algo nuevo y bonito.',
		])
		expect(streamed.end()).toEqual(['¡Vamos!'])
	})

	test('a mostly foreign answer releases nothing after it turned foreign, and fails', () => {
		const streamed = answer(4, spanish)
		const released = [
			...streamed.push('Life is better when you share your coffee with friends.\n'),
			...streamed.push('Every morning is a new chance to start over again.\n'),
			...streamed.push('Cada mañana es una nueva oportunidad para empezar.\n'),
			...streamed.end(),
		]
		expect(released).toEqual([])
		expect(streamed.summary()).toMatchObject({ mostlyForeign: true })
	})
})
