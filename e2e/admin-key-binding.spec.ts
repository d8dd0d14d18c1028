/**
 * A stored provider key goes only to the address it was saved for. On an app of the
 * worker's own (the settings are service-wide), an admin saves keys through the pages;
 * then whoever holds an admin session posts what an attacker would: the same forms with
 * another address (a listener on loopback) and an empty key. The listener must receive no
 * key of ours, the posts are refused with the reason next to the key field, and the page
 * asks for the key when an admin changes an address.
 */
import { type Page } from '@playwright/test'
import { FAKE_GEMINI_KEY, startFakeGemini } from '../tests/fakes/fake-gemini'
import { startFakeOpenAI } from '../tests/fakes/fake-openai'
import { keysReceivedBy, type FakeServer } from '../tests/fakes/shared'
import { chooseGeminiAt, saveGeminiKey } from './api-settings-helpers'
import { toast } from './auth-helpers'
import { expect, test, type OwnApp } from './own-app'

const SETTINGS = '/admin/api-settings'
const FACEBOOK = '/admin/facebook-api'
const ATTACKER_KEY = 'clave-del-atacante'

const keysSentTo = keysReceivedBy

/** A post as the attacker sends it: from the signed-in browser, with our own Origin. */
async function attack(page: Page, ownApp: OwnApp, path: string, form: Record<string, string>) {
	return page.request.post(ownApp.url(path), {
		headers: { origin: ownApp.baseURL },
		form,
		maxRedirects: 0,
	})
}

function setting(ownApp: OwnApp, key: string) {
	return ownApp.sqlGet<{ value: string }>('SELECT value FROM settings WHERE key = ?', key)?.value
}

/** No provider, address, key or model saved: the worker's app is shared by its tests. */
function forgetProviders(ownApp: OwnApp) {
	ownApp.sql(`DELETE FROM settings WHERE key LIKE 'ai.%'`)
	ownApp.sql('DELETE FROM tool_settings')
	ownApp.sql('DELETE FROM configuracion_api')
}

let listener: FakeServer
test.beforeEach(async ({ ownApp }) => {
	// Several saves through the pages of a separate app: room for a busy machine.
	test.slow()
	listener = await startFakeGemini({ apiKey: ATTACKER_KEY })
	forgetProviders(ownApp)
})
test.afterEach(async ({ ownApp }) => {
	await listener.close()
	forgetProviders(ownApp)
})

test('Probar conexión and saving on API Facebook Frases take the stored key to no other address', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	await ownLogin({ admin: true })
	await ownVisit(FACEBOOK)
	const form = page.getByRole('region', { name: 'Configuración de la API de frases de Facebook' })
	await form.getByLabel('URL de la API').fill(ownApp.gemini.url)
	await form.getByLabel('Clave API').fill(FAKE_GEMINI_KEY)
	await form.getByRole('button', { name: 'Guardar configuración' }).click()
	await expect(toast(page, 'Configuración guardada correctamente')).toBeAttached()
	await expect(form).toContainText('••••-key (guardada en esta página)')

	// The attacker's posts: the stored key (empty field) towards the listener.
	const test = await attack(page, ownApp, FACEBOOK, {
		intent: 'probar',
		baseUrl: listener.url,
		apiKey: '',
	})
	expect(keysSentTo(listener)).toEqual([])
	expect(test.status()).toBe(400)
	const save = await attack(page, ownApp, FACEBOOK, {
		intent: 'guardar',
		baseUrl: listener.url,
		apiKey: '',
	})
	expect(save.status()).toBe(400)
	expect(listener.requests).toEqual([])
	expect(ownApp.sqlGet<{ base_url: string }>('SELECT base_url FROM tool_settings')?.base_url).toBe(
		ownApp.gemini.url,
	)

	// An admin doing the same in the page is told why, next to the key field.
	await ownVisit(FACEBOOK)
	await form.getByLabel('URL de la API').fill(listener.url)
	await form.getByRole('button', { name: 'Probar conexión' }).click()
	await expect(form.locator('[id$="apiKey-error"]')).toHaveText(
		'La clave guardada solo se envía a la URL con la que se guardó. Para probar otra URL, escribe su clave API.',
	)
	await expect(form.getByLabel('URL de la API')).toHaveValue(listener.url)
	await form.getByRole('button', { name: 'Guardar configuración' }).click()
	await expect(form.locator('[id$="apiKey-error"]')).toHaveText(
		'Has cambiado la URL de la API: escribe la clave API que se usará con ella (la guardada solo se envía a la URL con la que se guardó).',
	)
	expect(listener.requests).toEqual([])

	// At its own address the stored key is still tested.
	await ownVisit(FACEBOOK)
	await form.getByRole('button', { name: 'Probar conexión' }).click()
	await expect(page.getByTestId('resultado-prueba')).toContainText('Conexión correcta')
	expect(ownApp.gemini.requests.at(-1)?.headers['x-goog-api-key']).toBe(FAKE_GEMINI_KEY)
})

