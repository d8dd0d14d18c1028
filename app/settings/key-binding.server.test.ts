/**
 * A stored provider key goes only to the address it was saved for. Each test is an attack
 * an admin (or whoever holds an admin's session) could make: point an address at a
 * listener on loopback and get a key that was saved for another address sent there, by a
 * generation, a model listing or a test. The listener must receive no key of ours.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { apiSettingsAction } from '~/admin/api-settings/action.server'
import { fetchProviderModels } from '~/admin/api-settings/models.server'
import { runTestPrompt } from '~/admin/api-settings/test-prompt.server'
import {
	saveFacebookSettings,
	saveInstagramSettings,
} from '~/admin/tools/generator-settings.server'
import { type SessionUser } from '~/auth/guards.server'
import { generatePhrases } from '~/generation/generate.server'
import { prisma } from '~/utils/db.server'
import { FAKE_GEMINI_KEY, startFakeGemini } from '../../tests/fakes/fake-gemini'
import { startFakeOpenAI } from '../../tests/fakes/fake-openai'
import { keysReceivedBy, type FakeServer } from '../../tests/fakes/shared'
import { request } from '../../tests/support/generate'
import { routeAnswer } from '../../tests/support/route-answer'
import { generationSetupFor, loadServiceAiConfig, providerConfigFor } from './ai-config.server'
import { openKey } from './bound-key.server'
import { bindLegacyKeys } from './legacy-keys.server'
import { encryptSecret } from './secrets.server'
import { SETTING_KEYS, writeSetting } from './store.server'

// Keys from the environment belong to the environment's addresses (nothing listens there).
vi.hoisted(() => {
	process.env.GEMINI_API_KEY = 'clave-gemini-del-entorno'
	process.env.GEMINI_BASE_URL = 'http://127.0.0.1:9'
	process.env.GEMINI_MODEL = ''
	process.env.OPENAI_API_KEY = 'clave-openai-del-entorno'
	process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1'
	process.env.OPENAI_MODEL = 'modelo-del-entorno'
})

const ENV_GEMINI_KEY = 'clave-gemini-del-entorno'
const ENV_OPENAI_KEY = 'clave-openai-del-entorno'
const INSTAGRAM_KEY = 'clave-de-instagram-1234'
const FACEBOOK_KEY = 'clave-de-facebook-5678'
const MODEL_KEY = 'clave-del-modelo-9012'
const ATTACKER_KEY = 'clave-del-atacante'
const OUR_KEYS = [
	FAKE_GEMINI_KEY,
	ENV_GEMINI_KEY,
	ENV_OPENAI_KEY,
	INSTAGRAM_KEY,
	FACEBOOK_KEY,
	MODEL_KEY,
]

/** The real provider, where the keys were saved. */
let provider: FakeServer
/** The attacker's listener. */
let listener: FakeServer
let openaiListener: FakeServer
let admin: SessionUser

beforeAll(async () => {
	provider = await startFakeGemini()
	listener = await startFakeGemini({ apiKey: ATTACKER_KEY })
	openaiListener = await startFakeOpenAI()
	const row = await prisma.profile.create({
		data: { name: 'Admin', email: 'admin-claves@frasea.test', role: 'admin' },
	})
	admin = { id: row.id } as SessionUser
})
afterAll(async () => {
	await Promise.all([provider.close(), listener.close(), openaiListener.close()])
})
beforeEach(async () => {
	for (const server of [provider, listener, openaiListener]) server.requests.length = 0
	await prisma.setting.deleteMany()
	await prisma.toolSettings.deleteMany()
	await prisma.modelOption.deleteMany()
	await prisma.rateLimit.deleteMany()
})

const keysSentTo = keysReceivedBy

function expectNoKeyOfOurs(server: FakeServer) {
	const sent = keysSentTo(server)
	for (const key of OUR_KEYS) expect(sent, `${key} reached the listener`).not.toContain(key)
}

