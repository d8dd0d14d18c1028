/**
 * Configuración API, with and without JavaScript, on an app of the worker's own (the
 * provider, models, parameters and limits are service-wide): what an admin saves there is
 * what the home page's generations really use, as the fake Gemini sees it. Each test sets
 * up the configuration it needs and relies on nothing another test left.
 */
import { type Page } from '@playwright/test'
import { FAKE_GEMINI_KEY, geminiError } from '../tests/fakes/fake-gemini'
import { startFakeOpenAI } from '../tests/fakes/fake-openai'
import { chooseGeminiAt, saveGeminiKey } from './api-settings-helpers'
import { closeToast, randomIp, toast } from './auth-helpers'
import { expectNoSeriousViolations } from './axe'
import { expect, test, type OwnApp } from './own-app'

const SETTINGS = '/admin/api-settings'

/**
 * Saves the provider, address and key on the API Key tab through its forms (each test
 * starts without any, so each step's wait can only pass on what it saved).
 */
async function useFakeGemini(
	page: Page,
	ownApp: OwnApp,
	ownVisit: (path: string) => Promise<void>,
) {
	await ownVisit(`${SETTINGS}?tab=clave`)
	await chooseGeminiAt(page, ownApp.gemini.url)
	await saveGeminiKey(page, FAKE_GEMINI_KEY)
	await expect(page.getByTestId('en-uso')).toContainText('Gemini ·')
}

/**
 * One generation on the home page, posted as its form posts it (the form itself is the
 * generator specs' subject; here it is where the settings lead); the call the fake Gemini
 * received for it.
 */
async function generateOnHome(page: Page, ownApp: OwnApp) {
	const before = ownApp.gemini.requests.length
	const response = await page.request.post(ownApp.url('/?index'), {
		headers: { origin: ownApp.baseURL },
		form: {
			intent: 'generate',
			prompt: 'la playa en invierno',
			language: 'español es',
			type: 'motivacionales',
			count: '2',
			length: '25',
		},
		maxRedirects: 0,
	})
	expect(response.status(), 'the generation is stored and shown at its address').toBe(302)
	expect(response.headers()['location']).toMatch(/\?lote=[\w-]+/)
	const call = ownApp.gemini.requests.slice(before).findLast((request) => request.method === 'POST')
	expect(call, 'the home page called the fake Gemini').toBeDefined()
	return call!
}

test.beforeEach(({ ownApp }) => {
	// Each test saves settings through several forms and generates on the home page.
	test.slow()
	// The provider, address and key another test saved would already show what a step
	// waits for; models another test added would change which one answers.
	ownApp.sql(`DELETE FROM settings WHERE key LIKE 'ai.%'`)
	ownApp.sql('DELETE FROM configuracion_api')
})

test('Gemini with its key and address answers the home page; the key is never shown; reset', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
	js,
}) => {
	await ownLogin({ admin: true })
	await ownVisit(SETTINGS)
	await expect(
		page.getByRole('heading', {
			level: 1,
			name: 'Configuración de la API del generador de frases',
		}),
	).toBeVisible()
	const tabs = page.getByRole('navigation', { name: 'Secciones de la configuración' })
	await expect(tabs.getByRole('link')).toHaveText([
		'API Key',
		'Modelos',
		'Prueba',
		'Configuración Avanzada',
	])
	await expect(tabs.getByRole('link', { name: 'API Key' })).toHaveAttribute('aria-current', 'page')

	// An empty key is refused next to its field.
	await page.getByRole('button', { name: 'Guardar API Key' }).click()
	await expect(page.getByText('La API Key no puede estar vacía')).toBeVisible()

	await useFakeGemini(page, ownApp, ownVisit)
	const keyField = page.getByLabel('API Key', { exact: true })
	await expect(keyField).toHaveAttribute('type', 'password')
	await expect(keyField).toHaveValue('')
	await expect(page.getByTestId('clave-gemini-en-uso')).toHaveText(
		'Clave en uso: ••••-key (guardado en el panel)',
	)
	expect(await page.content()).not.toContain(FAKE_GEMINI_KEY)
	await expect(page.getByTestId('en-uso')).toContainText(
		'Gemini · gemini-flash-latest (valor predeterminado)',
	)
	if (js) await expectNoSeriousViolations(page, 'API Key tab')

	const call = await generateOnHome(page, ownApp)
	expect(call.path).toBe('/v1beta/models/gemini-flash-latest:generateContent')
	expect(call.headers['x-goog-api-key']).toBe(FAKE_GEMINI_KEY)

	// Without its key, Gemini cannot answer: the summary says so and who answers instead.
	await ownVisit(`${SETTINGS}?tab=clave`)
	await page.getByRole('button', { name: 'Restablecer clave' }).click()
	await expect(toast(page, 'API Key restablecida')).toBeAttached()
	await expect(page.getByTestId('en-uso')).toContainText('motor sin conexión')
	await expect(page.getByRole('note')).toHaveText(
		'Has elegido Gemini, pero falta la API Key de Gemini; mientras tanto responde el motor sin conexión.',
	)
})

