/**
 * Nuevas Herramientas, on an app of the worker's own (switching a generator off must not
 * reach the other specs' generations): adding a tool, switching tools on and off, deleting
 * with a confirmation step, and what a switched-off generator's page does.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { type Page } from '@playwright/test'
import { toast } from './auth-helpers'
import { expectNoSeriousViolations } from './axe'
import { expect, test, type OwnApp } from './own-app'

const tag = () => randomBytes(4).toString('hex')
const sqlDate = (date: Date) => date.toISOString().replace('Z', '+00:00')

const INSTAGRAM_OFF =
	'El generador de Instagram no está disponible temporalmente. Vuelve a intentarlo más tarde.'

/** The generators as a fresh install has them: rows recreated by the admin page, all on. */
function resetTools(app: OwnApp) {
	app.sql(`DELETE FROM tools WHERE id IN ('home', 'instagram', 'facebook')`)
	app.sql('DELETE FROM tool_settings')
}

function addToolRow(app: OwnApp, name: string) {
	const id = randomUUID()
	const now = sqlDate(new Date())
	app.sql(
		`INSERT INTO tools (id, name, description, endpoint, is_active, created_at, updated_at)
		 VALUES (?, ?, 'Una herramienta de prueba', '/prueba', 1, ?, ?)`,
		id,
		name,
		now,
		now,
	)
	return id
}

const row = (page: Page, name: string) =>
	page.getByTestId('herramienta').filter({ has: page.getByRole('rowheader', { name }) })
const status = (page: Page, name: string) => row(page, name).getByTestId('estado-herramienta')

test('adding a tool: an incomplete form is refused as agreed; a complete one is listed', async ({
	page,
	js,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	// Many round trips to a separate app: room for a busy machine (2 CPUs, shared).
	test.setTimeout(90_000)
	resetTools(ownApp)
	await ownLogin({ admin: true })
	await ownVisit('/admin/new-tools')
	await expect(page.getByRole('heading', { level: 1, name: 'Nuevas Herramientas' })).toBeVisible()
	// The generators are listed from the first visit, on, with the service's model.
	for (const name of ['Generador de Frases', 'Generador de Instagram', 'Generador de Facebook']) {
		await expect(status(page, name)).toHaveText('Activa')
		await expect(row(page, name)).toContainText('Modelo del servicio')
		await expect(row(page, name).getByRole('button', { name: /^Eliminar/ })).toHaveCount(0)
	}

	const name = `Hashtags ${tag()}`
	const form = page.getByRole('region', { name: 'Añadir herramienta' })
	await form.getByLabel('Nombre').fill(name)
	await form.getByRole('button', { name: 'Añadir herramienta' }).click()
	await expect(form.getByRole('alert')).toHaveText('Por favor complete todos los campos')
	await expect(form.getByLabel('Nombre')).toHaveValue(name)
	expect(ownApp.sqlGet('SELECT id FROM tools WHERE name = ?', name)).toBeUndefined()

	await form.getByLabel('Descripción').fill('Ideas de hashtags para cada publicación')
	await form.getByLabel('Dirección').fill('ftp://hashtags.example')
	await form.getByRole('button', { name: 'Añadir herramienta' }).click()
	await expect(form.getByText(/La dirección debe ser una ruta del sitio/)).toBeVisible()
	await expect(form.getByLabel('Descripción')).toHaveValue(
		'Ideas de hashtags para cada publicación',
	)
	// axe runs as a script: audited in the JavaScript project (a11y.spec.ts covers the rest).
	if (js) await expectNoSeriousViolations(page, '/admin/new-tools with errors')

	await form.getByLabel('Dirección').fill('/hashtags')
	await form.getByRole('button', { name: 'Añadir herramienta' }).click()
	await expect(toast(page, 'Herramienta añadida correctamente')).toBeAttached()
	await expect(row(page, name)).toContainText('Ideas de hashtags para cada publicación')
	await expect(row(page, name)).toContainText('/hashtags')
	await expect(status(page, name)).toHaveText('Activa')
	// The form is empty again for the next tool.
	await expect(form.getByLabel('Nombre')).toHaveValue('')
	expect(
		ownApp.sqlGet<{ is_active: number }>('SELECT is_active FROM tools WHERE name = ?', name)
			?.is_active,
	).toBe(1)
})

test('a tool is switched off and on, and deleted after a confirmation', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	// Many round trips to a separate app: room for a busy machine (2 CPUs, shared).
	test.setTimeout(90_000)
	const name = `Biografías ${tag()}`
	const id = addToolRow(ownApp, name)
	await ownLogin({ admin: true })
	await ownVisit('/admin/new-tools')

	await row(page, name)
		.getByRole('button', { name: `Desactivar ${name}` })
		.click()
	await expect(toast(page, 'Herramienta desactivada')).toBeAttached()
	await expect(status(page, name)).toHaveText('Inactiva')
	await row(page, name)
		.getByRole('button', { name: `Activar ${name}` })
		.click()
	await expect(toast(page, 'Herramienta activada')).toBeAttached()
	await expect(status(page, name)).toHaveText('Activa')

	await row(page, name)
		.getByRole('button', { name: `Eliminar ${name}` })
		.click()
	const dialog = page.getByRole('dialog', { name: '¿Eliminar esta herramienta?' })
	await expect(dialog).toContainText(name)
	await dialog.getByRole('link', { name: 'Cancelar' }).click()
	await expect(dialog).toHaveCount(0)
	await expect(row(page, name)).toHaveCount(1)

	await row(page, name)
		.getByRole('button', { name: `Eliminar ${name}` })
		.click()
	await dialog.getByRole('button', { name: 'Eliminar herramienta' }).click()
	await expect(toast(page, 'Herramienta eliminada')).toBeAttached()
	await expect(row(page, name)).toHaveCount(0)
	expect(ownApp.sqlGet('SELECT id FROM tools WHERE id = ?', id)).toBeUndefined()

	// A generator is never deleted; an unknown id gets 404, not an error page.
	const post = (form: Record<string, string>) =>
		page.request.post(ownApp.url('/admin/new-tools'), {
			headers: { origin: ownApp.baseURL },
			form,
			maxRedirects: 0,
		})
	const generator = await post({ intent: 'eliminar', toolId: 'home', confirmado: 'si' })
	expect(generator.status()).toBe(409)
	expect(await generator.text()).toContain('Los generadores no se pueden eliminar')
	expect(ownApp.sqlGet('SELECT id FROM tools WHERE id = ?', 'home')).toBeDefined()
	const unknown: Array<Record<string, string>> = [
		{ intent: 'eliminar', toolId: id },
		{ intent: 'eliminar', toolId: id, confirmado: 'si' },
		{ intent: 'activar', toolId: id },
	]
	for (const form of unknown) {
		const response = await post(form)
		expect(response.status(), JSON.stringify(form)).toBe(404)
		expect(await response.text()).toContain('Esa herramienta no existe')
	}
})

