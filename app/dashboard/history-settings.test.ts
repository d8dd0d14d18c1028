import { expect, test } from 'vitest'
import { describeSettings } from './history-settings'

test('the settings a phrase came from read as short Spanish labels', () => {
	expect(
		describeSettings(
			JSON.stringify({
				mode: 'image',
				language: 'español es',
				type: 'motivacionales',
				count: 3,
				length: 25,
				platform: 'instagram',
				includeEmojis: true,
				includeHashtags: false,
				includeDate: true,
			}),
		),
	).toEqual([
		'Tipo: Motivacionales',
		'Idioma: Español',
		'Unas 25 palabras',
		'Para Instagram',
		'A partir de una imagen',
		'Con emojis',
		'Con fecha',
	])
	expect(
		describeSettings(
			JSON.stringify({ language: 'español es', variant: 'ar', register: 'formal', x: 1 }),
		),
	).toEqual(['Idioma: Español', 'Variante: Argentina (voseo)', 'Trato: formal'])
	expect(describeSettings(JSON.stringify({ variant: 'zz', register: '<b>' }))).toEqual([])
	expect(describeSettings(JSON.stringify({ type: '', mode: 'text' }))).toEqual([])
	expect(describeSettings('no es json')).toEqual([])
	expect(describeSettings('[1,2]')).toEqual([])
	expect(describeSettings(null)).toEqual([])
})