async function post(fields: Record<string, string>, tab = 'clave') {
	const answer = await routeAnswer(
		await apiSettingsAction(
			new Request(`http://localhost/admin/api-settings?tab=${tab}`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams(fields),
			}),
			admin,
		),
	)
	const body = answer.body as { result?: { error?: Record<string, string[]> } } | null
	return { status: answer.status, errors: body?.result?.error ?? {} }
}

/** One generation on `page`; a provider's refusal is fine, only what was sent matters. */
async function generateOn(page: 'home' | 'instagram' | 'facebook') {
	const setup = await generationSetupFor(page)
	await generatePhrases({
		page,
		request: request({ prompt: 'la playa', count: 1 }),
		provider: setup.provider,
		sampling: setup.sampling,
		instructionSettings: { template: setup.template, enhanceQuality: setup.enhanceQuality },
	}).catch(() => undefined)
}

/** The service speaks Gemini at the real provider, with its key saved for that address. */
async function geminiServiceAtProvider() {
	expect((await post({ intent: 'proveedor', provider: 'gemini' })).status).toBe(302)
	// The environment's key belongs to its own address: a new one is saved with its key.
	expect(
		(await post({ intent: 'direccion-gemini', baseUrl: provider.url, apiKey: FAKE_GEMINI_KEY }))
			.status,
	).toBe(302)
	expect((await loadServiceAiConfig()).effective).toMatchObject({
		provider: 'gemini',
		gemini: { baseUrl: provider.url, apiKey: FAKE_GEMINI_KEY },
	})
}

describe("the service's Gemini key", () => {
	test('saved for one address, it is never sent to another one saved later', async () => {
		await geminiServiceAtProvider()
		await generateOn('home')
		expect(keysSentTo(provider)).toContain(FAKE_GEMINI_KEY)

		// The address changes without the key being typed again (the form refuses that; an
		// address written any other way must not take the key along either).
		await writeSetting(SETTING_KEYS.geminiBaseUrl, listener.url, admin.id)
		await generateOn('home')
		const config = await loadServiceAiConfig()
		await fetchProviderModels(config, 'gemini', AbortSignal.timeout(5_000))
		await runTestPrompt({ adminId: admin.id, prompt: 'hola', signal: AbortSignal.timeout(5_000) })
		expectNoKeyOfOurs(listener)
		expect(config.gemini.apiKey).toBeNull()
		expect(config.effective.provider).toBe('offline')
	})

	test('the address form asks for the key again when the address changes', async () => {
		await geminiServiceAtProvider()
		const refused = await post({ intent: 'direccion-gemini', baseUrl: listener.url })
		expect(refused.status).toBe(400)
		expect(refused.errors.apiKey?.[0]).toMatch(/escribe la API Key/i)
		expect((await loadServiceAiConfig()).gemini.baseUrl.value).toBe(provider.url)

		// Back to the environment's address: GEMINI_API_KEY belongs there, so nothing is left
		// without a key; the saved key stays with its own address.
		expect((await post({ intent: 'direccion-gemini', baseUrl: '' })).status).toBe(302)
		expect((await loadServiceAiConfig()).gemini.apiKey).toMatchObject({
			value: ENV_GEMINI_KEY,
			source: 'env',
		})
		// And from there the environment's key does not follow to the listener either.
		expect((await post({ intent: 'direccion-gemini', baseUrl: listener.url })).status).toBe(400)

		// With a key typed for it, the new address is saved: that key is the one it gets.
		expect(
			(await post({ intent: 'direccion-gemini', baseUrl: listener.url, apiKey: ATTACKER_KEY }))
				.status,
		).toBe(302)
		await generateOn('home')
		expectNoKeyOfOurs(listener)
		expect(keysSentTo(listener)).toContain(ATTACKER_KEY)
	})

	test('GEMINI_API_KEY belongs to GEMINI_BASE_URL, not to an address saved in the panel', async () => {
		await post({ intent: 'proveedor', provider: 'gemini' })
		expect((await loadServiceAiConfig()).effective).toMatchObject({
			provider: 'gemini',
			gemini: { baseUrl: 'http://127.0.0.1:9', apiKey: ENV_GEMINI_KEY },
		})
		await writeSetting(SETTING_KEYS.geminiBaseUrl, listener.url, admin.id)
		await generateOn('home')
		await fetchProviderModels(await loadServiceAiConfig(), 'gemini', AbortSignal.timeout(5_000))
		expectNoKeyOfOurs(listener)
		expect((await loadServiceAiConfig()).effective.provider).toBe('offline')
	})

	test('a custom model URL without a key of its own does not take the service key to its address', async () => {
		await geminiServiceAtProvider()
		const added = await post(
			{
				intent: 'modelo-personalizado',
				name: 'Modelo del atacante',
				url: `${listener.url}/v1beta/models/gemini-2.5-flash:generateContent?key=`,
			},
			'modelos',
		)
		expect(added.status).toBe(302)
		const model = await prisma.modelOption.findFirstOrThrow()
		await prisma.modelOption.update({ where: { id: model.id }, data: { isDefault: true } })
		await generateOn('home')
		await runTestPrompt({ adminId: admin.id, prompt: 'hola', signal: AbortSignal.timeout(5_000) })
		expectNoKeyOfOurs(listener)
	})
})