test('advanced parameters reach the provider; reset gives the built-in ones back', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
	js,
}) => {
	await ownLogin({ admin: true })
	await useFakeGemini(page, ownApp, ownVisit)
	await ownVisit(`${SETTINGS}?tab=avanzada`)
	const temperature = page.getByRole('spinbutton', { name: 'Temperatura' })
	await expect(temperature).toHaveValue('0.7')
	await expect(page.getByRole('spinbutton', { name: 'Top P' })).toHaveValue('0.9')
	await expect(page.getByRole('spinbutton', { name: 'Máximo de tokens' })).toHaveValue('1024')
	await temperature.fill('0.3')
	await page.getByRole('spinbutton', { name: 'Máximo de tokens' }).fill('512')
	await page.getByRole('button', { name: 'Guardar configuración' }).click()
	await expect(toast(page, 'Configuración guardada correctamente')).toBeAttached()
	await expect(page.getByTestId('avanzada-en-uso')).toHaveText(
		'Valores en uso: guardado en el panel.',
	)
	await expect(temperature).toHaveValue('0.3')
	if (js) await expectNoSeriousViolations(page, 'Configuración Avanzada tab')

	const call = await generateOnHome(page, ownApp)
	expect(call.body).toMatchObject({ generationConfig: { temperature: 0.3, maxOutputTokens: 512 } })

	await ownVisit(`${SETTINGS}?tab=avanzada`)
	await page.getByRole('button', { name: 'Restablecer valores predeterminados' }).click()
	await expect(toast(page, 'Valores predeterminados restablecidos')).toBeAttached()
	await expect(temperature).toHaveValue('0.7')
	const builtIn = await generateOnHome(page, ownApp)
	expect(builtIn.body).not.toMatchObject({ generationConfig: { temperature: 0.3 } })
	expect(builtIn.body).not.toMatchObject({ generationConfig: { maxOutputTokens: 512 } })
})

test('a model from the provider’s list: added, selected, called, removed back to the default', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
	js,
}) => {
	await ownLogin({ admin: true })
	await useFakeGemini(page, ownApp, ownVisit)
	await ownVisit(`${SETTINGS}?tab=modelos`)
	await expect(page.getByTestId('modelo-en-uso')).toHaveText(
		'Modelo en uso: gemini-flash-latest (valor predeterminado)',
	)
	await page.getByRole('link', { name: 'Consultar modelos del proveedor' }).click()
	await expect(page).toHaveURL(/tab=modelos&consultar=1/)
	await page.getByRole('button', { name: 'Añadir gemini-2.5-pro' }).click()
	await expect(toast(page, 'Modelo añadido correctamente')).toBeAttached()

	const row = page.getByTestId('fila-modelo').filter({ hasText: 'gemini-2.5-pro' })
	await row.getByRole('button', { name: 'Usar este modelo' }).click()
	await expect(toast(page, 'Modelo seleccionado: gemini-2.5-pro')).toBeAttached()
	await expect(row).toContainText('En uso')
	if (js) await expectNoSeriousViolations(page, 'Modelos tab')
	expect((await generateOnHome(page, ownApp)).path).toBe(
		'/v1beta/models/gemini-2.5-pro:generateContent',
	)

	await ownVisit(`${SETTINGS}?tab=modelos`)
	await row.getByRole('button', { name: 'Eliminar' }).click()
	const dialog = page.getByRole('dialog', { name: '¿Eliminar este modelo?' })
	await expect(dialog).toContainText('que es el modelo en uso')
	await dialog.getByRole('button', { name: 'Eliminar modelo' }).click()
	await expect(
		toast(page, 'Modelo eliminado. Se usa el modelo predeterminado: gemini-flash-latest'),
	).toBeAttached()
	await expect(page.getByTestId('fila-modelo')).toHaveCount(0)
	expect((await generateOnHome(page, ownApp)).path).toBe(
		'/v1beta/models/gemini-flash-latest:generateContent',
	)
})

