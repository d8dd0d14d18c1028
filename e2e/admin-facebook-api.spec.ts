/**
 * API Facebook Frases, on an app of the worker's own with its fake Gemini: 'Probar
 * conexión' tells success, an answer without data, the API's refusal and an address that
 * does not answer; saving needs a key; once saved, /facebook generates through the page's
 * own address and key.
 */
import { type Page } from '@playwright/test'
import { FAKE_GEMINI_KEY } from '../tests/fakes/fake-gemini'
import { toast } from './auth-helpers'
import { expectNoSeriousViolations } from './axe'
import { expect, test, type OwnApp } from './own-app'

const TITLE = 'Configuración de la API de frases de Facebook'

/** The service offline (no provider saved), nothing saved for the generators. */
function offlineService(app: OwnApp) {
	app.sql(`DELETE FROM settings WHERE key LIKE 'ai.%'`)
	app.sql('DELETE FROM tool_settings')
	app.sql(`DELETE FROM tools WHERE id IN ('home', 'instagram', 'facebook')`)
}

const form = (page: Page) => page.getByRole('region', { name: TITLE })
const result = (page: Page) => page.getByTestId('resultado-prueba')

async function testWith(page: Page, values: { url: string; key: string }) {
	await form(page).getByLabel('URL de la API').fill(values.url)
	await form(page).getByLabel('Clave API').fill(values.key)
	await form(page).getByRole('button', { name: 'Probar conexión' }).click()
}

test('the connection test says what the API did, before anything is saved', async ({
	page,
	js,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	// Many round trips to a separate app: room for a busy machine (2 CPUs, shared).
	test.setTimeout(90_000)
	offlineService(ownApp)
	await ownLogin({ admin: true })
	await ownVisit('/admin/facebook-api')
	await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()

	// Missing address or key: both are named, and nothing is called.
	const calls = ownApp.gemini.requests.length
	await testWith(page, { url: '', key: FAKE_GEMINI_KEY })
	await expect(form(page).getByRole('alert')).toHaveText(
		'Por favor, completa la URL de la API y la clave API',
	)
	await form(page).getByLabel('URL de la API').fill(ownApp.gemini.url)
	// With JavaScript the message goes once an address is typed: the next one is the server's.
	if (js) await expect(form(page).getByRole('alert')).toHaveCount(0)
	await testWith(page, { url: ownApp.gemini.url, key: '' })
	await expect(form(page).getByRole('alert')).toHaveText(
		'Por favor, completa la URL de la API y la clave API',
	)
	expect(ownApp.gemini.requests.length).toBe(calls)

	await testWith(page, { url: ownApp.gemini.url, key: FAKE_GEMINI_KEY })
	await expect(result(page)).toContainText('Conexión correcta: la API respondió con datos.')
	expect(ownApp.gemini.requests.at(-1)?.headers['x-goog-api-key']).toBe(FAKE_GEMINI_KEY)
	// What was typed stays (the key aside: it is never sent back to the page).
	await expect(form(page).getByLabel('URL de la API')).toHaveValue(ownApp.gemini.url)
	expect(await page.content()).not.toContain(FAKE_GEMINI_KEY)

	ownApp.gemini.enqueue({ status: 200, body: { candidates: [] } })
	await testWith(page, { url: ownApp.gemini.url, key: FAKE_GEMINI_KEY })
	await expect(result(page)).toContainText(
		'La API respondió, pero no se recibieron datos esperados',
	)

	await testWith(page, { url: ownApp.gemini.url, key: 'clave-equivocada' })
	await expect(result(page)).toContainText(
		'Error de la API: API key not valid. Please pass a valid API key.',
	)

	await testWith(page, { url: 'http://127.0.0.1:9', key: FAKE_GEMINI_KEY })
	await expect(result(page)).toContainText('No se pudo conectar con la API. Comprueba la URL.')
	// axe runs as a script: audited in the JavaScript project (a11y.spec.ts covers the rest).
	if (js) await expectNoSeriousViolations(page, '/admin/facebook-api with a test result')

	// Testing saves nothing.
	expect(ownApp.sqlGet('SELECT tool_id FROM tool_settings')).toBeUndefined()
})

test('saving needs a key; once saved, /facebook generates with the page’s address and key', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	// Many round trips to a separate app: room for a busy machine (2 CPUs, shared).
	test.setTimeout(90_000)
	offlineService(ownApp)
	await ownLogin({ admin: true })
	await ownVisit('/admin/facebook-api')
	await form(page).getByLabel('URL de la API').fill(ownApp.gemini.url)
	await form(page).getByRole('button', { name: 'Guardar configuración' }).click()
	await expect(form(page).getByText('Por favor, ingresa una API key válida')).toBeVisible()
	await expect(form(page).getByLabel('Clave API')).toHaveAttribute('aria-invalid', 'true')
	await expect(form(page).getByLabel('URL de la API')).toHaveValue(ownApp.gemini.url)
	expect(ownApp.sqlGet('SELECT tool_id FROM tool_settings')).toBeUndefined()

	await form(page).getByLabel('Clave API').fill(FAKE_GEMINI_KEY)
	await form(page).getByRole('button', { name: 'Guardar configuración' }).click()
	await expect(toast(page, 'Configuración guardada correctamente')).toBeAttached()
	await expect(form(page).getByLabel('URL de la API')).toHaveValue(ownApp.gemini.url)
	await expect(form(page)).toContainText('••••-key (guardada en esta página)')
	expect(await page.content()).not.toContain(FAKE_GEMINI_KEY)

	// With the key stored, an empty key field tests the stored one.
	await testWith(page, { url: ownApp.gemini.url, key: '' })
	await expect(result(page)).toContainText('Conexión correcta')

	const topic = `un café con amigos ${Date.now()}`
	await ownVisit('/facebook')
	await page.getByLabel('¿Sobre qué quieres tus frases?').fill(topic)
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	await expect(page.getByRole('heading', { name: 'Frases Generadas' })).toBeVisible()
	const call = ownApp.gemini.requests.at(-1)
	expect(call?.headers['x-goog-api-key']).toBe(FAKE_GEMINI_KEY)
	expect(JSON.stringify(call?.body)).toContain(topic)

	await ownVisit('/admin/facebook-api')
	await page.getByRole('button', { name: 'Restablecer' }).click()
	await expect(toast(page, 'Configuración restablecida: se aplica la del servicio')).toBeAttached()
	await expect(form(page).getByLabel('URL de la API')).toHaveValue('')
	expect(ownApp.sqlGet('SELECT tool_id FROM tool_settings')).toBeUndefined()
})