describe("the OpenAI-compatible server's key", () => {
	test('OPENAI_API_KEY belongs to OPENAI_BASE_URL, not to a server saved in the panel', async () => {
		await post({ intent: 'proveedor', provider: 'openai' })
		expect((await loadServiceAiConfig()).openai.apiKey).toMatchObject({ value: ENV_OPENAI_KEY })
		await writeSetting(SETTING_KEYS.openaiBaseUrl, `${openaiListener.url}/v1`, admin.id)
		await generateOn('home')
		const config = await loadServiceAiConfig()
		await fetchProviderModels(config, 'openai', AbortSignal.timeout(5_000))
		// The server is called (a key is optional there), but without the environment's key.
		expect(openaiListener.requests.length).toBeGreaterThan(0)
		expectNoKeyOfOurs(openaiListener)
	})

	test('a key saved with one server is not sent to the next; the form asks for it', async () => {
		await post({ intent: 'proveedor', provider: 'openai' })
		const saved = await post({
			intent: 'openai',
			baseUrl: 'http://127.0.0.1:9/v1',
			apiKey: FAKE_GEMINI_KEY,
		})
		expect(saved.status).toBe(302)
		const refused = await post({ intent: 'openai', baseUrl: `${openaiListener.url}/v1` })
		expect(refused.status).toBe(400)
		expect(refused.errors.apiKey?.[0]).toMatch(/escribe la API Key/i)
		await writeSetting(SETTING_KEYS.openaiBaseUrl, `${openaiListener.url}/v1`, admin.id)
		await generateOn('home')
		expectNoKeyOfOurs(openaiListener)
	})
})

