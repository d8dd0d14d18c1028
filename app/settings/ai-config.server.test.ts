import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { generatePhrases } from '~/generation/generate.server'
import { prisma } from '~/utils/db.server'
import { FAKE_GEMINI_KEY, startFakeGemini } from '../../tests/fakes/fake-gemini'
import { type FakeServer } from '../../tests/fakes/shared'
import { request } from '../../tests/support/generate'
import {
	generationSetupFor,
	loadServiceAiConfig,
	parseGeminiModelUrl,
	providerConfigFor,
} from './ai-config.server'
import { saveProviderKey } from '~/admin/api-settings/provider.server'
import { sealKey } from './bound-key.server'
import { encryptSecret } from './secrets.server'
import { SETTING_KEYS, writeSetting } from './store.server'

// The environment names an OpenAI-compatible server; admin settings must win over it.
vi.hoisted(() => {
	process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1'
	process.env.OPENAI_MODEL = 'llama-del-entorno'
	process.env.GEMINI_API_KEY = ''
})

let gemini: FakeServer
let adminId: string
beforeAll(async () => {
	gemini = await startFakeGemini()
	adminId = (
		await prisma.profile.create({
			data: { name: 'Admin', email: 'admin@frasea.test', role: 'admin' },
		})
	).id
})
afterAll(() => gemini.close())

beforeEach(async () => {
	gemini.requests.length = 0
	await prisma.setting.deleteMany()
	await prisma.toolSettings.deleteMany()
	await prisma.modelOption.deleteMany()
	await prisma.advancedSettings.deleteMany()
})

async function useFakeGemini() {
	await writeSetting(SETTING_KEYS.provider, 'gemini', adminId)
	await writeSetting(SETTING_KEYS.geminiBaseUrl, gemini.url, adminId)
	await saveProviderKey(adminId, 'gemini', { value: FAKE_GEMINI_KEY, address: gemini.url })
}

/** The generationConfig and instruction of the one call a generation on `page` made. */
async function generateOn(page: 'home' | 'instagram' | 'facebook') {
	const setup = await generationSetupFor(page)
	await generatePhrases({
		page,
		request: request({ prompt: 'la playa', count: 2 }),
		provider: setup.provider,
		sampling: setup.sampling,
		instructionSettings: { template: setup.template, enhanceQuality: setup.enhanceQuality },
	})
	const body = gemini.requests.at(-1)?.body as {
		contents: Array<{ parts: Array<{ text?: string }> }>
		generationConfig: Record<string, unknown>
	}
	return {
		path: gemini.requests.at(-1)?.path,
		config: body.generationConfig,
		instruction: body.contents[0]!.parts.map((part) => part.text ?? '').join(''),
	}
}

