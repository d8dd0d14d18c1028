import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { saveProviderKey } from '~/admin/api-settings/provider.server'
import { providerConfigFor } from '~/settings/ai-config.server'
import { openKey } from '~/settings/bound-key.server'
import { SETTING_KEYS, writeSetting } from '~/settings/store.server'
import { listTools } from '~/settings/tools.server'
import { prisma } from '~/utils/db.server'
import {
	clearToolKey,
	loadFacebookSettings,
	loadInstagramSettings,
	resetToolSettings,
	saveFacebookSettings,
	saveInstagramSettings,
} from './generator-settings.server'
import { INSTAGRAM_DEFAULTS } from './limits'
import { type InstagramSettingsValue } from './schema'

const KEY = 'clave-de-instagram-1234'

let adminId: string
beforeAll(async () => {
	adminId = (
		await prisma.profile.create({
			data: { name: 'Admin', email: 'admin@frasea.test', role: 'admin' },
		})
	).id
})

beforeEach(async () => {
	await prisma.toolSettings.deleteMany()
	await prisma.tool.deleteMany()
	await prisma.modelOption.deleteMany()
	await prisma.auditLog.deleteMany()
})

const instagram = (overrides: Partial<InstagramSettingsValue> = {}): InstagramSettingsValue => ({
	name: 'Instagram Pro',
	description: 'Captions de viaje',
	isActive: true,
	customPrompt: 'Escribe para una cuenta de viajes: {{prompt}}',
	includeSystemPrompt: true,
	temperature: 0.4,
	maxTokens: 300,
	topP: 0.8,
	...overrides,
})

const trail = async () =>
	(await prisma.auditLog.findMany({ select: { action: true, target: true, details: true } })).map(
		(row) => ({ ...row, details: JSON.parse(row.details ?? 'null') as unknown }),
	)

describe('Instagram', () => {
	test('nothing saved: the defaults, and the service applies', async () => {
		const settings = await loadInstagramSettings()
		expect(settings.saved).toBe(false)
		expect(settings.values).toMatchObject({
			name: 'Generador de Instagram',
			customPrompt: 'Crea frases para Instagram sobre: {{prompt}}',
			temperature: 0.7,
			maxTokens: 1024,
			topP: 0.95,
			includeSystemPrompt: true,
		})
		expect(settings.key.stored).toBeNull()
	})

	test('saving writes the settings and the tool; the key is encrypted, masked and kept', async () => {
		const model = await prisma.modelOption.create({
			data: { name: 'Flash', url: '', model: 'gemini-2.5-flash' },
		})
		expect(
			await saveInstagramSettings(
				instagram({ apiKey: KEY, modelId: model.id, isActive: false }),
				adminId,
			),
		).toBe('ok')
		const row = await prisma.toolSettings.findUniqueOrThrow({ where: { toolId: 'instagram' } })
		expect(row).toMatchObject({ temperature: 0.4, maxTokens: 300, topP: 0.8, modelId: model.id })
		expect(row.apiKey).not.toContain(KEY)
		expect(openKey(row.apiKey ?? '')?.key).toBe(KEY)
		// The tools list shows the same name, description, state and model.
		const tool = (await listTools()).find((entry) => entry.id === 'instagram')
		expect(tool).toMatchObject({
			name: 'Instagram Pro',
			description: 'Captions de viaje',
			isActive: false,
			modelName: 'Flash',
		})
		const loaded = await loadInstagramSettings()
		expect(loaded.key).toMatchObject({ stored: '••••1234' })
		expect(JSON.stringify(loaded)).not.toContain(KEY)

		// An empty key field keeps the stored key.
		await saveInstagramSettings(
			instagram({ modelId: model.id, isActive: false, temperature: 0.9 }),
			adminId,
		)
		const kept = await prisma.toolSettings.findUniqueOrThrow({ where: { toolId: 'instagram' } })
		expect(openKey(kept.apiKey ?? '')?.key).toBe(KEY)

		// The trail names the fields, never the key.
		const audit = await trail()
		expect(JSON.stringify(audit)).not.toContain(KEY)
		expect(audit).toContainEqual({
			action: 'admin.tool.settings_changed',
			target: 'instagram',
			details: { fields: ['temperature'] },
		})
	})

	test('the generation uses the saved key; removing it gives back the service key', async () => {
		await saveInstagramSettings(instagram({ apiKey: KEY }), adminId)
		expect((await providerConfigFor('instagram')).config.gemini?.apiKey).toBe(KEY)
		await clearToolKey('instagram', adminId)
		expect(
			(await prisma.toolSettings.findUniqueOrThrow({ where: { toolId: 'instagram' } })).apiKey,
		).toBeNull()
		expect((await providerConfigFor('instagram')).config.gemini?.apiKey).not.toBe(KEY)
	})

	test('its key belongs to where its calls went when saved; the page says when it is not used', async () => {
		await writeSetting(SETTING_KEYS.provider, 'gemini', adminId)
		await writeSetting(SETTING_KEYS.geminiBaseUrl, 'https://a.example', adminId)
		try {
			await saveInstagramSettings(instagram({ apiKey: KEY }), adminId)
			expect((await loadInstagramSettings()).key.inForce).toBe('••••1234 (guardada en esta página)')

			await writeSetting(SETTING_KEYS.geminiBaseUrl, 'https://b.example', adminId)
			await saveProviderKey(adminId, 'gemini', {
				value: 'clave-de-b-5555',
				address: 'https://b.example',
			})
			expect((await loadInstagramSettings()).key.inForce).toBe(
				'••••5555, la del servicio (guardado en el panel). La clave guardada en esta página (••••1234) no se usa: solo se envía a https://a.example, la dirección con la que se guardó, y ahora las frases se piden a https://b.example. Escribe la clave para la dirección en uso o quítala.',
			)
			expect((await providerConfigFor('instagram')).config.gemini?.apiKey).toBe('clave-de-b-5555')
		} finally {
			await prisma.setting.deleteMany()
		}
	})

	test('reset deletes the row: the defaults show again', async () => {
		await saveInstagramSettings(instagram(), adminId)
		await resetToolSettings('instagram', adminId)
		expect(await prisma.toolSettings.count()).toBe(0)
		expect((await loadInstagramSettings()).values.customPrompt).toBe(
			INSTAGRAM_DEFAULTS.customPrompt,
		)
	})

	test('a model that is not in the list is refused and nothing is written', async () => {
		expect(await saveInstagramSettings(instagram({ modelId: 'no-existe' }), adminId)).toBe(
			'unknown_model',
		)
		expect(await prisma.toolSettings.count()).toBe(0)
	})
})

