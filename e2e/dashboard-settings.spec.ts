import { readFileSync } from 'node:fs'
import { type Page } from '@playwright/test'
import {
	comeFromNewAddress,
	createUser,
	login as signInWithForm,
	PASSWORD,
	randomIp,
	sql,
	sqlGet,
	toast,
	uniqueEmail,
} from './auth-helpers'
import { auditablePage, expectAccessibleInBothThemes } from './axe'
import {
	expect,
	expectHydration,
	expectSameDocument,
	fromOurPages,
	markDocument,
	test,
} from './fixtures'

/**
 * Settings (/dashboard/configuracion), with and without JavaScript: tabs in the address,
 * the defaults, saving, the appearance applied to every page from its first HTML byte, the
 * history switch honoured by the generator, the data export file and account deletion
 * (the main admin refused).
 */

const SETTINGS = '/dashboard/configuracion'

type SettingsRow = {
	theme: string
	font_size: string
	reduced_motion: number
	save_history: number
	analytics: number
	notify_tips: number
	notify_new_features: number
}
const settingsOf = (userId: string) =>
	sqlGet<SettingsRow>('SELECT * FROM user_settings WHERE user_id = ?', userId)

const countOf = (table: string, column: string, userId: string) =>
	sqlGet<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, userId)?.n

/** The opening <html> tag of a page as the server sends it (a fresh document request). */
async function htmlTagOf(page: Page, path: string) {
	const response = await page.request.get(path)
	expect(response.status()).toBe(200)
	return /<html[^>]*>/.exec(await response.text())?.[0] ?? ''
}

async function save(page: Page, js: boolean) {
	await markDocument(page)
	// The previous save's toast may still be on screen: wait for this post's answer.
	await Promise.all([
		page.waitForResponse(
			(response) => response.request().method() === 'POST' && response.url().includes(SETTINGS),
		),
		page.getByRole('button', { name: 'Guardar cambios' }).click(),
	])
	await expect(toast(page, 'Configuración guardada correctamente')).toBeVisible()
	await expectHydration(page, js)
	await expectSameDocument(page, js)
}

test('signing in changes no theme until the user saves one: the system colours stay', async ({
	page,
	login,
	visit,
}) => {
	await page.emulateMedia({ colorScheme: 'dark' })
	await login()
	await visit(`${SETTINGS}?pestana=apariencia`)
	await expect(page.getByRole('radio', { name: 'Según el sistema' })).toBeChecked()
	expect(
		await page.locator('body').evaluate((element) => getComputedStyle(element).colorScheme),
	).toBe('dark')
})

