/**
 * A provider key an admin saves never comes back out: not in any admin page or tab, not in
 * the generator pages, not in any script, data request or other response the browser
 * loads, not in the settings table, the models table or the audit trail. And a non-admin's
 * direct posts to Configuración API are refused with 403 and change nothing.
 *
 * The app's server log is not captured by the own-app fixture (its output is not kept),
 * so it is not checked here.
 */
import { randomBytes } from 'node:crypto'
import { type Page, type Response } from '@playwright/test'
import { chooseGeminiAt, saveGeminiKey } from './api-settings-helpers'
import { toast } from './auth-helpers'
import { expect, test, type OwnApp } from './own-app'

const SETTINGS = '/admin/api-settings'

/** Every response the page receives from now on, with its body when it has one. */
function recordResponses(page: Page) {
	const bodies: Array<Promise<{ url: string; body: string }>> = []
	const read = async (response: Response) => {
		let body = ''
		try {
			body = await response.text()
		} catch {
			// Redirects and aborted loads have no body to read.
		}
		return { url: response.url(), body }
	}
	page.on('response', (response) => bodies.push(read(response)))
	return async () => Promise.all(bodies)
}

/**
 * What the pages' loaders return, as the browser's data requests get it: with single fetch
 * (this app), `<path>.data` (the home page's is `/_root.data`), every loader of the page.
 */
function dataUrls(paths: string[]) {
	return paths.map((path) => {
		const url = new URL(path, 'http://x')
		return `${url.pathname === '/' ? '/_root' : url.pathname}.data${url.search}`
	})
}

/** The text columns of a table's rows, as one string. */
const TEXT_COLUMNS: Record<string, string[]> = {
	settings: ['key', 'value'],
	configuracion_api: ['nombre', 'url', 'clave_api', 'model'],
	audit_logs: ['action', 'target', 'details'],
}

function tableText(ownApp: OwnApp, table: string) {
	const columns = TEXT_COLUMNS[table]!.map((column) => `coalesce(${column}, '')`).join(
		" || ' ' || ",
	)
	return (
		ownApp.sqlGet<{ text: string | null }>(
			`SELECT group_concat(${columns}, char(10)) AS text FROM ${table}`,
		)?.text ?? ''
	)
}

// The service's key saved here is one the fake refuses: leave no provider or model behind
// for the next test on this worker's app.
test.afterEach(({ ownApp }) => {
	ownApp.sql(`DELETE FROM settings WHERE key LIKE 'ai.%'`)
	ownApp.sql('DELETE FROM configuracion_api')
})

