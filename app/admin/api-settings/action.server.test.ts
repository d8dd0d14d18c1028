/**
 * The posts of Configuración API: each form's Spanish errors next to its fields (status
 * 400, the key typed never sent back), the writes behind them, and refusals of ids and
 * intents the page could not have sent.
 */
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { routeAnswer, thrownAnswer } from '../../../tests/support/route-answer'
import { type SessionUser } from '~/auth/guards.server'
import { loadServiceAiConfig } from '~/settings/ai-config.server'
import { getDailyLimits, LIMIT_MAXIMUM, LIMIT_MINIMUM } from '~/settings/limits.server'
import { SETTING_KEYS } from '~/settings/store.server'
import { prisma } from '~/utils/db.server'
import { getToast } from '~/utils/toast.server'
import { apiSettingsAction } from './action.server'
import { LIMIT_BOUNDS } from './schemas'

vi.hoisted(() => {
	process.env.GEMINI_API_KEY = ''
	process.env.OPENAI_BASE_URL = ''
	process.env.OPENAI_MODEL = ''
	process.env.GENERATION_DAILY_LIMIT_ANON = '30'
})

let admin: SessionUser
beforeAll(async () => {
	const row = await prisma.profile.create({
		data: { name: 'Admin', email: 'admin-api@frasea.test', role: 'admin' },
	})
	admin = { id: row.id } as SessionUser
})
beforeEach(async () => {
	await prisma.setting.deleteMany()
	await prisma.modelOption.deleteMany()
	await prisma.advancedSettings.deleteMany()
	await prisma.auditLog.deleteMany()
})

function post(fields: Record<string, string>, tab = 'clave') {
	return new Request(`http://localhost/admin/api-settings?tab=${tab}`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields),
	})
}

async function send(fields: Record<string, string>) {
	const answer = await routeAnswer(await apiSettingsAction(post(fields), admin))
	const cookie = answer.headers.get('set-cookie')
	const toast = cookie
		? (
				await getToast(
					new Request('http://localhost/', { headers: { cookie: cookie.split(';')[0]! } }),
				)
			).toast
		: null
	const body = answer.body as {
		result?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> }
	} | null
	return {
		status: answer.status,
		location: answer.headers.get('location'),
		toast: toast?.message ?? null,
		errors: body?.result?.error ?? {},
		body,
	}
}

describe('API Key tab', () => {
	test('an empty key is refused; a key is saved encrypted, and reset', async () => {
		const empty = await send({ intent: 'clave-gemini', apiKey: '  ' })
		expect(empty.status).toBe(400)
		expect(empty.errors.apiKey).toEqual(['La API Key no puede estar vacía'])

		const saved = await send({ intent: 'clave-gemini', apiKey: 'clave-de-prueba-9876' })
		expect(saved).toMatchObject({
			status: 302,
			location: '/admin/api-settings?tab=clave',
			toast: 'API Key guardada correctamente',
		})
		const row = await prisma.setting.findUnique({ where: { key: SETTING_KEYS.geminiApiKey } })
		expect(row?.value).not.toContain('clave-de-prueba-9876')
		// Bound to the Gemini address in force when it was saved (Google's, here).
		expect((await loadServiceAiConfig()).gemini.apiKey).toEqual({
			value: 'clave-de-prueba-9876',
			source: 'admin',
			address: 'https://generativelanguage.googleapis.com',
		})
		const trail = await prisma.auditLog.findMany()
		expect(JSON.stringify(trail)).not.toContain('clave-de-prueba-9876')

		const reset = await send({ intent: 'restablecer-clave', provider: 'gemini' })
		expect(reset.toast).toBe('API Key restablecida')
		expect((await loadServiceAiConfig()).gemini.apiKey).toBeNull()
	})

	test('a refused form never sends the key back', async () => {
		const refused = await send({
			intent: 'openai',
			baseUrl: 'ftp://ollama',
			apiKey: 'sk-secreta-1',
		})
		expect(refused.status).toBe(400)
		expect(refused.errors.baseUrl).toEqual([
			'Escribe una dirección que empiece por http:// o https://',
		])
		expect(refused.body?.result?.initialValue?.baseUrl).toBe('ftp://ollama')
		expect(JSON.stringify(refused.body)).not.toContain('sk-secreta-1')

		const missing = await send({ intent: 'openai', baseUrl: '' })
		expect(missing.errors.baseUrl).toEqual([
			'Escribe la dirección del servidor (http:// o https://)',
		])
		const address = await send({ intent: 'direccion-gemini', baseUrl: 'javascript:alert(1)' })
		expect(address.status).toBe(400)
	})

	test('provider, addresses and the OpenAI server are saved, and the choice reset', async () => {
		expect((await send({ intent: 'proveedor', provider: 'openai' })).toast).toBe(
			'Configuración guardada correctamente',
		)
		await send({ intent: 'openai', baseUrl: 'http://127.0.0.1:11434/v1/', apiKey: 'sk-local' })
		await send({ intent: 'direccion-gemini', baseUrl: 'https://gemini.example/' })
		const config = await loadServiceAiConfig()
		expect(config.provider).toEqual({ value: 'openai', source: 'admin' })
		expect(config.openai.baseUrl).toEqual({ value: 'http://127.0.0.1:11434/v1', source: 'admin' })
		expect(config.openai.apiKey?.value).toBe('sk-local')
		expect(config.gemini.baseUrl).toEqual({ value: 'https://gemini.example', source: 'admin' })
		// Incomplete (no model): the offline engine answers.
		expect(config.effective.provider).toBe('offline')

		await send({ intent: 'direccion-gemini', baseUrl: '' })
		await send({ intent: 'proveedor-restablecer' })
		await send({ intent: 'openai-restablecer-direccion' })
		const after = await loadServiceAiConfig()
		expect(after.provider.source).not.toBe('admin')
		expect(after.gemini.baseUrl.source).not.toBe('admin')
		// The environment names no OpenAI-compatible server here: none is left in force.
		expect(after.openai.baseUrl).toBeNull()
	})

	test('a form the page could not have sent gets 400', async () => {
		for (const intent of ['borrar-todo', 'constructor', '']) {
			const unknown = await thrownAnswer(apiSettingsAction(post({ intent }), admin))
			expect(unknown.status, intent).toBe(400)
		}
		const badProvider = await send({ intent: 'proveedor', provider: 'skynet' })
		expect(badProvider.status).toBe(400)
	})
})