test('the Instagram generator switched off keeps its page without the form; on again, it is back', async ({
	page,
	js,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	// Many round trips to a separate app: room for a busy machine (2 CPUs, shared).
	test.setTimeout(90_000)
	resetTools(ownApp)
	await ownLogin({ admin: true })
	await ownVisit('/admin/new-tools')
	await row(page, 'Generador de Instagram')
		.getByRole('button', { name: 'Desactivar Generador de Instagram' })
		.click()
	await expect(toast(page, 'Herramienta desactivada')).toBeAttached()
	await expect(status(page, 'Generador de Instagram')).toHaveText('Inactiva')

	const response = await page.goto(ownApp.url('/instagram'))
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1, name: 'Frases para Instagram' })).toBeVisible()
	await expect(page.getByRole('status').filter({ hasText: INSTAGRAM_OFF })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Generar Frases' })).toHaveCount(0)
	await expect(page.getByLabel('¿Sobre qué quieres tus frases?')).toHaveCount(0)
	if (js) await expectNoSeriousViolations(page, '/instagram switched off')

	// A generation posted anyway is refused, and nothing is generated or counted.
	const requestsBefore = ownApp.gemini.requests.length
	const refused = await page.request.post(ownApp.url('/instagram'), {
		headers: { origin: ownApp.baseURL },
		form: { intent: 'generate', prompt: 'la playa', count: '2', length: '12' },
		maxRedirects: 0,
	})
	expect(refused.status()).toBe(409)
	expect(await refused.text()).toContain(INSTAGRAM_OFF)
	expect(ownApp.gemini.requests.length).toBe(requestsBefore)

	// The other generators are untouched.
	await ownVisit('/facebook')
	await expect(page.getByRole('button', { name: 'Generar Frases' })).toBeVisible()

	await ownVisit('/admin/new-tools')
	await row(page, 'Generador de Instagram')
		.getByRole('button', { name: 'Activar Generador de Instagram' })
		.click()
	await expect(toast(page, 'Herramienta activada')).toBeAttached()
	await ownVisit('/instagram')
	await expect(page.getByRole('button', { name: 'Generar Frases' })).toBeVisible()
	await expect(page.getByText(INSTAGRAM_OFF)).toHaveCount(0)
})

test('a non-admin’s posts to the three tools pages get 403 and change nothing', async ({
	page,
	ownApp,
	ownLogin,
}) => {
	// Many round trips to a separate app: room for a busy machine (2 CPUs, shared).
	test.setTimeout(90_000)
	resetTools(ownApp)
	const name = `Intacta ${tag()}`
	const id = addToolRow(ownApp, name)
	await ownLogin({ name: 'Sin Permisos' })
	const attempts: Array<[string, Record<string, string>]> = [
		['/admin/new-tools', { intent: 'desactivar', toolId: id }],
		['/admin/new-tools', { intent: 'eliminar', toolId: id, confirmado: 'si' }],
		['/admin/new-tools', { intent: 'anadir', name: 'X', description: 'Y', endpoint: '/x' }],
		[
			'/admin/instagram-api',
			{
				intent: 'guardar',
				name: 'X',
				description: 'Y',
				isActive: '',
				customPrompt: 'X {{prompt}}',
				temperature: '0.5',
				maxTokens: '100',
				topP: '0.5',
			},
		],
		['/admin/instagram-api', { intent: 'restablecer' }],
		['/admin/facebook-api', { intent: 'guardar', baseUrl: 'https://x.example', apiKey: 'k' }],
		['/admin/facebook-api', { intent: 'probar', baseUrl: ownApp.gemini.url, apiKey: 'k' }],
	]
	const calls = ownApp.gemini.requests.length
	for (const [path, form] of attempts) {
		const response = await page.request.post(ownApp.url(path), {
			headers: { origin: ownApp.baseURL },
			form,
			maxRedirects: 0,
		})
		expect(response.status(), `${path} ${form.intent}`).toBe(403)
	}
	expect(
		ownApp.sqlGet<{ is_active: number }>('SELECT is_active FROM tools WHERE id = ?', id)?.is_active,
	).toBe(1)
	expect(ownApp.sqlGet('SELECT name FROM tools WHERE name = ?', 'X')).toBeUndefined()
	expect(ownApp.sqlGet('SELECT tool_id FROM tool_settings')).toBeUndefined()
	expect(ownApp.gemini.requests.length).toBe(calls)
})
