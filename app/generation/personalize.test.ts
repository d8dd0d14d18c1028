import { describe, expect, test } from 'vitest'
import { personalization } from './personalize'

describe('personalisation', () => {
	test.each([
		['amor', 'frases para mi novia', 'novia', 'mi novia'],
		['románticas', 'para Lucía', 'Lucía', 'Lucía'],
		['', 'frases de amor para mi esposo Juan', 'esposo Juan', 'mi esposo Juan'],
		['motivacionales', 'te quiero mucho, para mi mamá', 'mamá', 'mi mamá'],
		['amor', 'para mis padres que están lejos', 'padres', 'mis padres'],
		['amor', 'Para mi novia, con cariño', 'novia', 'mi novia'],
		['', 'love quotes para Ana', 'Ana', 'Ana'],
	])('%s / %s → %s', (type, prompt, recipient, display) => {
		expect(personalization(type, prompt)).toMatchObject({ recipient, display })
	})

	test.each([
		['motivacionales', 'frases para mi jefe'], // neither a love type nor a love prompt
		['amor', 'frases bonitas'], // love, but no 'para X'
		['', 'frases para el lunes'],
		['divertidas', 'para mi hermano'],
	])('%s / %s → none', (type, prompt) => {
		expect(personalization(type, prompt)).toBeNull()
	})
})
