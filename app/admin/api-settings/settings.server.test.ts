/**
 * What the tabs read and do against a fake Gemini: the model in use and the fallback when
 * it goes, the provider's catalogue, the test prompt, the shared parameters, and that no
 * key reaches what the page receives.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { routeAnswer, thrownAnswer } from '../../../tests/support/route-answer'
import { FAKE_GEMINI_KEY, geminiError, startFakeGemini } from '../../../tests/fakes/fake-gemini'
import { type FakeServer } from '../../../tests/fakes/shared'
import { type SessionUser } from '~/auth/guards.server'
import { loadServiceAiConfig } from '~/settings/ai-config.server'
import { SETTING_KEYS, writeSetting } from '~/settings/store.server'
import { prisma } from '~/utils/db.server'
import { getToast } from '~/utils/toast.server'
import { apiSettingsAction } from './action.server'
import { resetAdvanced, saveAdvanced } from './advanced.server'
import { addListedModel, fetchProviderModels, listModelRows } from './models.server'
import { FAKE_OPENAI_MODELS, startFakeOpenAI } from '../../../tests/fakes/fake-openai'
import { providerView, saveProviderKey } from './provider.server'
import { runTestPrompt, TEST_CALLS_PER_MINUTE } from './test-prompt.server'

vi.hoisted(() => {
	process.env.GEMINI_API_KEY = ''
	process.env.GEMINI_MODEL = ''
	process.env.OPENAI_BASE_URL = ''
	process.env.OPENAI_MODEL = ''
})

let gemini: FakeServer
let admin: SessionUser
beforeAll(async () => {
	gemini = await startFakeGemini()
	const row = await prisma.profile.create({
		data: { name: 'Admin', email: 'admin-modelos@frasea.test', role: 'admin' },
	})
	admin = { id: row.id } as SessionUser
})
afterAll(() => gemini.close())
beforeEach(async () => {
	gemini.requests.length = 0
	await prisma.setting.deleteMany()
	await prisma.modelOption.deleteMany()
	await prisma.advancedSettings.deleteMany()
	await prisma.auditLog.deleteMany()
	await prisma.rateLimit.deleteMany()
	await writeSetting(SETTING_KEYS.provider, 'gemini', admin.id)
	await writeSetting(SETTING_KEYS.geminiBaseUrl, gemini.url, admin.id)
	await saveProviderKey(admin.id, 'gemini', { value: FAKE_GEMINI_KEY, address: gemini.url })
})

async function send(fields: Record<string, string>) {
	const request = new Request('http://localhost/admin/api-settings?tab=modelos', {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields),
	})
	const answer = await routeAnswer(await apiSettingsAction(request, admin))
	const cookie = answer.headers.get('set-cookie')?.split(';')[0]
	const toast = cookie
		? (await getToast(new Request('http://localhost/', { headers: { cookie } }))).toast
		: null
	return { status: answer.status, toast: toast?.message ?? null, body: answer.body }
}

describe('models', () => {
	test('select one, then remove it: the provider’s default applies again, and the toast says which', async () => {
		await addListedModel(admin.id, { provider: 'gemini', model: 'gemini-2.5-pro' })
		await addListedModel(admin.id, { provider: 'gemini', model: 'gemini-2.5-flash', name: 'Flash' })
		const [pro, flash] = await listModelRows('gemini')
		expect(pro).toMatchObject({ name: 'gemini-2.5-pro', url: '', inUse: false })

		expect((await send({ intent: 'usar-modelo', modelId: pro!.id })).toast).toBe(
			'Modelo seleccionado: gemini-2.5-pro',
		)
		expect((await loadServiceAiConfig()).effective.gemini?.model).toBe('gemini-2.5-pro')
		await send({ intent: 'usar-modelo', modelId: flash!.id })
		expect((await listModelRows('gemini')).map((row) => row.inUse)).toEqual([false, true])

		// The first post only asks; nothing goes until it is confirmed.
		const ask = await send({ intent: 'eliminar-modelo', modelId: flash!.id })
		expect(ask.body).toEqual({ confirm: { id: flash!.id, name: 'Flash', inUse: true } })
		expect(await prisma.modelOption.count()).toBe(2)
		const removed = await send({ intent: 'eliminar-modelo', modelId: flash!.id, confirmado: 'si' })
		expect(removed.toast).toBe(
			'Modelo eliminado. Se usa el modelo predeterminado: gemini-flash-latest',
		)
		expect((await loadServiceAiConfig()).gemini.model).toMatchObject({
			value: 'gemini-flash-latest',
			source: 'default',
		})
		const removedOther = await send({
			intent: 'eliminar-modelo',
			modelId: pro!.id,
			confirmado: 'si',
		})
		expect(removedOther.toast).toBe('Modelo eliminado correctamente')

		const trail = await prisma.auditLog.findMany({
			where: { action: { startsWith: 'admin.model.' } },
			orderBy: { createdAt: 'asc' },
		})
		expect(trail.map((entry) => [entry.action, JSON.parse(entry.details!)])).toEqual([
			['admin.model.added', { name: 'gemini-2.5-pro' }],
			['admin.model.added', { name: 'Flash' }],
			['admin.model.selected', { name: 'gemini-2.5-pro' }],
			['admin.model.selected', { name: 'Flash' }],
			['admin.model.removed', { name: 'Flash' }],
			['admin.model.removed', { name: 'gemini-2.5-pro' }],
		])
	})

	test('an unknown model id gets 404; a malformed or repeated one is refused', async () => {
		for (const intent of ['usar-modelo', 'eliminar-modelo']) {
			const answer = await thrownAnswer(
				apiSettingsAction(
					new Request('http://localhost/admin/api-settings', {
						method: 'POST',
						headers: { 'content-type': 'application/x-www-form-urlencoded' },
						body: new URLSearchParams({ intent, modelId: 'no-existe', confirmado: 'si' }),
					}),
					admin,
				),
			)
			expect(answer.status, intent).toBe(404)
		}
		expect(await addListedModel(admin.id, { provider: 'gemini', model: 'a b' })).toBe('invalid')
		await send({ intent: 'anadir-modelo', provider: 'gemini', model: 'gemini-2.5-pro' })
		const again = await send({
			intent: 'anadir-modelo',
			provider: 'gemini',
			model: 'gemini-2.5-pro',
		})
		expect(again).toMatchObject({
			status: 409,
			body: { notice: 'Ya existe un modelo con ese nombre' },
		})
	})

	test('the provider’s catalogue, with what is already listed; a refused key in Spanish', async () => {
		await addListedModel(admin.id, { provider: 'gemini', model: 'gemini-2.5-flash' })
		const catalogue = await fetchProviderModels(
			await loadServiceAiConfig(),
			'gemini',
			new AbortController().signal,
		)
		expect(catalogue).toEqual({
			status: 'ok',
			models: [
				{ id: 'gemini-flash-latest', displayName: 'gemini-flash-latest', listed: false },
				{ id: 'gemini-2.5-flash', displayName: 'gemini-2.5-flash', listed: true },
				{ id: 'gemini-2.5-pro', displayName: 'gemini-2.5-pro', listed: false },
			],
		})
		await saveProviderKey(admin.id, 'gemini', { value: 'otra-clave-mala', address: gemini.url })
		const refused = await fetchProviderModels(
			await loadServiceAiConfig(),
			'gemini',
			new AbortController().signal,
		)
		expect(refused.status).toBe('error')
		expect(refused.status === 'error' && refused.reason).toContain(
			'el proveedor rechazó la API Key',
		)
		expect(JSON.stringify(refused)).not.toContain('otra-clave-mala')

		await writeSetting(SETTING_KEYS.provider, 'openai', admin.id)
		expect(
			await fetchProviderModels(
				await loadServiceAiConfig(),
				'openai',
				new AbortController().signal,
			),
		).toEqual({ status: 'needs_config' })
	})

	test('an OpenAI-compatible server lists its models before any is chosen (the list is how one is chosen)', async () => {
		const server = await startFakeOpenAI()
		try {
			await writeSetting(SETTING_KEYS.provider, 'openai', admin.id)
			await writeSetting(SETTING_KEYS.openaiBaseUrl, `${server.url}/v1`, admin.id)
			const config = await loadServiceAiConfig()
			// No model yet: the offline engine answers meanwhile.
			expect(config.effective.provider).toBe('offline')
			const catalogue = await fetchProviderModels(config, 'openai', new AbortController().signal)
			expect(catalogue).toEqual({
				status: 'ok',
				models: FAKE_OPENAI_MODELS.map((id) => ({ id, displayName: id, listed: false })),
			})
		} finally {
			await server.close()
		}
	})
})

describe('test prompt', () => {
	const signal = () => new AbortController().signal

	test('one call with the prompt as it is and the shared parameters; errors carry the provider’s message', async () => {
		await saveAdvanced(admin.id, {
			temperature: 0.3,
			topP: 0.5,
			maxTokens: 512,
			enhanceQuality: false,
		})
		const ok = await runTestPrompt({
			adminId: admin.id,
			prompt: 'exactamente 2 frases',
			signal: signal(),
		})
		expect(ok).toMatchObject({ status: 'ok', provider: 'gemini', model: 'gemini-flash-latest' })
		expect(ok.status === 'ok' && ok.text.split('\n')).toHaveLength(2)
		expect(gemini.requests).toHaveLength(1)
		expect(gemini.requests[0]!.body).toMatchObject({
			contents: [{ parts: [{ text: 'exactamente 2 frases' }] }],
			generationConfig: { temperature: 0.3, topP: 0.5, maxOutputTokens: 512 },
		})

		gemini.enqueue(geminiError(400, `API key not valid: ${FAKE_GEMINI_KEY}`))
		const failed = await runTestPrompt({ adminId: admin.id, prompt: 'hola', signal: signal() })
		expect(failed).toMatchObject({ status: 'error', provider: 'gemini' })
		expect(failed.status === 'error' && failed.error).toMatch(/^API key not valid: /)
		expect(JSON.stringify(failed)).not.toContain(FAKE_GEMINI_KEY)
	})

	test('the offline engine answers when no provider is complete; test calls are rate-limited', async () => {
		await writeSetting(SETTING_KEYS.provider, 'offline', admin.id)
		for (let i = 0; i < TEST_CALLS_PER_MINUTE; i++) {
			const answer = await runTestPrompt({ adminId: admin.id, prompt: 'el mar', signal: signal() })
			expect(answer).toMatchObject({ status: 'ok', provider: 'offline' })
		}
		expect(gemini.requests).toHaveLength(0)
		const refused = await send({ intent: 'prueba', prompt: 'otra vez' })
		expect(refused.status).toBe(429)
		expect(JSON.stringify(refused.body)).toContain('Has hecho demasiadas pruebas')
	})
})

describe('advanced parameters and what the page receives', () => {
	test('saved, in force, audited with numbers only, and reset', async () => {
		await saveAdvanced(admin.id, {
			temperature: 0.3,
			topP: 0.5,
			maxTokens: 512,
			enhanceQuality: true,
		})
		expect((await loadServiceAiConfig()).advanced).toEqual({
			value: { temperature: 0.3, topP: 0.5, maxTokens: 512, enhanceQuality: true },
			source: 'admin',
		})
		await saveAdvanced(admin.id, {
			temperature: 0.4,
			topP: 0.5,
			maxTokens: 512,
			enhanceQuality: true,
		})
		expect(await prisma.advancedSettings.count()).toBe(1)
		await resetAdvanced(admin.id)
		expect((await loadServiceAiConfig()).advanced.source).toBe('default')
		const trail = await prisma.auditLog.findMany({
			where: { action: 'admin.advanced.changed' },
			orderBy: { createdAt: 'asc' },
		})
		const to = { temperature: 0.3, topP: 0.5, maxTokens: 512, enhanceQuality: 1 }
		expect(trail.map((entry) => JSON.parse(entry.details!))).toEqual([
			{ from: null, to },
			{ from: to, to: { ...to, temperature: 0.4 } },
			{ from: { ...to, temperature: 0.4 }, to: null },
		])
	})

	test('the API Key tab’s data masks every key', async () => {
		const view = providerView(await loadServiceAiConfig())
		expect(view.gemini.key).toEqual({ value: '••••-key', source: 'admin' })
		expect(view.answering).toBe('gemini')
		expect(JSON.stringify(view)).not.toContain(FAKE_GEMINI_KEY)
		// Another address: the key stays with its own, and the tab says whose it is.
		await writeSetting(SETTING_KEYS.geminiBaseUrl, 'https://otra.example', admin.id)
		const elsewhere = providerView(await loadServiceAiConfig())
		expect(elsewhere).toMatchObject({
			answering: 'offline',
			missing: ['una API Key de Gemini para la dirección en uso'],
			gemini: { key: null, idle: [{ value: '••••-key', source: 'admin', address: gemini.url }] },
		})
		expect(JSON.stringify(elsewhere)).not.toContain(FAKE_GEMINI_KEY)
		await writeSetting(SETTING_KEYS.geminiBaseUrl, gemini.url, admin.id)
		await writeSetting(SETTING_KEYS.geminiApiKey, null, admin.id)
		const incomplete = providerView(await loadServiceAiConfig())
		expect(incomplete).toMatchObject({ answering: 'offline', missing: ['la API Key de Gemini'] })
	})
})
