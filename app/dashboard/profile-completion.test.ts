import { expect, test } from 'vitest'
import { profileCompletion } from './profile-completion'

test('names the empty fields and the share that is filled in', () => {
	const empty = { name: 'Ana', avatarUrl: null, bio: '  ', location: null, website: null }
	expect(profileCompletion(empty)).toEqual({
		percent: 20,
		missing: ['Foto de perfil', 'Biografía', 'Ubicación', 'Sitio web'],
	})
	expect(
		profileCompletion({
			...empty,
			avatarUrl: '/avatar.jpg',
			bio: 'Hola',
			location: 'Madrid',
			website: 'https://ana.example',
		}),
	).toEqual({ percent: 100, missing: [] })
})