describe('Modelos tab: the custom model form', () => {
	test('each field’s Spanish reason', async () => {
		const empty = await send({ intent: 'modelo-personalizado', name: '', url: '' })
		expect(empty.status).toBe(400)
		expect(empty.errors).toEqual({
			name: ['Por favor completa todos los campos'],
			url: ['Por favor completa todos los campos'],
		})
		const noKey = await send({
			intent: 'modelo-personalizado',
			name: 'Mío',
			url: 'https://gemini.example/v1beta/models/mio:generateContent',
		})
		expect(noKey.errors.url).toEqual(["La URL del modelo debe incluir '?key=' al final"])
		expect(noKey.body?.result?.initialValue?.name).toBe('Mío')
		const shape = await send({
			intent: 'modelo-personalizado',
			name: 'Mío',
			url: 'https://gemini.example/modelos/mio?key=abc',
		})
		expect(shape.status).toBe(400)
		expect(shape.errors.url?.[0]).toContain('/v1beta/models/<modelo>:generateContent?key=')
	})

	test('the key of the URL is stored encrypted, never in clear; duplicates are refused', async () => {
		const url =
			'https://gemini.example/v1beta/models/gemini-2.5-flash:generateContent?key=clave-modelo-4321'
		const added = await send({ intent: 'modelo-personalizado', name: 'Flash propio', url })
		expect(added.toast).toBe('Modelo añadido correctamente')
		const row = await prisma.modelOption.findFirstOrThrow()
		expect(row).toMatchObject({
			name: 'Flash propio',
			provider: 'gemini',
			model: 'gemini-2.5-flash',
			url: 'https://gemini.example/v1beta/models/gemini-2.5-flash:generateContent?key=',
		})
		expect(row.apiKey).toBeTruthy()
		expect(row.apiKey).not.toContain('clave-modelo-4321')
		const trail = await prisma.auditLog.findMany()
		expect(trail.map((entry) => entry.action)).toEqual(['admin.model.added'])
		expect(JSON.stringify(trail)).not.toContain('clave-modelo-4321')

		const again = await send({ intent: 'modelo-personalizado', name: 'flash PROPIO', url })
		expect(again.status).toBe(409)
		expect(again.errors.name).toEqual(['Ya existe un modelo con ese nombre'])
		const sameModel = await send({ intent: 'modelo-personalizado', name: 'Otro', url })
		expect(sameModel.errors.url).toEqual(['Ese modelo ya está en la lista'])
	})
})

describe('Prueba and Configuración Avanzada forms', () => {
	test('an empty or too long test prompt', async () => {
		expect((await send({ intent: 'prueba', prompt: ' ' })).errors.prompt).toEqual([
			'Introduce un prompt para probar',
		])
		expect((await send({ intent: 'prueba', prompt: 'a'.repeat(501) })).errors.prompt).toEqual([
			'El prompt no puede superar los 500 caracteres',
		])
	})

	test('advanced parameters out of range or off their steps', async () => {
		const refused = await send({
			intent: 'avanzada',
			temperature: '1.5',
			topP: '0.25',
			maxTokens: '300',
		})
		expect(refused.status).toBe(400)
		expect(refused.errors).toEqual({
			temperature: ['Debe ser un número entre 0 y 1, en pasos de 0.1'],
			topP: ['Debe ser un número entre 0 y 1, en pasos de 0.1'],
			maxTokens: ['Debe ser un número entre 256 y 2048, en pasos de 128'],
		})
		expect(await prisma.advancedSettings.count()).toBe(0)
	})

	test('limits: checked per field, saved, and cleared back to the environment', async () => {
		const refused = await send({
			intent: 'limites',
			anon: '0',
			user: 'muchos',
			ip: '2000000',
			global: '-1',
		})
		expect(refused.status).toBe(400)
		expect(refused.errors).toEqual({
			anon: ['Escribe un número entero entre 1 y 1000000, o déjalo vacío'],
			user: ['Escribe un número entero entre 1 y 1000000, o déjalo vacío'],
			ip: ['Escribe un número entero entre 1 y 1000000, o déjalo vacío'],
			global: ['Escribe un número entero entre 0 y 1000000, o déjalo vacío'],
		})

		const saved = await send({ intent: 'limites', anon: '5', user: '', ip: '', global: '0' })
		expect(saved.toast).toBe('Límites guardados correctamente')
		let limits = await getDailyLimits()
		expect(limits.anon).toEqual({ value: 5, source: 'admin' })
		expect(limits.global).toEqual({ value: 0, source: 'admin' })
		expect(limits.user.source).toBe('default')

		await send({ intent: 'limites', anon: '', user: '', ip: '', global: '' })
		limits = await getDailyLimits()
		expect(limits.anon).toEqual({ value: 30, source: 'env' })
		expect(limits.global.source).toBe('default')
	})

	test('the form’s bounds are the server’s', () => {
		expect(LIMIT_BOUNDS.minimum).toEqual(LIMIT_MINIMUM)
		expect(LIMIT_BOUNDS.maximum).toBe(LIMIT_MAXIMUM)
	})
})
