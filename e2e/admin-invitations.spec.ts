/**
 * Invitations from Usuarios, with and without JavaScript: the admin sends one by e-mail,
 * the invited person opens the link, chooses a name and a password and is signed in; bad
 * addresses are refused next to the field; pending invitations can be resent or revoked.
 * Each test invites its own addresses (the pending list is shared by every test).
 */
import { randomBytes } from 'node:crypto'
import { type Browser, type Page } from '@playwright/test'
import {
	comeFromNewAddress,
	createUser,
	linkIn,
	mailsTo,
	PASSWORD,
	sql,
	sqlGet,
	toast,
	uniqueEmail,
	waitForMail,
} from './auth-helpers'
import { baseURL } from '../playwright.config'
import { auditablePage, expectAccessibleInBothThemes } from './axe'
import { expect, expectHydration, fromOurPages, test } from './fixtures'

const SUBJECT = 'Te han invitado a Frasea'

async function invite(page: Page, email: string) {
	const form = page.locator('form#invitar-usuario')
	await form.getByLabel('Correo electrónico').fill(email)
	await form.getByRole('button', { name: 'Enviar invitación' }).click()
}

/** A browser of the invited person's own, with JavaScript as the project has it. */
async function guestPage(browser: Browser, js: boolean) {
	const context = await browser.newContext({ javaScriptEnabled: js })
	const page = await context.newPage()
	await comeFromNewAddress(page)
	return page
}

const pendingRow = (page: Page, email: string) =>
	page.getByRole('region', { name: 'Invitaciones pendientes' }).getByRole('row', { name: email })

test('an invited person opens the link, chooses a name and a password, and is signed in', async ({
	page,
	browser,
	login,
	visit,
	js,
}) => {
	const email = uniqueEmail('invitada')
	await login({ admin: true, name: 'Admin Invita' })
	await visit('/admin/users')
	await invite(page, email)
	await expect(toast(page, `Invitación enviada a ${email}`)).toBeAttached()
	await expect(pendingRow(page, email)).toContainText('Admin Invita')
	// The form is ready for the next address.
	await expect(page.locator('form#invitar-usuario').getByLabel('Correo electrónico')).toHaveValue(
		'',
	)

	const mail = await waitForMail(email)
	expect(mail.subject).toBe(SUBJECT)
	expect(mail.text).toContain('Admin Invita te ha invitado a crear una cuenta en Frasea')
	const link = linkIn(mail, '/invitacion')

	const guest = await guestPage(browser, js)
	await guest.goto(link)
	// The token leaves the address bar at once.
	await expect(guest).toHaveURL('/invitacion')
	await expectHydration(guest, js)
	await expect(guest.getByRole('heading', { level: 1, name: 'Acepta tu invitación' })).toBeVisible()
	await expect(guest.getByLabel('Correo electrónico')).toHaveValue(email)

	const form = guest.locator('form#invitacion')
	await form.getByLabel('Nombre completo').fill('Persona Invitada')
	await form.getByLabel('Contraseña', { exact: true }).fill(PASSWORD)
	await form.getByLabel('Confirmar contraseña').fill(`${PASSWORD}x`)
	await form.getByRole('button', { name: 'Crear cuenta' }).click()
	await expect(form.getByText('Las contraseñas no coinciden')).toBeVisible()
	await expect(form.getByLabel('Nombre completo')).toHaveValue('Persona Invitada')
	expect(sqlGet('SELECT id FROM perfiles WHERE correo = ?', email)).toBeUndefined()

	await form.getByLabel('Contraseña', { exact: true }).fill(PASSWORD)
	await form.getByLabel('Confirmar contraseña').fill(PASSWORD)
	await form.getByRole('button', { name: 'Crear cuenta' }).click()
	await expect(guest).toHaveURL('/dashboard')
	await expect(toast(guest, 'Registro exitoso')).toBeAttached()
	await expect(guest.getByRole('main')).toContainText('Persona Invitada')
	// The link proved the mailbox: no confirmation banner.
	await expect(guest.getByRole('region', { name: 'Confirmación de correo' })).toHaveCount(0)
	const account = sqlGet<{ nombre: string; verified: string | null }>(
		'SELECT nombre, correo_verificado_en AS verified FROM perfiles WHERE correo = ?',
		email,
	)
	expect(account?.nombre).toBe('Persona Invitada')
	expect(account?.verified).not.toBeNull()

	// Spent: the same link opens nothing any more.
	const again = await guestPage(browser, js)
	await again.goto(link)
	await expect(again.getByRole('heading', { level: 1, name: 'Invitación no válida' })).toBeVisible()

	await visit('/admin/users')
	await expect(pendingRow(page, email)).toHaveCount(0)
	await visit(`/admin/users?q=${encodeURIComponent(email)}`)
	await expect(
		page
			.getByRole('region', { name: 'Usuarios', exact: true })
			.getByRole('table')
			.getByRole('row')
			.nth(1),
	).toContainText('Activo')
	await guest.context().close()
	await again.context().close()
})