test('tabs by address with the defaults; appearance saved and applied on every page from the first byte', async ({
	page,
	login,
	visit,
	js,
}) => {
	const user = await login()
	await visit('/dashboard')
	await page
		.getByRole('complementary', { name: 'Barra lateral del panel' })
		.getByRole('link', { name: 'Configuración' })
		.click()
	await expect(page).toHaveURL(SETTINGS)
	await expect(page).toHaveTitle('Configuración · Frasea')
	await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible()
	const tabs = page.getByRole('navigation', { name: 'Apartados de la configuración' })
	await expect(tabs.getByRole('link', { name: 'Notificaciones' })).toHaveAttribute(
		'aria-current',
		'page',
	)
	// The defaults, before anything is saved.
	await expect(page.getByLabel('Nuevas funciones')).toBeChecked()
	await expect(page.getByLabel('Consejos y sugerencias')).not.toBeChecked()
	await expect(page.getByLabel('Actividad de tu cuenta')).not.toBeChecked()
	await expect(page.getByLabel('Notificaciones por correo electrónico')).toBeChecked()
	// Each switch says what it does; the mail switch, which mails it never stops.
	await expect(
		page.getByLabel('Notificaciones por correo electrónico'),
	).toHaveAccessibleDescription(
		/salvo los que tu cuenta necesita: la confirmación de tu correo, el restablecimiento de tu contraseña, los códigos para iniciar sesión y los avisos de seguridad/,
	)
	await expect(page.getByLabel('Actividad de tu cuenta')).toHaveAccessibleDescription(
		/Cada lunes, un resumen por correo de tu semana/,
	)

	await page.getByLabel('Consejos y sugerencias').check()
	await page.getByLabel('Nuevas funciones').uncheck()
	await save(page, js)
	await expect(page).toHaveURL(SETTINGS)
	expect(settingsOf(user.id)).toMatchObject({ notify_tips: 1, notify_new_features: 0 })
	await expect(page.getByLabel('Consejos y sugerencias')).toBeChecked()

	await tabs.getByRole('link', { name: 'Apariencia' }).click()
	await expect(page).toHaveURL(`${SETTINGS}?pestana=apariencia`)
	// The theme on screen when the first settings were saved: the system's.
	await expect(page.getByRole('radio', { name: 'Según el sistema' })).toBeChecked()
	await expect(page.getByRole('radio', { name: 'Mediano' })).toBeChecked()
	await expect(page.getByLabel('Reducir animaciones')).not.toBeChecked()
	await page.getByRole('radio', { name: 'Oscuro' }).check()
	await page.getByRole('radio', { name: 'Grande' }).check()
	await page.getByLabel('Reducir animaciones').check()
	await save(page, js)
	await expect(page).toHaveURL(`${SETTINGS}?pestana=apariencia`)
	expect(settingsOf(user.id)).toMatchObject({
		theme: 'dark',
		font_size: 'large',
		reduced_motion: 1,
		// The other tab's values are kept.
		notify_tips: 1,
	})

	// Another page's first HTML already carries them (no flash before any script runs).
	const tag = await htmlTagOf(page, '/dashboard/frases')
	expect(tag).toMatch(/class="dark reduce-motion"/)
	expect(tag).toMatch(/data-font-size="large"/)
	await visit('/')
	const html = page.locator('html')
	await expect(html).toHaveClass('dark reduce-motion')
	await expect(html).toHaveAttribute('data-font-size', 'large')
	expect(await html.evaluate((element) => getComputedStyle(element).fontSize)).toBe('18px')
	expect(
		await page.locator('body').evaluate((element) => getComputedStyle(element).colorScheme),
	).toBe('dark')

	// The header's switch changes the saved theme, and the settings page shows it.
	await page.getByRole('button', { name: 'Cambiar a tema claro' }).click()
	await expect(html).toHaveClass(/(^|\s)light(\s|$)/)
	await expect.poll(() => settingsOf(user.id)?.theme).toBe('light')
	await visit(`${SETTINGS}?pestana=apariencia`)
	await expect(page.getByRole('radio', { name: 'Claro' })).toBeChecked()
	await expect(page.getByRole('radio', { name: 'Grande' })).toBeChecked()

	// Medium is the default size: no attribute at all.
	await page.getByRole('radio', { name: 'Mediano' }).check()
	await page.getByLabel('Reducir animaciones').uncheck()
	await save(page, js)
	expect(await htmlTagOf(page, '/dashboard')).not.toMatch(/data-font-size|reduce-motion/)
})