test('a saved key appears in no page, response, data request, table row or audit entry', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	test.setTimeout(90_000)
	const secret = `clave-secreta-${randomBytes(8).toString('hex')}`
	const modelSecret = `clave-modelo-${randomBytes(8).toString('hex')}`
	// Models another test left could refuse ours as a duplicate.
	ownApp.sql('DELETE FROM configuracion_api')
	await ownLogin({ admin: true })
	const collected = recordResponses(page)

	await ownVisit(`${SETTINGS}?tab=clave`)
	// The service's calls (listing the provider's models) go to the fake too, never out.
	await chooseGeminiAt(page, ownApp.gemini.url)
	await saveGeminiKey(page, secret)
	// A refused form with the key in it sends nothing of it back.
	const openai = page.getByRole('region', { name: 'Servidor compatible con OpenAI' })
	await openai.getByLabel('Dirección del servidor').fill('no es una dirección')
	await openai.getByLabel('API Key (opcional)').fill(secret)
	await openai.getByRole('button', { name: 'Guardar servidor' }).click()
	await expect(
		openai.getByText('Escribe una dirección que empiece por http:// o https://'),
	).toBeVisible()
	await expect(openai.getByLabel('API Key (opcional)')).toHaveValue('')

	// A custom model whose URL carries a key of its own.
	await ownVisit(`${SETTINGS}?tab=modelos`)
	await page.getByLabel('Nombre', { exact: true }).fill('Modelo con clave')
	await page
		.getByLabel('URL del modelo')
		.fill(`${ownApp.gemini.url}/v1beta/models/gemini-2.5-flash:generateContent?key=${modelSecret}`)
	await page.getByRole('button', { name: 'Añadir modelo' }).click()
	await expect(toast(page, 'Modelo añadido correctamente')).toBeAttached()
	await page
		.getByTestId('fila-modelo')
		.filter({ hasText: 'Modelo con clave' })
		.getByRole('button', { name: 'Usar este modelo' })
		.click()
	await expect(toast(page, 'Modelo seleccionado: Modelo con clave')).toBeAttached()

	// A test call through the model, answered by the fake with the model's own key.
	await ownVisit(`${SETTINGS}?tab=prueba`)
	await page.getByLabel('Prompt de prueba').fill('exactamente 2 frases')
	await page.getByRole('button', { name: 'Probar' }).click()
	await expect(page.getByTestId('respuesta')).toBeVisible()

	const pages = [
		'/admin/overview',
		'/admin/overview?tab=estadisticas',
		'/admin/users',
		`${SETTINGS}?tab=clave`,
		`${SETTINGS}?tab=modelos`,
		`${SETTINGS}?tab=modelos&consultar=1`,
		`${SETTINGS}?tab=prueba`,
		`${SETTINGS}?tab=avanzada`,
		'/admin/new-tools',
		'/admin/instagram-api',
		'/admin/facebook-api',
		'/admin/ads',
		'/',
		'/instagram',
		'/facebook',
	]
	for (const path of pages) await page.goto(ownApp.url(path))
	const masked = `••••${secret.slice(-4)}`
	let maskedInData = false
	for (const path of dataUrls(pages)) {
		const response = await page.request.get(ownApp.url(path))
		const body = await response.text()
		expect(body, path).not.toContain(secret)
		expect(body, path).not.toContain(modelSecret)
		maskedInData ||= body.includes(masked)
	}
	// The reads above really held the tab's data: the masked key is there, the key is not.
	expect(maskedInData, 'the API Key tab’s data shows the masked key').toBe(true)

	const responses = await collected()
	expect(responses.length).toBeGreaterThan(pages.length)
	expect(responses.some(({ body }) => body.includes(masked))).toBe(true)
	for (const { url, body } of responses) {
		expect(body, url).not.toContain(secret)
		expect(body, url).not.toContain(modelSecret)
	}

	for (const table of ['settings', 'configuracion_api', 'audit_logs']) {
		const text = tableText(ownApp, table)
		expect(text, table).not.toContain(secret)
		expect(text, table).not.toContain(modelSecret)
	}
	// Both keys are there, encrypted: the fake Gemini received each in its header. The test
	// call went through the custom model (its own key); listing the provider's models used
	// the service's key.
	const calls = ownApp.gemini.requests
	const generated = calls.findLast((request) => request.method === 'POST')
	expect(generated?.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent')
	expect(generated?.headers['x-goog-api-key']).toBe(modelSecret)
	const listed = calls.findLast((request) => request.method === 'GET')
	expect(listed?.path).toMatch(/^\/v1beta\/models\?/)
	expect(listed?.headers['x-goog-api-key']).toBe(secret)
})

test('a non-admin’s direct posts to Configuración API get 403 and change nothing', async ({
	page,
	ownApp,
	ownLogin,
}) => {
	await ownLogin({ name: 'Sin Permisos' })
	const before = tableText(ownApp, 'settings') + tableText(ownApp, 'configuracion_api')
	const posts: Array<Record<string, string>> = [
		{ intent: 'proveedor', provider: 'offline' },
		{ intent: 'clave-gemini', apiKey: 'clave-de-un-intruso' },
		{ intent: 'limites', anon: '1', user: '1', ip: '1', global: '1' },
		{ intent: 'anadir-modelo', provider: 'gemini', model: 'gemini-2.5-pro' },
		{ intent: 'avanzada', temperature: '0.1', topP: '0.1', maxTokens: '256' },
	]
	for (const form of posts) {
		for (const path of [SETTINGS, `${SETTINGS}?tab=avanzada`]) {
			const response = await page.request.post(ownApp.url(path), {
				headers: { origin: ownApp.baseURL },
				form,
				maxRedirects: 0,
			})
			expect(response.status(), `${form.intent} ${path}`).toBe(403)
			expect(await response.text()).toContain('No tienes permisos para acceder a esta página')
		}
	}
	expect(tableText(ownApp, 'settings') + tableText(ownApp, 'configuracion_api')).toBe(before)
	expect(
		ownApp.sqlGet<{ n: number }>(
			'SELECT count(*) AS n FROM configuracion_avanzada WHERE temperature = 0.1',
		)?.n,
	).toBe(0)
})
