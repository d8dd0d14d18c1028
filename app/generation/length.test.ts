import { describe, expect, test } from 'vitest'
import { lengthText, wordRange } from './length'

describe('wordRange', () => {
	test.each([
		['corta', 5, 10],
		['media', 11, 20],
		['larga', 21, 40],
		['muy larga', 41, 70],
		['Muy larga', 41, 70],
		['frases cortas', 5, 10],
		['25 palabras', 20, 30],
		[25, 20, 30],
		['10 palabras', 8, 12],
		['5 palabras', 5, 6],
		['6 palabras', 5, 8],
		[100, 80, 120],
		['unas 50 palabras', 40, 60],
		['', 25, 35],
		['normal', 25, 35],
		[undefined, 25, 35],
		['0 palabras', 25, 35],
	] as const)('%s → %i–%i', (length, min, max) => {
		expect(wordRange(length)).toEqual({ min, max })
	})

	test('the slider value reads as the request text', () => {
		expect(lengthText(25)).toBe('25 palabras')
		expect(lengthText('corta')).toBe('corta')
	})
})