test('bad addresses and addresses with an account are refused next to the field, the address kept', async ({
	page,
	login,
	visit,
}) => {
	await login({ admin: true })
	await visit('/admin/users')
	const form = page.locator('form#invitar-usuario')
	const field = form.getByLabel('Correo electrónico')

	// Passes the browser's own e-mail check, not ours (no domain suffix).
	await invite(page, 'persona@sin-dominio')
	await expect(form.getByText('Introduce un correo electrónico válido')).toBeVisible()
	await expect(field).toHaveValue('persona@sin-dominio')
	await expect(field).toHaveAttribute('aria-invalid', 'true')

	const existing = await createUser()
	await invite(page, existing.email)
	await expect(form.getByText('Ya existe una cuenta con este correo electrónico.')).toBeVisible()
	await expect(field).toHaveValue(existing.email)
	expect(mailsTo(existing.email).filter((mail) => mail.subject === SUBJECT)).toHaveLength(0)

	// The statuses a script would see.
	const post = (form: Record<string, string>) =>
		page.request.post('/admin/users', { headers: fromOurPages, form, maxRedirects: 0 })
	expect((await post({ intent: 'invitar', email: 'no es un correo' })).status()).toBe(400)
	expect((await post({ intent: 'invitar', email: existing.email })).status()).toBe(409)
	expect((await post({ intent: 'anular-invitacion', invitationId: 'no-existe' })).status()).toBe(
		404,
	)
})

test('a pending invitation can be resent (the old link dies) or revoked (its link dies)', async ({
	page,
	browser,
	login,
	visit,
	js,
}) => {
	const email = uniqueEmail('reenviada')
	await login({ admin: true })
	await visit('/admin/users')
	await invite(page, email)
	await expect(toast(page, `Invitación enviada a ${email}`)).toBeAttached()
	const first = linkIn(await waitForMail(email, 1), '/invitacion')

	// The admin's own browser is signed in: the link says so instead of switching accounts.
	await page.goto(first)
	await expect(
		page.getByRole('heading', { level: 1, name: 'Ya has iniciado sesión' }),
	).toBeVisible()

	await visit('/admin/users')
	await pendingRow(page, email)
		.getByRole('button', { name: `Reenviar la invitación a ${email}` })
		.click()
	await expect(toast(page, `Invitación enviada a ${email}`)).toBeAttached()
	const second = linkIn(await waitForMail(email, 2), '/invitacion')
	expect(second).not.toBe(first)
	await expect(pendingRow(page, email)).toHaveCount(1)

	const guest = await guestPage(browser, js)
	await guest.goto(first)
	await expect(guest.getByRole('heading', { level: 1, name: 'Invitación no válida' })).toBeVisible()

	await pendingRow(page, email)
		.getByRole('button', { name: `Anular la invitación a ${email}` })
		.click()
	await expect(toast(page, 'Invitación anulada')).toBeAttached()
	await expect(pendingRow(page, email)).toHaveCount(0)
	await guest.goto(second)
	await expect(guest.getByRole('heading', { level: 1, name: 'Invitación no válida' })).toBeVisible()
	await guest.context().close()
})