test('a value the form could not send is refused with a reason, and nothing changes', async ({
	page,
	login,
	visit,
}) => {
	const user = await login()
	await visit(`${SETTINGS}?pestana=apariencia`)
	const response = await page.request.post(`${SETTINGS}?pestana=apariencia`, {
		headers: fromOurPages,
		form: { intent: 'guardar', seccion: 'apariencia', theme: 'sepia', fontSize: 'enorme' },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(400)
	const body = await response.text()
	expect(body).toContain('Elige un tema: claro, oscuro o el del sistema.')
	expect(body).toContain('Elige un tamaño de letra: pequeño, mediano o grande.')
	expect(settingsOf(user.id)).toBeUndefined()
})

test('with the history switched off, generating on the home page writes no history', async ({
	page,
	login,
	visit,
	js,
}) => {
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	const user = await login()
	await visit(`${SETTINGS}?pestana=privacidad`)
	await expect(page.getByLabel('Guardar historial de frases')).toBeChecked()
	await expect(page.getByLabel('Permitir análisis de uso')).toBeChecked()
	await page.getByLabel('Guardar historial de frases').uncheck()
	await page.getByLabel('Permitir análisis de uso').uncheck()
	await save(page, js)
	expect(settingsOf(user.id)).toMatchObject({ save_history: 0, analytics: 0 })

	await visit('/')
	await page.getByLabel('¿Sobre qué quieres tus frases?').fill('el mar en invierno')
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	await page.waitForLoadState('load')
	await expect(page.getByRole('heading', { name: 'Frases Generadas' })).toBeVisible()
	expect(countOf('generation_batches', 'user_id', user.id)).toBe(1)
	expect(countOf('historial_frases', 'usuario_id', user.id)).toBe(0)
	await visit('/dashboard/historial')
	await expect(page.getByTestId('total-historial')).toHaveText('0 frases en tu historial')
})

test('the data export is a JSON file named with the user id, with only their data', async ({
	page,
	login,
	visit,
	js,
}) => {
	const user = await login({ name: 'Exporta Datos' })
	const other = await createUser({ name: 'Otra Persona' })
	const now = new Date().toISOString().replace('Z', '+00:00')
	for (const [owner, text] of [
		[user.id, 'Mi frase guardada'],
		[other.id, 'Frase de otra persona'],
	] as const) {
		sql(
			'INSERT INTO frases (id, contenido, usuario_id, fecha_creacion, fecha_actualizacion) VALUES (?, ?, ?, ?, ?)',
			`f-${owner}`,
			text,
			owner,
			now,
			now,
		)
		sql(
			'INSERT INTO historial_frases (id, contenido, usuario_id, fecha_creacion, prompt_original) VALUES (?, ?, ?, ?, ?)',
			`h-${owner}`,
			`Historia de ${text}`,
			owner,
			now,
			'el mar',
		)
	}
	await visit(SETTINGS)
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Exportar datos' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe(`frasea-datos-${user.id}.json`)
	if (js) await expect(toast(page, 'Datos exportados correctamente')).toBeVisible()
	const text = readFileSync(await download.path(), 'utf8')
	const data = JSON.parse(text) as {
		profile: { id: string; name: string; email: string }
		settings: { theme: string; saveHistory: boolean }
		phrases: Array<{ content: string }>
		history: Array<{ content: string; originalPrompt: string }>
	}
	expect(data.profile).toMatchObject({ id: user.id, name: 'Exporta Datos', email: user.email })
	expect(data.settings).toMatchObject({ theme: 'light', saveHistory: true })
	expect(data.phrases.map((phrase) => phrase.content)).toEqual(['Mi frase guardada'])
	expect(data.history).toMatchObject([
		{ content: 'Historia de Mi frase guardada', originalPrompt: 'el mar' },
	])
	expect(text).not.toContain('otra persona')
	expect(text).not.toContain(other.email)
})

test('account deletion: a wrong e-mail is refused; the right one deletes everything and signs out', async ({
	page,
	login,
	visit,
	js,
}) => {
	await comeFromNewAddress(page)
	const user = await login({ email: uniqueEmail('adios') })
	sql(
		'INSERT INTO frases (id, contenido, usuario_id, fecha_creacion, fecha_actualizacion) VALUES (?, ?, ?, ?, ?)',
		`f-${user.id}`,
		'Una frase',
		user.id,
		new Date().toISOString(),
		new Date().toISOString(),
	)
	await visit(SETTINGS)
	const form = page.getByRole('region', { name: 'Eliminar cuenta' })
	const email = form.getByLabel('Escribe tu correo electrónico para confirmar')
	await email.fill(uniqueEmail('otra'))
	await form.getByLabel('Tu contraseña').fill(PASSWORD)
	const refusal = page.waitForResponse(
		(response) => response.request().method() === 'POST' && response.url().includes(SETTINGS),
	)
	await form.getByRole('button', { name: 'Eliminar mi cuenta' }).click()
	expect((await refusal).status()).toBe(400)
	await expect(
		form.getByText('El correo electrónico no coincide con el de tu cuenta.'),
	).toBeVisible()
	await expect(email).toHaveAttribute('aria-invalid', 'true')
	expect(countOf('perfiles', 'id', user.id)).toBe(1)

	await email.fill(user.email)
	await form.getByLabel('Tu contraseña').fill('no es mi contraseña')
	await form.getByRole('button', { name: 'Eliminar mi cuenta' }).click()
	await expect(form.getByText('La contraseña no es correcta.')).toBeVisible()
	// What was typed stays; the password never comes back.
	await expect(email).toHaveValue(user.email)
	expect(countOf('perfiles', 'id', user.id)).toBe(1)

	await form.getByLabel('Tu contraseña').fill(PASSWORD)
	await form.getByRole('button', { name: 'Eliminar mi cuenta' }).click()
	await expect(page).toHaveURL('/')
	await expect(toast(page, 'Cuenta eliminada correctamente')).toBeVisible()
	await expectHydration(page, js)
	for (const [table, column] of [
		['perfiles', 'id'],
		['frases', 'usuario_id'],
		['sessions', 'user_id'],
		['passwords', 'user_id'],
	] as const) {
		expect({ table, n: countOf(table, column, user.id) }).toEqual({ table, n: 0 })
	}
	// Signed out, and the account cannot sign in again.
	await expect(
		page.getByRole('banner').getByRole('link', { name: 'Iniciar Sesión' }).first(),
	).toBeAttached()
	await visit('/dashboard')
	await expect(page).toHaveURL('/login?redirectTo=%2Fdashboard')
	await signInWithForm(page, user.email)
	await expect(
		page.getByRole('alert').filter({ hasText: 'Error al iniciar sesión' }),
	).toContainText('Correo electrónico o contraseña incorrectos.')
})

test('the main admin account cannot be deleted', async ({ page, login, visit, js }) => {
	// ADMIN_EMAIL is admin@frasea.test, compared without case; both projects share this
	// server and an address is one account, so each project uses a spelling of its own.
	const user = await login({ admin: true, email: js ? 'ADMIN@frasea.test' : 'Admin@Frasea.test' })
	await visit(SETTINGS)
	const section = page.getByRole('region', { name: 'Eliminar cuenta' })
	await expect(
		section.getByText('No se puede eliminar la cuenta de administrador principal'),
	).toBeVisible()
	await expect(section.getByRole('button', { name: 'Eliminar mi cuenta' })).toHaveCount(0)
	const response = await page.request.post(SETTINGS, {
		headers: fromOurPages,
		form: { intent: 'eliminar-cuenta', email: user.email, password: user.password },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(403)
	expect(await response.text()).toContain(
		'No se puede eliminar la cuenta de administrador principal',
	)
	expect(countOf('perfiles', 'id', user.id)).toBe(1)
})

test('the settings page has no serious accessibility problem, light and dark', async ({
	page,
	browser,
	login,
	visit,
	js,
}) => {
	// Six audits; without JavaScript each page is fetched and stripped first.
	test.slow()
	const user = await login()
	// The system's theme, so the emulated colour scheme decides.
	sql(
		"INSERT INTO user_settings (user_id, theme, updated_at) VALUES (?, 'system', ?)",
		user.id,
		new Date().toISOString(),
	)
	await visit(`${SETTINGS}?pestana=apariencia`)
	const audited = await auditablePage(page, browser, js)
	for (const tab of ['notificaciones', 'apariencia', 'privacidad']) {
		await audited.goto(`${SETTINGS}?pestana=${tab}`)
		await expectAccessibleInBothThemes(audited, tab)
	}
	if (!js) await audited.context().close()
})
