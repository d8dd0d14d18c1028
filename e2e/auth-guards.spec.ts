import {
	comeFromNewAddress,
	createUser,
	login,
	mailsTo,
	register,
	toast,
	uniqueEmail,
	waitForMail,
	linkIn,
} from './auth-helpers'
import { expect, fromOurPages, test } from './fixtures'
import { test as ownTest } from './own-app'

test('guests are sent to /login from the dashboard, the profile and the admin area', async ({
	page,
	visit,
}) => {
	for (const [path, redirectTo] of [
		['/dashboard', '%2Fdashboard'],
		['/dashboard/no-existe', '%2Fdashboard%2Fno-existe'],
		['/profile', '%2Fprofile'],
		['/admin/overview', '%2Fadmin%2Foverview'],
		['/admin', '%2Fadmin'],
	] as const) {
		await visit(path)
		await expect(page, path).toHaveURL(`/login?redirectTo=${redirectTo}`)
		await expect(toast(page, 'Debes iniciar sesión para acceder a esta página')).toBeAttached()
	}
})

test('actions are guarded too: a guest POST changes nothing and goes to /login', async ({
	request,
}) => {
	for (const path of ['/admin/no-existe', '/dashboard/no-existe', '/verify-email']) {
		const response = await request.post(path, {
			headers: fromOurPages,
			form: { anything: 'x' },
			maxRedirects: 0,
		})
		expect(response.status(), path).toBe(302)
		expect(response.headers()['location'], path).toBe('/login')
	}
})

test('a signed-in user who is not an admin is sent from /admin to /dashboard', async ({
	page,
	visit,
	login,
}) => {
	await login({ name: 'Hugo Usuario', confirmed: false })
	await visit('/dashboard')
	await expect(page).toHaveURL('/dashboard')
	await expect(
		page
			.getByRole('navigation', { name: 'Panel de usuario' })
			.getByRole('link', { name: 'Panel Admin' }),
	).toHaveCount(0)
	for (const path of ['/admin', '/admin/overview', '/admin/lo-que-sea']) {
		await visit(path)
		await expect(page, path).toHaveURL('/dashboard')
		await expect(toast(page, 'No tienes permisos para acceder a esta página')).toBeAttached()
	}
	// Unknown dashboard paths lead back to the dashboard.
	await visit('/dashboard/no-existe')
	await expect(page).toHaveURL('/dashboard')
})

test('an admin (role admin) lands on /admin/overview after login', async ({ page, visit }) => {
	const email = uniqueEmail('rol-admin')
	await createUser({ name: 'Inés Admin', email, admin: true })
	await comeFromNewAddress(page)
	await visit('/login')
	await login(page, email)
	await expect(page).toHaveURL('/admin/overview')
	await expect(page.getByRole('heading', { name: 'Panel General' })).toBeVisible()
	await expect(page.getByText('Panel de Administración')).toBeVisible()
	await expect(page.getByText('Administrador', { exact: true })).toBeVisible()

	// /admin and unknown admin paths open the overview.
	await visit('/admin')
	await expect(page).toHaveURL('/admin/overview')
	await visit('/admin/no-existe')
	await expect(page).toHaveURL('/admin/overview')

	// The dashboard shows admins the way to the admin area.
	await visit('/dashboard')
	await page
		.getByRole('navigation', { name: 'Panel de usuario' })
		.getByRole('link', { name: 'Panel Admin' })
		.click()
	await expect(page).toHaveURL('/admin/overview')

	// The admin header signs out to /login.
	await page.getByRole('main').getByRole('button', { name: 'Cerrar Sesión' }).click()
	await expect(page).toHaveURL('/login')
	await expect(toast(page, 'Sesión cerrada correctamente')).toBeAttached()
})

// ADMIN_EMAIL names one account for a whole server, so this runs on the worker's own app,
// in each project, and starts from that address unregistered.
ownTest(
	'the ADMIN_EMAIL account is an admin from registration and opens the panel once its e-mail is confirmed',
	async ({ page, ownApp, ownVisit }) => {
		const email = 'admin@frasea.test'
		ownApp.sql('DELETE FROM perfiles WHERE correo = ?', email)
		const mailed = mailsTo(email, ownApp).length
		await register(page, { name: 'Administración', email }, ownApp)
		await expect(page).toHaveURL(ownApp.url('/admin/overview'))
		// Registering an address does not prove owning it: the panel waits for the confirmation.
		await expect(
			page.getByText('Confirma tu correo electrónico para acceder al panel de administración.'),
		).toBeVisible()
		const mail = await waitForMail(email, mailed + 1, ownApp)
		await ownVisit(linkIn(mail, '/verify-email'))
		await page.getByRole('main').getByRole('button', { name: 'Confirmar mi correo' }).click()
		await expect(page).toHaveURL(ownApp.url('/admin/overview'))
		await expect(page.getByRole('heading', { name: 'Panel General' })).toBeVisible()
		await expect(toast(page, 'Correo electrónico confirmado')).toBeAttached()
	},
)
