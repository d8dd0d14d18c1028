import { sqlGet } from './auth-helpers'
import { expect, test } from './fixtures'

test('the login fixture signs a new account in: its dashboard opens, with its name', async ({
	page,
	login,
	visit,
}) => {
	const user = await login({ name: 'Rita Atajo' })
	await visit('/dashboard')
	await expect(page).toHaveURL('/dashboard')
	await expect(page.getByRole('heading', { name: 'Panel de Usuario' })).toBeVisible()
	await expect(page.getByRole('main')).toContainText('Rita Atajo')
	await expect(
		page.getByRole('banner').getByRole('button', { name: 'Cerrar Sesión' }).first(),
	).toBeVisible()
	// Confirmed by default: no banner asking for it.
	await expect(page.getByRole('region', { name: 'Confirmación de correo' })).toHaveCount(0)
	// Only the token's hash is stored, as for a real sign-in.
	const session = sqlGet<{ n: number }>(
		'SELECT count(*) AS n FROM sessions WHERE user_id = ? AND length(id) = 64',
		user.id,
	)
	expect(session?.n).toBe(1)
})

test('the login fixture can leave the e-mail unconfirmed', async ({ page, login, visit }) => {
	await login({ confirmed: false })
	await visit('/dashboard')
	await expect(page.getByRole('region', { name: 'Confirmación de correo' })).toBeVisible()
})

test('the login fixture can make an admin, who opens the admin area', async ({
	page,
	login,
	visit,
}) => {
	await login({ admin: true, name: 'Ada Atajo' })
	await visit('/admin/overview')
	await expect(page).toHaveURL('/admin/overview')
	await expect(page.getByRole('heading', { name: 'Panel General' })).toBeVisible()
})
