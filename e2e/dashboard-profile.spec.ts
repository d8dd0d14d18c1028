import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import {
	comeFromNewAddress,
	createUser,
	login as signInWithForm,
	logout,
	signInAs,
	sql,
	sqlGet,
	toast,
} from './auth-helpers'
import { auditablePage, expectAccessibleInBothThemes } from './axe'
import { expect, test } from './fixtures'

/**
 * The profile page (/dashboard/perfil, and /profile), with and without JavaScript: the
 * personal details and their errors, the avatar (stored, shown in the header and the
 * sidebar, refused when too large), the account facts, and passwords.
 */

const WEBSITE_ERROR = 'Introduce una dirección web válida que empiece por http:// o https://'

const smallPng = () =>
	sharp({ create: { width: 120, height: 80, channels: 3, background: '#1f9d55' } })
		.png()
		.toBuffer()

test('edits and saves the profile; a bad website is refused next to the field and the rest is kept', async ({
	page,
	login,
	visit,
}) => {
	await login({ name: 'Ana Perfil' })
	await visit('/dashboard/perfil')
	await expect(page).toHaveTitle(/Mi Perfil/)
	const main = page.getByRole('main')
	await expect(main.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeVisible()
	await expect(main.getByRole('link', { name: 'Información Personal' })).toHaveAttribute(
		'aria-current',
		'page',
	)
	await expect(main.getByLabel('Correo electrónico')).toHaveJSProperty('readOnly', true)

	await main.getByLabel('Nombre', { exact: true }).fill('Ana Editada')
	await main.getByLabel('Biografía').fill('Escribo frases para el mar.')
	await main.getByLabel('Ubicación').fill('Cádiz')
	await main.getByLabel('Sitio web').fill('no es una web')
	await main.getByRole('button', { name: 'Guardar cambios' }).click()

	const website = main.getByLabel('Sitio web')
	await expect(website).toHaveAttribute('aria-invalid', 'true')
	const errorId = (await website.getAttribute('aria-describedby')) ?? ''
	await expect(page.locator(`[id="${errorId}"]`)).toHaveText(WEBSITE_ERROR)
	// Nothing typed is lost, and nothing was saved.
	await expect(website).toHaveValue('no es una web')
	await expect(main.getByLabel('Nombre', { exact: true })).toHaveValue('Ana Editada')
	await expect(main.getByLabel('Biografía')).toHaveValue('Escribo frases para el mar.')
	await expect(main.getByLabel('Ubicación')).toHaveValue('Cádiz')

	await website.fill('ana-frases.es')
	await main.getByRole('button', { name: 'Guardar cambios' }).click()
	await expect(toast(page, 'Perfil actualizado correctamente')).toBeAttached()
	await expect(page).toHaveURL('/dashboard/perfil?tab=personal')

	await visit('/dashboard/perfil')
	await expect(main.getByLabel('Nombre', { exact: true })).toHaveValue('Ana Editada')
	await expect(main.getByLabel('Sitio web')).toHaveValue('https://ana-frases.es/')
	await expect(main.getByLabel('Biografía')).toHaveValue('Escribo frases para el mar.')
	await expect(page.getByRole('complementary', { name: 'Barra lateral del panel' })).toContainText(
		'Ana Editada',
	)

	// /profile shows the same page, at its own address.
	await visit('/profile?tab=personal')
	await expect(page).toHaveURL('/profile?tab=personal')
	await expect(main.getByLabel('Ubicación')).toHaveValue('Cádiz')
})

test('an uploaded avatar shows in the header and the sidebar; removing it brings the initials back in the sidebar', async ({
	page,
	login,
	visit,
	js,
}) => {
	await login({ name: 'Bruno Foto' })
	await visit('/dashboard/perfil')
	const header = page.getByRole('banner')
	const headerAvatars = header.locator('img[src^="/avatars/"]')
	const sidebar = page.getByRole('complementary', { name: 'Barra lateral del panel' })
	await expect(headerAvatars).toHaveCount(0)
	await expect(sidebar.getByTestId('avatar-initials')).toHaveText('BF')

	await page.getByLabel('Foto de perfil').setInputFiles({
		name: 'foto.png',
		mimeType: 'image/png',
		buffer: await smallPng(),
	})
	if (js) {
		// The chosen picture shows before it is sent.
		await expect(page.getByRole('main').locator('img[src^="blob:"]')).toBeVisible()
	}
	await page.getByRole('button', { name: 'Guardar cambios' }).click()
	await expect(toast(page, 'Perfil actualizado correctamente')).toBeAttached()

	const headerAvatar = headerAvatars.first()
	await expect(headerAvatar).toHaveAttribute('src', /^\/avatars\/[\w-]{22}\.webp$/)
	const src = (await headerAvatar.getAttribute('src')) ?? ''
	// Really loaded by the browser (a broken image has no natural width).
	await expect
		.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
		.toBe(256)
	await expect(sidebar.getByTestId('avatar-image')).toHaveAttribute('src', src)
	const served = await page.request.get(src)
	expect(served.status()).toBe(200)
	expect(served.headers()['content-type']).toBe('image/webp')
	expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable')

	await page.getByRole('button', { name: 'Quitar foto' }).click()
	await expect(toast(page, 'Foto de perfil eliminada')).toBeAttached()
	await expect(sidebar.getByTestId('avatar-initials')).toHaveText('BF')
	await expect(headerAvatars).toHaveCount(0)
	// The old file is gone, not orphaned.
	expect((await page.request.get(src)).status()).toBe(404)
})

test('an avatar of 2 MB or more is refused next to its field, with the other input kept', async ({
	page,
	login,
	visit,
	js,
}) => {
	const user = await login({ name: 'Carla Grande' })
	await visit('/dashboard/perfil')
	const main = page.getByRole('main')
	await main.getByLabel('Nombre', { exact: true }).fill('Carla Cambiada')
	await main.getByLabel('Ubicación').fill('Bilbao')
	// A real PNG made larger than the limit.
	const big = Buffer.concat([await smallPng(), Buffer.alloc(2 * 1024 * 1024 + 10)])
	await main.getByLabel('Foto de perfil').setInputFiles({
		name: 'enorme.png',
		mimeType: 'image/png',
		buffer: big,
	})
	const avatar = main.getByLabel('Foto de perfil')
	if (js) {
		// Said as soon as the file is chosen; nothing is sent.
		await expect(main.getByText('La imagen debe ser menor a 2MB')).toBeVisible()
	}
	await main.getByRole('button', { name: 'Guardar cambios' }).click()

	await expect(avatar).toHaveAttribute('aria-invalid', 'true')
	await expect(main.getByText('La imagen debe ser menor a 2MB')).toBeVisible()
	await expect(main.getByLabel('Nombre', { exact: true })).toHaveValue('Carla Cambiada')
	await expect(main.getByLabel('Ubicación')).toHaveValue('Bilbao')
	const row = sqlGet<{ nombre: string; avatar_url: string | null }>(
		'SELECT nombre, avatar_url FROM perfiles WHERE id = ?',
		user.id,
	)
	expect(row).toEqual({ nombre: 'Carla Grande', avatar_url: null })
})

test('the Cuenta tab shows the account type, the user id and the registration date', async ({
	page,
	login,
	visit,
}) => {
	const user = await login({ name: 'Diego Cuenta' })
	await visit('/dashboard/perfil')
	await page.getByRole('link', { name: 'Cuenta', exact: true }).click()
	await expect(page).toHaveURL('/dashboard/perfil?tab=cuenta')
	const facts = page.getByTestId('cuenta')
	await expect(facts).toContainText('Usuario Estándar')
	await expect(facts).toContainText(user.id)
	const today = new Intl.DateTimeFormat('es-ES', {
		day: 'numeric',
		month: 'long',
		year: 'numeric',
		timeZone: 'Europe/Madrid',
	}).format(new Date())
	await expect(facts).toContainText(today)
	await expect(page.getByRole('link', { name: 'Cuenta', exact: true })).toHaveAttribute(
		'aria-current',
		'page',
	)

	sql("UPDATE perfiles SET rol = 'admin' WHERE id = ?", user.id)
	await visit('/dashboard/perfil?tab=cuenta')
	await expect(facts).toContainText('Administrador')
})

test('changing the password needs the current one, signs other devices out and keeps this one', async ({
	page,
	browser,
	login,
	visit,
}) => {
	await comeFromNewAddress(page)
	const user = await login({ name: 'Elsa Clave' })
	// The same account signed in on another device.
	const other = await browser.newContext()
	await signInAs(other, user.id)
	const otherPage = await other.newPage()
	await otherPage.goto('/dashboard')
	await expect(otherPage).toHaveURL('/dashboard')

	await visit('/dashboard/perfil?tab=cuenta')
	const main = page.getByRole('main')
	await main.getByLabel('Contraseña actual').fill('no es la mía 123')
	await main.getByLabel('Nueva contraseña').fill('otra clave nueva 2026')
	await main.getByLabel('Confirmar contraseña').fill('otra clave nueva 2026')
	await main.getByRole('button', { name: 'Cambiar contraseña' }).click()
	await expect(main.getByText('La contraseña actual no es correcta')).toBeVisible()
	await expect(main.getByLabel('Contraseña actual')).toHaveAttribute('aria-invalid', 'true')

	await main.getByLabel('Contraseña actual').fill(user.password)
	await main.getByLabel('Nueva contraseña').fill('otra clave nueva 2026')
	await main.getByLabel('Confirmar contraseña').fill('otra clave nueva 2026')
	// Offered, and ticked unless the user says otherwise.
	await expect(main.getByLabel('Cerrar la sesión en mis otros dispositivos')).toBeChecked()
	await main.getByRole('button', { name: 'Cambiar contraseña' }).click()
	await expect(
		toast(
			page,
			'Contraseña actualizada correctamente. Hemos cerrado la sesión en tus otros dispositivos.',
		),
	).toBeAttached()
	await expect(page).toHaveURL('/dashboard/perfil?tab=cuenta')

	// This device stays signed in; the other one is out.
	await visit('/dashboard')
	await expect(page).toHaveURL('/dashboard')
	await otherPage.goto('/dashboard')
	await expect(otherPage).toHaveURL(/\/login/)
	await other.close()

	// The old password no longer works; the new one does.
	await logout(page)
	await visit('/login')
	await signInWithForm(page, user.email, user.password)
	await expect(page.getByText('Correo electrónico o contraseña incorrectos.')).toBeVisible()
	await signInWithForm(page, user.email, 'otra clave nueva 2026')
	await expect(page).toHaveURL('/dashboard')
})

test('an account that signs in with Google only sets a password, then signs in with it', async ({
	page,
	context,
	visit,
}) => {
	await comeFromNewAddress(page)
	const user = await createUser({ name: 'Gala Google' })
	// As Google sign-in leaves it: a connection and no password.
	sql('DELETE FROM passwords WHERE user_id = ?', user.id)
	sql(
		"INSERT INTO connections (id, provider_name, provider_id, user_id, created_at) VALUES (?, 'google', ?, ?, ?)",
		randomUUID(),
		randomUUID(),
		user.id,
		new Date().toISOString().replace('Z', '+00:00'),
	)
	await signInAs(context, user.id)
	await visit('/dashboard/perfil?tab=cuenta')
	const main = page.getByRole('main')
	await expect(main.getByTestId('cuenta')).toContainText('Google')
	await expect(main.getByRole('heading', { name: 'Crear una contraseña' })).toBeVisible()
	await expect(main.getByLabel('Contraseña actual')).toHaveCount(0)

	await main.getByLabel('Nueva contraseña').fill('mi primera clave 2026')
	await main.getByLabel('Confirmar contraseña').fill('mi primera clave 2026')
	await main.getByRole('button', { name: 'Crear contraseña' }).click()
	await expect(toast(page, /^Contraseña creada correctamente/)).toBeAttached()
	await expect(main.getByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible()

	await logout(page)
	await visit('/login')
	await signInWithForm(page, user.email, 'mi primera clave 2026')
	await expect(page).toHaveURL('/dashboard')
})

test('every tab, with an avatar and with errors shown, has no serious accessibility violations', async ({
	page,
	browser,
	login,
	js,
}) => {
	// Three tabs, each audited in light and dark.
	test.setTimeout(60_000)
	await login({ name: 'Hugo Accesible' })
	// Without JavaScript: the same pages as that visitor gets them (see axe.ts).
	const audited = await auditablePage(page, browser, js)
	const audit = (label: string) => expectAccessibleInBothThemes(audited, label)
	await audited.goto('/dashboard/perfil')
	await audited.getByLabel('Foto de perfil').setInputFiles({
		name: 'foto.png',
		mimeType: 'image/png',
		buffer: await smallPng(),
	})
	await audited.getByRole('button', { name: 'Guardar cambios' }).click()
	await expect(toast(audited, 'Perfil actualizado correctamente')).toBeAttached()
	await audited.getByLabel('Sitio web').fill('ftp://no-vale.es')
	await audited.getByRole('button', { name: 'Guardar cambios' }).click()
	await expect(audited.getByText(WEBSITE_ERROR)).toBeVisible()
	await audit('Información Personal')

	// A wrong current password: refused by the server, with or without JavaScript.
	await audited.goto('/dashboard/perfil?tab=cuenta')
	await audited.getByLabel('Contraseña actual').fill('no es la mía 2026')
	await audited.getByLabel('Nueva contraseña').fill('otra clave segura 2026')
	await audited.getByLabel('Confirmar contraseña').fill('otra clave segura 2026')
	await audited.getByRole('button', { name: 'Cambiar contraseña' }).click()
	await expect(audited.getByLabel('Contraseña actual')).toHaveAttribute('aria-invalid', 'true')
	await audit('Cuenta')

	await audited.goto('/dashboard/perfil?tab=seguridad')
	await expect(audited.getByText('Este dispositivo', { exact: true })).toBeVisible()
	await audit('Seguridad')
	if (!js) await audited.context().close()
})
