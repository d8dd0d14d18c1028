/**
 * API Instagram Frases, on an app of the worker's own with its fake Gemini: the page's own
 * template and key reach the provider on a generation from /instagram; a template without
 * {{prompt}} is refused; the key never shows; removing the key and resetting work.
 */
import { type Page } from '@playwright/test'
import { FAKE_GEMINI_KEY } from '../tests/fakes/fake-gemini'
import { toast } from './auth-helpers'
import { expectNoSeriousViolations } from './axe'
import { expect, test, type OwnApp } from './own-app'

const TITLE = 'Configuración de la API del generador de Instagram'
const sqlDate = (date: Date) => date.toISOString().replace('Z', '+00:00')

/**
 * The service on Gemini at the fake's address but without a key (so the rest of the site
 * stays offline), and nothing saved for the generators.
 */
function serviceAtFakeWithoutKey(app: OwnApp) {
	app.sql(`DELETE FROM settings WHERE key LIKE 'ai.%'`)
	app.sql('DELETE FROM tool_settings')
	app.sql(`DELETE FROM tools WHERE id IN ('home', 'instagram', 'facebook')`)
	const now = sqlDate(new Date())
	app.sql(
		`INSERT INTO settings (key, value, updated_at) VALUES ('ai.provider', 'gemini', ?), ('ai.gemini.baseUrl', ?, ?)`,
		now,
		app.gemini.url,
		now,
	)
}

/** The instruction text of the fake's last generateContent call. */
function lastInstruction(app: OwnApp) {
	const body = app.gemini.requests.at(-1)?.body as {
		contents?: Array<{ parts?: Array<{ text?: string }> }>
	}
	return (body?.contents?.[0]?.parts ?? []).map((part) => part.text ?? '').join('')
}

const form = (page: Page) => page.getByRole('region', { name: TITLE })

test('a saved template and key reach the provider on /instagram; the key is never shown', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	// Many round trips to a separate app: room for a busy machine (2 CPUs, shared).
	test.setTimeout(90_000)
	serviceAtFakeWithoutKey(ownApp)
	await ownLogin({ admin: true })
	await ownVisit('/admin/instagram-api')
	await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
	// Nothing saved: the default template, the service's key (none) and model.
	await expect(form(page).getByLabel('Plantilla de instrucciones')).toHaveValue(
		'Crea frases para Instagram sobre: {{prompt}}',
	)
	await expect(page.getByTestId('clave-en-uso')).toContainText('ninguna')
	await expect(form(page).getByLabel('Modelo')).toHaveValue('')
	await expect(form(page).getByRole('option', { selected: true })).toHaveText(
		'Modelo del servicio (gemini-flash-latest)',
	)
	await expect(form(page).getByLabel('Incluir instrucciones del sistema')).toBeChecked()
	await expect(form(page).getByLabel('Temperatura', { exact: true })).toHaveValue('0.7')
	await expect(form(page).getByLabel('Máximo de tokens')).toHaveValue('1024')
	await expect(form(page).getByLabel('Top P', { exact: true })).toHaveValue('0.95')

	await form(page).getByLabel('Clave API propia').fill(FAKE_GEMINI_KEY)
	await form(page)
		.getByLabel('Plantilla de instrucciones')
		.fill('Escribe para una cuenta de viajes: {{prompt}}')
	await form(page).getByRole('button', { name: 'Guardar configuración' }).click()
	await expect(toast(page, 'Configuración guardada correctamente')).toBeAttached()
	await expect(page.getByTestId('clave-en-uso')).toContainText('••••-key (guardada en esta página)')
	await expect(form(page).getByLabel('Clave API propia')).toHaveValue('')
	expect(await page.content()).not.toContain(FAKE_GEMINI_KEY)
	const stored = ownApp.sqlGet<{ api_key: string }>(
		`SELECT api_key FROM tool_settings WHERE tool_id = 'instagram'`,
	)
	expect(stored?.api_key).toBeTruthy()
	expect(stored?.api_key).not.toContain(FAKE_GEMINI_KEY)

	// A generation on /instagram goes to the fake, with the page's key and template.
	const topic = `la costa de Asturias ${Date.now()}`
	await ownVisit('/instagram')
	await page.getByLabel('¿Sobre qué quieres tus frases?').fill(topic)
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	await expect(page.getByRole('heading', { name: 'Frases Generadas' })).toBeVisible()
	expect(ownApp.gemini.requests.at(-1)?.headers['x-goog-api-key']).toBe(FAKE_GEMINI_KEY)
	expect(lastInstruction(ownApp).startsWith(`Escribe para una cuenta de viajes: ${topic}`)).toBe(
		true,
	)

	// 'Quitar clave' gives back the service's key (none here), then 'Restablecer' the defaults.
	await ownVisit('/admin/instagram-api')
	await page.getByRole('button', { name: 'Quitar clave' }).click()
	await expect(toast(page, 'Clave eliminada: se usa la del servicio')).toBeAttached()
	await expect(page.getByTestId('clave-en-uso')).toContainText('ninguna')
	await expect(page.getByRole('button', { name: 'Quitar clave' })).toHaveCount(0)
	await page.getByRole('button', { name: 'Restablecer' }).click()
	await expect(toast(page, 'Configuración restablecida: se aplica la del servicio')).toBeAttached()
	await expect(form(page).getByLabel('Plantilla de instrucciones')).toHaveValue(
		'Crea frases para Instagram sobre: {{prompt}}',
	)
	expect(ownApp.sqlGet(`SELECT tool_id FROM tool_settings WHERE tool_id = 'instagram'`)).toBe(
		undefined,
	)
})