describe('which provider answers', () => {
	test('without admin settings, the environment decides (and says so)', async () => {
		const config = await loadServiceAiConfig()
		expect(config.provider).toEqual({ value: 'openai', source: 'env' })
		expect(config.openai.model).toMatchObject({ value: 'llama-del-entorno', source: 'env' })
		expect(config.effective.provider).toBe('openai')
	})

	test('an admin choice wins over the environment', async () => {
		await useFakeGemini()
		const config = await loadServiceAiConfig()
		expect(config.provider).toEqual({ value: 'gemini', source: 'admin' })
		expect(config.gemini.apiKey).toEqual({
			value: FAKE_GEMINI_KEY,
			source: 'admin',
			address: gemini.url,
		})
		expect(config.effective).toMatchObject({ provider: 'gemini', gemini: { baseUrl: gemini.url } })
		// The key is stored encrypted, never in clear.
		const stored = await prisma.setting.findUnique({ where: { key: SETTING_KEYS.geminiApiKey } })
		expect(stored?.value).not.toContain(FAKE_GEMINI_KEY)
	})

	test('a chosen provider without its key falls back to the offline engine', async () => {
		await writeSetting(SETTING_KEYS.provider, 'gemini', adminId)
		expect((await loadServiceAiConfig()).effective).toEqual({ provider: 'offline' })
	})

	test('the selected model of the list is the one called', async () => {
		await useFakeGemini()
		await prisma.modelOption.create({
			data: {
				name: 'Gemini 2.5 Pro',
				url: '',
				provider: 'gemini',
				model: 'gemini-2.5-pro',
				isDefault: true,
			},
		})
		expect((await generateOn('home')).path).toBe('/v1beta/models/gemini-2.5-pro:generateContent')
	})

	test('a custom model URL brings its own address and key', async () => {
		await writeSetting(SETTING_KEYS.provider, 'gemini', adminId)
		await prisma.modelOption.create({
			data: {
				name: 'Mi modelo',
				url: `${gemini.url}/v1beta/models/gemini-2.5-flash:generateContent?key=`,
				apiKey: encryptSecret(FAKE_GEMINI_KEY),
				provider: 'gemini',
				model: 'gemini-2.5-flash',
				isDefault: true,
			},
		})
		const call = await generateOn('home')
		expect(call.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent')
		expect(gemini.requests.at(-1)?.headers['x-goog-api-key']).toBe(FAKE_GEMINI_KEY)
	})
})

describe('parameters and instructions', () => {
	test('the shared advanced parameters reach the provider', async () => {
		await useFakeGemini()
		await prisma.advancedSettings.create({
			data: { temperature: 0.3, topP: 0.5, maxTokens: 512, enhanceQuality: true },
		})
		const call = await generateOn('home')
		expect(call.config).toMatchObject({ temperature: 0.3, topP: 0.5, maxOutputTokens: 512 })
		expect(call.instruction).toContain('Cuida especialmente la calidad')
	})

	test("without them, each page's built-in sampling is kept", async () => {
		await useFakeGemini()
		const call = await generateOn('home')
		expect(call.config).toMatchObject({ temperature: 0.8 })
		expect(call.instruction).not.toContain('Cuida especialmente la calidad')
	})

	test("Instagram's own settings: template, parameters, model and key", async () => {
		await useFakeGemini()
		const model = await prisma.modelOption.create({
			data: { name: 'Flash', url: '', provider: 'gemini', model: 'gemini-2.5-flash' },
		})
		await prisma.toolSettings.create({
			data: {
				toolId: 'instagram',
				name: 'Instagram',
				description: '',
				customPrompt: 'Escribe para una cuenta de viajes sobre: {{prompt}}',
				includeSystemPrompt: false,
				temperature: 0.4,
				topP: 0.75,
				maxTokens: 300,
				modelId: model.id,
			},
		})
		const call = await generateOn('instagram')
		expect(call.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent')
		expect(call.config).toMatchObject({ temperature: 0.4, topP: 0.75, maxOutputTokens: 300 })
		expect(call.instruction).toBe('Escribe para una cuenta de viajes sobre: la playa')
		// Other pages keep the service's configuration.
		expect((await generateOn('home')).path).toBe(
			'/v1beta/models/gemini-flash-latest:generateContent',
		)
	})

	test('a template with the system prompt is followed by our own instruction', async () => {
		await useFakeGemini()
		await prisma.toolSettings.create({
			data: {
				toolId: 'instagram',
				name: 'Instagram',
				description: '',
				customPrompt: 'Tono: {{prompt}}',
			},
		})
		const call = await generateOn('instagram')
		expect(call.instruction).toMatch(/^Tono: la playa\n\nGenera exactamente 2 frases/)
	})

	test("Facebook's own key and URL replace the service's", async () => {
		await writeSetting(SETTING_KEYS.provider, 'gemini', adminId)
		await saveProviderKey(adminId, 'gemini', {
			value: 'otra-clave-del-servicio',
			address: 'https://generativelanguage.googleapis.com',
		})
		await prisma.toolSettings.create({
			data: {
				toolId: 'facebook',
				name: 'Facebook',
				description: '',
				apiKey: sealKey(FAKE_GEMINI_KEY, gemini.url),
				baseUrl: gemini.url,
			},
		})
		const { config } = await providerConfigFor('facebook')
		expect(config).toMatchObject({
			provider: 'gemini',
			gemini: { baseUrl: gemini.url, apiKey: FAKE_GEMINI_KEY },
		})
		await generateOn('facebook')
		expect(gemini.requests.at(-1)?.headers['x-goog-api-key']).toBe(FAKE_GEMINI_KEY)
	})
})

describe('custom model URLs', () => {
	test('a generateContent URL gives its address, model and key', () => {
		expect(
			parseGeminiModelUrl(
				'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent?key=abc',
			),
		).toEqual({
			baseUrl: 'https://generativelanguage.googleapis.com',
			model: 'gemini-2.5-flash',
			key: 'abc',
		})
		expect(
			parseGeminiModelUrl('https://proxy.example/gemini/v1beta/models/m:generateContent?key='),
		).toEqual({
			baseUrl: 'https://proxy.example/gemini',
			model: 'm',
			key: '',
		})
	})

	test('anything else is refused', () => {
		for (const url of [
			'https://host/v1beta/models/m:generateContent',
			'ftp://host/v1beta/models/m:generateContent?key=',
			'https://user:pw@host/v1beta/models/m:generateContent?key=',
			'https://host/otra/cosa?key=',
			'no es una url',
		]) {
			expect(parseGeminiModelUrl(url), url).toBeNull()
		}
	})
})

test('a page given its own address and key while the service is offline speaks Gemini', async () => {
	await writeSetting(SETTING_KEYS.provider, 'offline', adminId)
	await prisma.toolSettings.create({
		data: {
			toolId: 'facebook',
			name: 'Facebook',
			description: '',
			apiKey: sealKey(FAKE_GEMINI_KEY, gemini.url),
			baseUrl: gemini.url,
		},
	})
	expect((await loadServiceAiConfig()).effective.provider).toBe('offline')
	const { config } = await providerConfigFor('facebook')
	expect(config).toMatchObject({ provider: 'gemini', gemini: { baseUrl: gemini.url } })
})