test('a custom model by URL: each mistake named next to its field; the key part never shown', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	await ownLogin({ admin: true })
	await useFakeGemini(page, ownApp, ownVisit)
	await ownVisit(`${SETTINGS}?tab=modelos`)
	const name = page.getByLabel('Nombre', { exact: true })
	const url = page.getByLabel('URL del modelo')
	const add = page.getByRole('button', { name: 'Añadir modelo' })

	await add.click()
	await expect(page.locator('#modelo-personalizado-name-error')).toHaveText(
		'Por favor completa todos los campos',
	)
	await expect(page.locator('#modelo-personalizado-url-error')).toHaveText(
		'Por favor completa todos los campos',
	)
	await name.fill('Mi Flash')
	await url.fill(`${ownApp.gemini.url}/v1beta/models/gemini-2.5-flash:generateContent`)
	await add.click()
	await expect(page.getByText("La URL del modelo debe incluir '?key=' al final")).toBeVisible()
	await expect(name).toHaveValue('Mi Flash')
	await url.fill(`${ownApp.gemini.url}/modelos/gemini-2.5-flash?key=abc`)
	await add.click()
	await expect(page.getByText(/La URL no tiene la forma esperada/)).toBeVisible()

	const secret = `clave-de-modelo-${Date.now()}`
	await url.fill(
		`${ownApp.gemini.url}/v1beta/models/gemini-2.5-flash:generateContent?key=${secret}`,
	)
	await add.click()
	await expect(toast(page, 'Modelo añadido correctamente')).toBeAttached()
	const row = page.getByTestId('fila-modelo').filter({ hasText: 'Mi Flash' })
	await expect(row).toContainText(
		`${ownApp.gemini.url}/v1beta/models/gemini-2.5-flash:generateContent?key=`,
	)
	expect(await page.content()).not.toContain(secret)
	const stored = ownApp.sqlGet<{ url: string; clave_api: string }>(
		"SELECT url, clave_api FROM configuracion_api WHERE nombre = 'Mi Flash'",
	)
	expect(stored?.url.endsWith('?key=')).toBe(true)
	expect(stored?.clave_api).toBeTruthy()
	expect(stored?.clave_api).not.toContain(secret)

	// The same name again is refused.
	await name.fill('Mi Flash')
	await url.fill(`${ownApp.gemini.url}/v1beta/models/gemini-2.5-pro:generateContent?key=`)
	await add.click()
	await expect(page.getByText('Ya existe un modelo con ese nombre')).toBeVisible()
})

test('Prueba shows what the provider answers, or its error', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
	js,
}) => {
	await ownLogin({ admin: true })
	await useFakeGemini(page, ownApp, ownVisit)
	await ownVisit(`${SETTINGS}?tab=prueba`)
	const run = page.getByRole('button', { name: 'Probar' })
	await run.click()
	await expect(page.getByText('Introduce un prompt para probar')).toBeVisible()

	await page.getByLabel('Prompt de prueba').fill('Escribe exactamente 2 frases sobre el mar')
	await run.click()
	const answer = page.getByTestId('respuesta')
	await expect(answer).toContainText('Cada amanecer trae una nueva oportunidad para brillar.')
	await expect(answer.getByRole('heading', { name: 'Respuesta' })).toBeVisible()
	await expect(page.getByText('Frase generada correctamente').first()).toBeVisible()
	await expect(page.getByTestId('respondio')).toHaveText('Respondió: Gemini · gemini-flash-latest')
	await expect(page.getByLabel('Prompt de prueba')).toHaveValue(
		'Escribe exactamente 2 frases sobre el mar',
	)
	if (js) await expectNoSeriousViolations(page, 'Prueba tab')

	ownApp.gemini.enqueue(geminiError(400, 'API key not valid. Please pass a valid API key.'))
	await run.click()
	await expect(answer).toContainText('Error: API key not valid. Please pass a valid API key.')
	expect(await page.content()).not.toContain(FAKE_GEMINI_KEY)
})