test('a template without {{prompt}} and sampling out of range are refused, the rest kept', async ({
	page,
	js,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	// Many round trips to a separate app: room for a busy machine (2 CPUs, shared).
	test.setTimeout(90_000)
	serviceAtFakeWithoutKey(ownApp)
	await ownLogin({ admin: true })
	await ownVisit('/admin/instagram-api')
	await form(page).getByLabel('Nombre').fill('Instagram Viajes')
	await form(page)
		.getByLabel('Plantilla de instrucciones')
		.fill('Escribe para una cuenta de viajes')
	await form(page).getByLabel('Temperatura', { exact: true }).fill('1.5')
	await form(page).getByLabel('Incluir instrucciones del sistema').uncheck()
	await form(page).getByRole('button', { name: 'Guardar configuración' }).click()

	await expect(form(page).getByText('La plantilla debe incluir {{prompt}}')).toBeVisible()
	await expect(form(page).getByLabel('Plantilla de instrucciones')).toHaveAttribute(
		'aria-invalid',
		'true',
	)
	await expect(
		form(page).getByText('La temperatura debe estar entre 0 y 1, en pasos de 0,1'),
	).toBeVisible()
	await expect(form(page).getByLabel('Nombre')).toHaveValue('Instagram Viajes')
	await expect(form(page).getByLabel('Plantilla de instrucciones')).toHaveValue(
		'Escribe para una cuenta de viajes',
	)
	await expect(form(page).getByLabel('Incluir instrucciones del sistema')).not.toBeChecked()
	// axe runs as a script: audited in the JavaScript project (a11y.spec.ts covers the rest).
	if (js) await expectNoSeriousViolations(page, '/admin/instagram-api with errors')
	expect(ownApp.sqlGet('SELECT tool_id FROM tool_settings')).toBeUndefined()
	expect(
		ownApp.sqlGet<{ name: string }>(`SELECT name FROM tools WHERE id = 'instagram'`)?.name,
	).toBe('Generador de Instagram')

	// Posted anyway (as without the browser's checks): 400 with the reason.
	const response = await page.request.post(ownApp.url('/admin/instagram-api'), {
		headers: { origin: ownApp.baseURL },
		form: {
			intent: 'guardar',
			name: 'X',
			description: 'Y',
			customPrompt: 'Sin marcador',
			temperature: '0.5',
			maxTokens: '100',
			topP: '0.5',
		},
		maxRedirects: 0,
	})
	expect(response.status()).toBe(400)
	expect(await response.text()).toContain('La plantilla debe incluir {{prompt}}')
})
