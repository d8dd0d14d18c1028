import { describe, expect, test } from 'vitest'
import {
	emptyResultError,
	emptyTextError,
	exhaustedError,
	imageError,
	ProviderError,
	providerErrorMessage,
	successMessage,
	type ProviderErrorKind,
} from './errors'
import { type Page } from '~/generator/pages'

const QUOTA_LONG =
	'Se ha excedido el límite de cuota de la API. Por favor, intenta más tarde o cambia a otro modelo en la configuración de administrador.'
const QUOTA_SHORT = 'Se ha excedido el límite de cuota de la API. Por favor, intenta más tarde.'
const AUTH_LONG =
	'Clave de API inválida. Por favor, verifica la clave API en la configuración de administrador.'
const AUTH_SHORT = 'Clave de API inválida. Por favor, verifica la clave API en configuración.'
const TIMEOUT = 'El modelo de IA tardó demasiado en responder. Por favor, intenta de nuevo.'
const BLOCKED =
	'El prompt contiene contenido no permitido. Por favor, intenta con un prompt diferente.'

describe('provider errors per page', () => {
	test.each<[Page, ProviderErrorKind, string]>([
		['home', 'quota', QUOTA_LONG],
		['instagram', 'quota', QUOTA_SHORT],
		['facebook', 'quota', QUOTA_LONG],
		['home', 'auth', AUTH_LONG],
		['instagram', 'auth', AUTH_SHORT],
		['facebook', 'auth', AUTH_LONG],
		['home', 'blocked', BLOCKED],
		['instagram', 'blocked', BLOCKED],
		['facebook', 'blocked', BLOCKED],
		['home', 'unavailable', 'Error al llamar a la API de Gemini'],
		['instagram', 'bad_response', 'Error al llamar a la API de Gemini'],
		['facebook', 'unavailable', 'Error al llamar a la API para generar frases de Facebook'],
		['home', 'timeout', TIMEOUT],
		['facebook', 'timeout', TIMEOUT],
		['instagram', 'aborted', 'La generación se canceló.'],
	])('%s %s', (page, kind, message) => {
		expect(providerErrorMessage(page, new ProviderError(kind), 'gemini')).toBe(message)
	})

	test('an unknown model is named', () => {
		const message = providerErrorMessage(
			'home',
			new ProviderError('not_found', { model: 'gemini-2.0-flash' }),
			'gemini',
		)
		expect(message).toContain('«gemini-2.0-flash»')
		expect(message).toMatch(/no existe o ya no está disponible/)
	})

	test('the OpenAI-compatible provider is named in its call failure', () => {
		expect(providerErrorMessage('home', new ProviderError('unavailable'), 'openai')).toBe(
			'Error al llamar a la API de OpenAI',
		)
	})
})

describe('generation failures', () => {
	test.each<[Page, string]>([
		['home', 'No se pudo generar contenido. Por favor, intenta con un prompt diferente.'],
		['instagram', 'No se pudo generar contenido. Por favor, intenta con un prompt diferente.'],
		['facebook', 'No se pudo generar contenido. Por favor, intenta con otro prompt.'],
	])('empty model text on %s', (page, message) => {
		expect(emptyTextError(page).message).toBe(message)
	})

	test('empty result, with its toast', () => {
		const error = emptyResultError()
		expect(error.message).toBe('No se pudieron generar frases. Intenta con otro prompt o modelo.')
		expect(error.toast).toBe('No se pudieron generar frases. Intenta con otro prompt.')
	})

	test('fixed texts', () => {
		expect(exhaustedError().message).toBe(
			'No se pudieron generar frases después de varios intentos. Por favor, intenta de nuevo.',
		)
		expect(imageError().message).toBe(
			'Error al procesar la imagen. Por favor, intenta con otra imagen.',
		)
		expect(successMessage(4)).toBe('¡4 frases generadas con éxito!')
	})
})