describe("a generator's own key", () => {
	test("Instagram's key stays with the address it was saved for when the service's changes", async () => {
		await geminiServiceAtProvider()
		await saveInstagramSettings(
			{
				name: 'Instagram',
				description: 'Frases',
				isActive: true,
				apiKey: INSTAGRAM_KEY,
				customPrompt: 'Sobre: {{prompt}}',
				includeSystemPrompt: true,
				temperature: 0.7,
				maxTokens: 300,
				topP: 0.95,
			},
			admin.id,
		)
		await generateOn('instagram')
		expect(keysSentTo(provider)).toContain(INSTAGRAM_KEY)

		// The service moves to the attacker's server, with the attacker's own key.
		await post({ intent: 'direccion-gemini', baseUrl: listener.url, apiKey: ATTACKER_KEY })
		await generateOn('instagram')
		expectNoKeyOfOurs(listener)
	})

	test("Facebook's key: a new address needs the key typed again; a changed row sends nothing", async () => {
		await post({ intent: 'proveedor', provider: 'offline' })
		const form = { intent: 'guardar' as const, baseUrl: provider.url }
		expect(await saveFacebookSettings({ ...form, apiKey: FACEBOOK_KEY }, admin.id)).toBe('ok')
		await generateOn('facebook')
		expect(keysSentTo(provider)).toContain(FACEBOOK_KEY)

		expect(await saveFacebookSettings({ ...form, baseUrl: listener.url }, admin.id)).toBe(
			'key_for_new_url',
		)
		const row = await prisma.toolSettings.findUniqueOrThrow({ where: { toolId: 'facebook' } })
		expect(row.baseUrl).toBe(provider.url)

		// Even an address changed in the database takes no key there.
		await prisma.toolSettings.update({
			where: { toolId: 'facebook' },
			data: { baseUrl: listener.url },
		})
		expect((await providerConfigFor('facebook')).config.gemini?.apiKey).toBeUndefined()
		await generateOn('facebook')
		expectNoKeyOfOurs(listener)
	})

	test("a custom model's key is not sent to a generator's other address", async () => {
		await geminiServiceAtProvider()
		const added = await post(
			{
				intent: 'modelo-personalizado',
				name: 'Modelo con clave',
				url: `${provider.url}/v1beta/models/gemini-2.5-flash:generateContent?key=${MODEL_KEY}`,
			},
			'modelos',
		)
		expect(added.status).toBe(302)
		const model = await prisma.modelOption.findFirstOrThrow()
		await prisma.toolSettings.create({
			data: {
				toolId: 'facebook',
				name: 'Facebook',
				description: '',
				baseUrl: listener.url,
				modelId: model.id,
			},
		})
		await generateOn('facebook')
		expectNoKeyOfOurs(listener)
	})
})

describe('keys saved before keys were bound to their address', () => {
	test('go nowhere until bound; at start each is bound to the address in force then', async () => {
		// As an earlier version stored them: the bare key, encrypted.
		await prisma.setting.createMany({
			data: [
				{ key: SETTING_KEYS.provider, value: 'gemini' },
				{ key: SETTING_KEYS.geminiBaseUrl, value: provider.url },
				{ key: SETTING_KEYS.geminiApiKey, value: encryptSecret(FAKE_GEMINI_KEY) },
				{ key: SETTING_KEYS.openaiApiKey, value: encryptSecret('clave-openai-antigua') },
			],
		})
		await prisma.toolSettings.createMany({
			data: [
				{
					toolId: 'facebook',
					name: 'Facebook',
					description: '',
					baseUrl: provider.url,
					apiKey: encryptSecret(FACEBOOK_KEY),
				},
				{
					toolId: 'instagram',
					name: 'Instagram',
					description: '',
					apiKey: encryptSecret(INSTAGRAM_KEY),
				},
			],
		})
		expect((await loadServiceAiConfig()).gemini.apiKey?.value).not.toBe(FAKE_GEMINI_KEY)
		expect((await providerConfigFor('facebook')).config.gemini?.apiKey).toBeUndefined()

		expect(await bindLegacyKeys()).toBe(4)
		expect(await bindLegacyKeys()).toBe(0)
		const stored = await prisma.setting.findUniqueOrThrow({
			where: { key: SETTING_KEYS.openaiApiKey },
		})
		expect(openKey(stored.value)).toMatchObject({
			key: 'clave-openai-antigua',
			address: 'http://127.0.0.1:9/v1',
		})
		expect((await loadServiceAiConfig()).gemini.apiKey).toMatchObject({ value: FAKE_GEMINI_KEY })
		for (const page of ['home', 'instagram', 'facebook'] as const) await generateOn(page)
		expect(keysSentTo(provider)).toEqual([FAKE_GEMINI_KEY, INSTAGRAM_KEY, FACEBOOK_KEY])

		// Bound now: a later address does not take them along.
		await writeSetting(SETTING_KEYS.geminiBaseUrl, listener.url, admin.id)
		await prisma.toolSettings.update({
			where: { toolId: 'facebook' },
			data: { baseUrl: listener.url },
		})
		for (const page of ['home', 'instagram', 'facebook'] as const) await generateOn(page)
		expectNoKeyOfOurs(listener)
	})
})