test('a non-admin’s invitation posts get 403 and send nothing', async ({ page, login }) => {
	await login({ name: 'Sin Permisos' })
	const email = uniqueEmail('no-invitada')
	const response = await page.request.post('/admin/users', {
		headers: fromOurPages,
		form: { intent: 'invitar', email },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(403)
	expect(sqlGet('SELECT id FROM invitations WHERE email = ?', email)).toBeUndefined()
})

test('Usuarios with an invitation and a disabled account, and the invitation page with its errors, have no serious accessibility violations', async ({
	page,
	browser,
	login,
	js,
}) => {
	// Six axe audits (light and dark, three states) come on top of the flow.
	test.setTimeout(120_000)
	const name = `Accesible${randomBytes(4).toString('hex')}`
	const user = await createUser({ name })
	sql(
		'UPDATE perfiles SET deshabilitado_en = ? WHERE id = ?',
		new Date().toISOString().replace('Z', '+00:00'),
		user.id,
	)
	const email = uniqueEmail('auditada')
	await login({ admin: true })
	const sent = await page.request.post('/admin/users', {
		headers: fromOurPages,
		form: { intent: 'invitar', email },
		maxRedirects: 0,
	})
	expect(sent.status()).toBe(302)

	const audited = await auditablePage(page, browser, js)
	await audited.goto(`/admin/users?q=${name}`)
	await expect(
		audited.getByRole('region', { name: 'Usuarios', exact: true }).getByRole('table'),
	).toContainText('Deshabilitado')
	await expect(pendingRow(audited, email)).toBeVisible()
	await expectAccessibleInBothThemes(audited, 'Usuarios')

	const guest = await guestPage(browser, js)
	await guest.goto(linkIn(await waitForMail(email), '/invitacion'))
	await expect(guest).toHaveURL('/invitacion')
	const invited = await auditablePage(guest, browser, js)
	await invited.goto('/invitacion')
	const form = invited.locator('form#invitacion')
	await expect(form.getByLabel('Nombre completo')).toBeVisible()
	await expectAccessibleInBothThemes(invited, 'invitation page')
	await form.getByLabel('Nombre completo').fill('Persona Auditada')
	await form.getByLabel('Contraseña', { exact: true }).fill('corta')
	await form.getByLabel('Confirmar contraseña').fill('otra')
	await form.getByRole('button', { name: 'Crear cuenta' }).click()
	await expect(form.getByText('Las contraseñas no coinciden')).toBeVisible()
	await expectAccessibleInBothThemes(invited, 'invitation page with errors')
	if (!js) {
		await audited.context().close()
		await invited.context().close()
	}
	await guest.context().close()
})

test('the link’s token goes straight into a cookie, never onwards; a post without a live invitation is refused', async ({
	page,
	login,
	playwright,
}) => {
	const email = uniqueEmail('cabeceras')
	await login({ admin: true })
	const sent = await page.request.post('/admin/users', {
		headers: fromOurPages,
		form: { intent: 'invitar', email },
		maxRedirects: 0,
	})
	expect(sent.status()).toBe(302)
	const link = linkIn(await waitForMail(email), '/invitacion')

	const guest = await playwright.request.newContext({ baseURL })
	const opened = await guest.get(link, { maxRedirects: 0 })
	expect(opened.status()).toBe(302)
	expect(opened.headers()['location']).toBe('/invitacion')
	expect(opened.headers()['referrer-policy']).toBe('no-referrer')
	expect(opened.headers()['set-cookie']).toMatch(/fr_invitation=.+HttpOnly/i)
	// Opening it spent nothing.
	expect(
		sqlGet<{ used: string | null }>(
			'SELECT used_at AS used FROM invitations WHERE email = ?',
			email,
		)?.used,
	).toBeNull()

	const refused = await page.request.post('/invitacion', {
		headers: fromOurPages,
		form: { name: 'Sin Invitación', password: PASSWORD, confirmPassword: PASSWORD },
		maxRedirects: 0,
	})
	expect(refused.status()).toBe(400)
	expect(await refused.text()).toContain('La invitación no es válida o ha caducado.')
	await guest.dispose()
})