describe('Facebook', () => {
	const value = { intent: 'guardar' as const, baseUrl: 'https://api.example/gemini/' }

	test('a key is required when none is stored', async () => {
		expect(await saveFacebookSettings(value, adminId)).toBe('key_required')
		expect(await prisma.toolSettings.count()).toBe(0)
	})

	test('saved with a key; later saves at the same URL keep it; the address loses its trailing slash', async () => {
		expect(await saveFacebookSettings({ ...value, apiKey: 'clave-fb-9876' }, adminId)).toBe('ok')
		const model = await prisma.modelOption.create({
			data: { name: 'Flash', url: '', model: 'gemini-2.5-flash' },
		})
		expect(
			await saveFacebookSettings(
				{ ...value, baseUrl: 'https://api.example/gemini', modelId: model.id },
				adminId,
			),
		).toBe('ok')
		let row = await prisma.toolSettings.findUniqueOrThrow({ where: { toolId: 'facebook' } })
		expect(row).toMatchObject({ baseUrl: 'https://api.example/gemini', modelId: model.id })
		expect(row.name).toBe('Generador de Facebook')
		expect(openKey(row.apiKey ?? '')).toMatchObject({
			key: 'clave-fb-9876',
			address: 'https://api.example/gemini',
		})

		// Another URL: the stored key does not follow; typed again, it belongs to the new one.
		const elsewhere = { ...value, baseUrl: 'https://otra.example' }
		expect(await saveFacebookSettings(elsewhere, adminId)).toBe('key_for_new_url')
		expect(await saveFacebookSettings({ ...elsewhere, apiKey: 'clave-fb-9876' }, adminId)).toBe(
			'ok',
		)
		row = await prisma.toolSettings.findUniqueOrThrow({ where: { toolId: 'facebook' } })
		expect(row.baseUrl).toBe('https://otra.example')
		expect(openKey(row.apiKey ?? '')?.address).toBe('https://otra.example')
		const loaded = await loadFacebookSettings()
		expect(loaded).toMatchObject({
			saved: true,
			values: { baseUrl: 'https://otra.example' },
			key: { stored: '••••9876' },
		})
	})
})
