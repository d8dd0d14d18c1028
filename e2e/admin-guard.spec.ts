/**
 * The admin area answers only admins: guests sign in first, other users go back to their
 * dashboard, and their posts are refused with 403 before anything runs.
 */
import { toast } from './auth-helpers'
import { expect, fromOurPages, test } from './fixtures'

test('a guest is sent to /login and a non-admin to /dashboard with the no-permission message', async ({
	page,
	login,
	visit,
}) => {
	await visit('/admin/overview?tab=estadisticas')
	await expect(page).toHaveURL('/login?redirectTo=%2Fadmin%2Foverview%3Ftab%3Destadisticas')
	await expect(toast(page, 'Debes iniciar sesión para acceder a esta página')).toBeAttached()

	await login({ name: 'Sin Permisos' })
	for (const path of ['/admin', '/admin/overview?tab=estadisticas', '/admin/usuarios']) {
		await visit(path)
		await expect(page, path).toHaveURL('/dashboard')
		await expect(toast(page, 'No tienes permisos para acceder a esta página')).toBeAttached()
	}
})

test('a non-admin’s direct posts to the admin area get 403', async ({ page, login }) => {
	await login({ name: 'Sin Permisos' })
	for (const path of [
		'/admin',
		'/admin/overview',
		'/admin/overview?tab=estadisticas',
		'/admin/no-existe',
	]) {
		const response = await page.request.post(path, {
			headers: fromOurPages,
			form: { intent: 'delete', userId: 'x' },
			maxRedirects: 0,
		})
		expect(response.status(), path).toBe(403)
		// Not even the admin menu around the refusal.
		expect(await response.text(), path).not.toContain('Ver Dashboard Usuario')
	}
})

test('the refusal of a post is a page that says why', async ({ page, login }) => {
	await login({ name: 'Sin Permisos' })
	const response = await page.request.post('/admin/overview?tab=estadisticas', {
		headers: fromOurPages,
		form: { anything: 'x' },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(403)
	expect(await response.text()).toContain('No tienes permisos para acceder a esta página')
})

test('an admin’s post to a page that only reads is refused without effect', async ({
	page,
	login,
}) => {
	await login({ admin: true })
	const response = await page.request.post('/admin/overview', {
		headers: fromOurPages,
		form: { anything: 'x' },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(405)
})

test('the admin layout: header, badge, sign-out and the menu of admin pages', async ({
	page,
	login,
	visit,
}) => {
	await login({ admin: true })
	await visit('/admin')
	await expect(page).toHaveURL('/admin/overview')
	await expect(page.getByText('Panel de Administración', { exact: true })).toBeVisible()
	await expect(page.getByText('Administrador', { exact: true })).toBeVisible()
	const menu = page.getByRole('navigation', { name: 'Administración' })
	await expect(menu.getByRole('link')).toHaveText([
		'Panel General',
		'Usuarios',
		'Configuración API',
		'Nuevas Herramientas',
		'API Instagram Frases',
		'API Facebook Frases',
		'Comunicados',
		'Correo',
		'Publicidad',
		'Ver Dashboard Usuario',
	])
	await expect(menu.getByRole('link', { name: 'Panel General' })).toHaveAttribute(
		'href',
		'/admin/overview',
	)
	await expect(menu.getByRole('link', { name: 'Usuarios' })).toHaveAttribute('href', '/admin/users')
	await expect(menu.getByRole('link', { name: 'Comunicados' })).toHaveAttribute(
		'href',
		'/admin/announcements',
	)
	await expect(menu.getByRole('link', { name: 'Correo' })).toHaveAttribute('href', '/admin/mail')
	await expect(menu.getByRole('link', { name: 'Ver Dashboard Usuario' })).toHaveAttribute(
		'href',
		'/dashboard',
	)
	await page.getByRole('main').getByRole('button', { name: 'Cerrar Sesión' }).click()
	await expect(page).toHaveURL('/login')
})