test('daily limits: checked next to each field; the visitors’ limit stops the second generation', async ({
	page,
	browser,
	ownApp,
	ownLogin,
	ownVisit,
	js,
}) => {
	await ownLogin({ admin: true })
	await ownVisit(`${SETTINGS}?tab=avanzada`)
	const visitors = page.getByLabel('Visitantes sin cuenta (por visitante)')
	await expect(page.locator(`#${await visitors.getAttribute('id')}-hint`)).toHaveText(
		'En uso: 100000 (variable de entorno GENERATION_DAILY_LIMIT_ANON)',
	)
	await visitors.fill('0')
	await page.getByLabel('Por dirección IP').fill('50')
	await page.getByRole('button', { name: 'Guardar límites' }).click()
	await expect(
		page.getByText('Escribe un número entero entre 1 y 1000000, o déjalo vacío'),
	).toBeVisible()
	await expect(page.getByLabel('Por dirección IP')).toHaveValue('50')

	await visitors.fill('1')
	await page.getByLabel('Por dirección IP').fill('')
	await page.getByRole('button', { name: 'Guardar límites' }).click()
	await expect(toast(page, 'Límites guardados correctamente')).toBeAttached()
	await expect(page.locator(`#${await visitors.getAttribute('id')}-hint`)).toHaveText(
		'En uso: 1 (guardado en el panel)',
	)
	await expect(visitors).toHaveValue('1')

	// A visitor without an account, from an address of its own.
	const context = await browser.newContext({ javaScriptEnabled: js, locale: 'es-ES' })
	const visitor = await context.newPage()
	await visitor.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	await visitor.goto(ownApp.url('/'))
	await visitor.getByLabel('¿Sobre qué quieres tus frases?').fill('el otoño')
	await visitor.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(visitor).toHaveURL(/\?lote=/)
	// The page now says the day's generations are spent, and the server refuses another.
	await visitor.goto(ownApp.url('/'))
	const spent = /Has alcanzado el límite de 1 generaciones de hoy/
	await expect(visitor.getByText(spent).first()).toBeVisible()
	await expect(visitor.getByRole('button', { name: 'Generar Frases' })).toBeDisabled()
	const second = await visitor.request.post(ownApp.url('/?index'), {
		headers: { origin: ownApp.baseURL },
		form: { intent: 'generate', prompt: 'el invierno', count: '1', length: '10' },
		maxRedirects: 0,
	})
	expect(second.status()).toBe(429)
	expect(await second.text()).toMatch(spent)
	await context.close()

	// Emptied, the field gives the environment's value back. The first save's toast says the
	// same: closed first, so the wait below passes only on this save's own.
	await closeToast(page, 'Límites guardados correctamente')
	await visitors.fill('')
	await page.getByRole('button', { name: 'Guardar límites' }).click()
	await expect(toast(page, 'Límites guardados correctamente')).toBeAttached()
	await expect(page.locator(`#${await visitors.getAttribute('id')}-hint`)).toHaveText(
		'En uso: 100000 (variable de entorno GENERATION_DAILY_LIMIT_ANON)',
	)
	expect(
		ownApp.sqlGet("SELECT value FROM settings WHERE key = 'generation.dailyLimit.anon'"),
	).toBeUndefined()
})

test('an OpenAI-compatible server, its model from its own list, answers the home page; its address goes back to the environment', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	const server = await startFakeOpenAI()
	try {
		await ownLogin({ admin: true })
		await ownVisit(`${SETTINGS}?tab=clave`)
		await page.getByRole('radio', { name: /^Compatible con OpenAI/ }).check()
		await page.getByRole('button', { name: 'Guardar proveedor' }).click()
		await expect(toast(page, 'Configuración guardada correctamente')).toBeAttached()
		// The address save answers with the same toast: closed first, so the wait below can
		// only pass on the new one (leaving for the models tab sooner cancels the save).
		await closeToast(page, 'Configuración guardada correctamente')
		await page.getByLabel('Dirección del servidor').fill(`${server.url}/v1`)
		await page.getByRole('button', { name: 'Guardar servidor' }).click()
		await expect(toast(page, 'Configuración guardada correctamente')).toBeAttached()

		await ownVisit(`${SETTINGS}?tab=modelos&consultar=1`)
		await page.getByRole('button', { name: 'Añadir llama3.2' }).click()
		await expect(toast(page, 'Modelo añadido correctamente')).toBeAttached()
		const row = page.getByTestId('fila-modelo').filter({ hasText: 'llama3.2' })
		await row.getByRole('button', { name: 'Usar este modelo' }).click()
		await expect(row).toContainText('En uso')

		const before = server.requests.length
		await ownVisit('/')
		await page.getByLabel('¿Sobre qué quieres tus frases?').fill('el otoño')
		await page.getByLabel('Número de frases').selectOption('2')
		await page.getByRole('button', { name: 'Generar Frases' }).click()
		await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
		const call = server.requests.slice(before).find((request) => request.method === 'POST')
		expect(call?.path).toBe('/v1/chat/completions')
		expect(call?.body).toMatchObject({ model: 'llama3.2' })

		await ownVisit(`${SETTINGS}?tab=clave`)
		await page.getByRole('button', { name: 'Restablecer dirección' }).click()
		await expect(toast(page, 'Configuración guardada correctamente')).toBeAttached()
		// The environment names no server here: the offline engine answers, and the page says why.
		await expect(page.getByTestId('en-uso')).toContainText('motor sin conexión')
		await expect(page.getByRole('button', { name: 'Restablecer dirección' })).toHaveCount(0)
	} finally {
		ownApp.sql("DELETE FROM settings WHERE key LIKE 'ai.%'")
		await server.close()
	}
})