test('Configuración API: a new address asks for its key, and no stored key reaches it', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	await ownLogin({ admin: true })
	await ownVisit(`${SETTINGS}?tab=clave`)
	await chooseGeminiAt(page, ownApp.gemini.url)
	await saveGeminiKey(page, FAKE_GEMINI_KEY)
	await expect(page.getByTestId('en-uso')).toContainText('Gemini ·')

	// The attacker moves the address to the listener, then makes the service call it: a
	// model listing, a test prompt, and a custom model there without a key of its own.
	const moved = await attack(page, ownApp, `${SETTINGS}?tab=clave`, {
		intent: 'direccion-gemini',
		baseUrl: listener.url,
	})
	expect(moved.status()).toBe(400)
	expect(setting(ownApp, 'ai.gemini.baseUrl')).toBe(ownApp.gemini.url)
	await attack(page, ownApp, `${SETTINGS}?tab=modelos`, {
		intent: 'modelo-personalizado',
		name: 'Modelo del atacante',
		url: `${listener.url}/v1beta/models/gemini-2.5-flash:generateContent?key=`,
	})
	const model = ownApp.sqlGet<{ id: string }>('SELECT id FROM configuracion_api')
	expect(model).toBeDefined()
	await attack(page, ownApp, `${SETTINGS}?tab=modelos`, {
		intent: 'usar-modelo',
		modelId: model!.id,
	})
	await attack(page, ownApp, `${SETTINGS}?tab=prueba`, { intent: 'prueba', prompt: 'hola' })
	await page.request.get(ownApp.url(`${SETTINGS}?tab=modelos&consultar=1`))
	expect(keysSentTo(listener)).toEqual([])

	// The OpenAI-compatible server's key, saved with one server, is not sent to the next.
	const openai = await startFakeOpenAI()
	try {
		const saved = await attack(page, ownApp, `${SETTINGS}?tab=clave`, {
			intent: 'openai',
			baseUrl: `${openai.url}/v1`,
			apiKey: FAKE_GEMINI_KEY,
		})
		expect(saved.status()).toBe(302)
		const elsewhere = await attack(page, ownApp, `${SETTINGS}?tab=clave`, {
			intent: 'openai',
			baseUrl: `${listener.url}/v1`,
		})
		expect(elsewhere.status()).toBe(400)
		expect(setting(ownApp, 'ai.openai.baseUrl')).toBe(`${openai.url}/v1`)
	} finally {
		await openai.close()
	}

	// An admin changing the address in the page is asked for the key, then it is saved.
	await ownVisit(`${SETTINGS}?tab=clave`)
	const address = page.getByLabel('Dirección de la API (opcional)')
	await address.fill(listener.url)
	await page.getByRole('button', { name: 'Guardar dirección' }).click()
	const addressKey = page.getByLabel('API Key para esta dirección (opcional)')
	await expect(page.locator(`#${await addressKey.getAttribute('id')}-error`)).toHaveText(
		'La API Key guardada solo se envía a la dirección con la que se guardó: escribe la API Key que se usará con esta dirección.',
	)
	await expect(address).toHaveValue(listener.url)
	await expect(addressKey).toHaveValue('')
	await addressKey.fill(ATTACKER_KEY)
	await page.getByRole('button', { name: 'Guardar dirección' }).click()
	await expect(page.locator(`#${await address.getAttribute('id')}-hint`)).toContainText(
		`En uso: ${listener.url} (guardado en el panel)`,
	)
	await expect(page.getByTestId('clave-gemini-en-uso')).toHaveText(
		'Clave en uso: ••••ante (guardado en el panel)',
	)
	expect(keysSentTo(listener).filter((key) => key !== ATTACKER_KEY)).toEqual([])
})
