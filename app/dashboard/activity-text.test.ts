import { expect, test } from 'vitest'
import { describeActivity } from './activity-text'

test('each kind of activity reads as a Spanish sentence', () => {
	const base = { count: null, page: null, topic: null }
	expect(
		describeActivity({ ...base, kind: 'generation', count: 3, page: 'instagram', topic: 'el mar' }),
	).toBe('Generaste 3 frases en el generador de Instagram sobre «el mar»')
	expect(describeActivity({ ...base, kind: 'generation', count: 1, page: 'home' })).toBe(
		'Generaste 1 frase en el generador de frases',
	)
	expect(describeActivity({ ...base, kind: 'save', count: 2 })).toBe('Guardaste 2 frases')
	expect(describeActivity({ ...base, kind: 'edit' })).toBe('Editaste una frase guardada')
	expect(describeActivity({ ...base, kind: 'signIn' })).toBe('Iniciaste sesión')
})
