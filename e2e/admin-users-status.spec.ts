/**
 * Usuarios: disabling and enabling accounts, with and without JavaScript. A disabled
 * account's open sessions end at once, and every way back in (password, Google) is
 * refused with the reason until an admin enables it again.
 */
import { randomBytes } from 'node:crypto'
import {
	comeFromNewAddress,
	createUser,
	login as fillLogin,
	signInAs,
	signInWithGoogleAs,
	sql,
	sqlGet,
	toast,
} from './auth-helpers'
import { expect, expectHydration, fromOurPages, test } from './fixtures'

const tag = () => randomBytes(4).toString('hex')
const disabledMessage =
	'Tu cuenta está deshabilitada. Si crees que es un error, escribe al administrador de Frasea.'

test('an admin disables an account: its session ends and sign-in is refused; enabling lets it back in', async ({
	page,
	browser,
	login,
	visit,
	js,
}) => {
	const name = `Deshabilitar${tag()}`
	const user = await createUser({ name })
	// The user is signed in elsewhere, in a browser of their own.
	const theirs = await browser.newContext({ javaScriptEnabled: js })
	await signInAs(theirs, user.id)
	const theirPage = await theirs.newPage()
	await comeFromNewAddress(theirPage)
	await theirPage.goto('/dashboard')
	await expect(theirPage).toHaveURL('/dashboard')

	await login({ admin: true })
	await visit(`/admin/users?q=${name}`)
	const row = page
		.getByRole('region', { name: 'Usuarios', exact: true })
		.getByRole('table')
		.getByRole('row')
		.nth(1)
	await expect(row).toContainText('Activo')
	await page.getByRole('button', { name: `Deshabilitar a ${name}` }).click()
	await expect(toast(page, 'Usuario deshabilitado correctamente')).toBeAttached()
	await expect(page).toHaveURL(`/admin/users?q=${name}`)
	await expect(row).toContainText('Deshabilitado')
	await expect(page.getByRole('button', { name: `Habilitar a ${name}` })).toBeVisible()
	expect(
		sqlGet<{ n: number }>('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', user.id)?.n,
	).toBe(0)

	// Their next page: signed out.
	await theirPage.goto('/dashboard')
	await expect(theirPage).toHaveURL(/\/login/)
	await expectHydration(theirPage, js)
	// The right password gets the reason; nothing opens.
	await fillLogin(theirPage, user.email, user.password)
	await expect(theirPage.getByRole('alert').filter({ hasText: disabledMessage })).toBeVisible()
	await expect(theirPage).toHaveURL(/\/login/)
	await expect(theirPage.locator('form#login').getByLabel('Correo electrónico')).toHaveValue(
		user.email,
	)
	// A wrong password is told nothing about the account.
	await fillLogin(theirPage, user.email, 'otra contraseña 123')
	await expect(theirPage.getByRole('alert')).toContainText(
		'Correo electrónico o contraseña incorrectos.',
	)
	await expect(theirPage.getByText(disabledMessage)).toHaveCount(0)

	await page.getByRole('button', { name: `Habilitar a ${name}` }).click()
	await expect(toast(page, 'Usuario habilitado correctamente')).toBeAttached()
	await expect(row).toContainText('Activo')
	expect(
		sqlGet<{ d: string | null }>('SELECT deshabilitado_en AS d FROM perfiles WHERE id = ?', user.id)
			?.d,
	).toBeNull()

	await fillLogin(theirPage, user.email, user.password)
	await expect(theirPage).toHaveURL('/dashboard')
	await theirs.close()
})

test('a disabled account is refused by Google sign-in too, and nothing about it changes', async ({
	page,
	visit,
}) => {
	const user = await createUser({ name: `Google${tag()}` })
	sql(
		'UPDATE perfiles SET deshabilitado_en = ? WHERE id = ?',
		new Date().toISOString().replace('Z', '+00:00'),
		user.id,
	)
	await signInWithGoogleAs(page, { sub: `google-${tag()}`, email: user.email })
	await visit('/login')
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/login')
	await expect(toast(page, disabledMessage)).toBeAttached()
	expect(sqlGet('SELECT id FROM connections WHERE user_id = ?', user.id)).toBeUndefined()
	expect(sqlGet('SELECT user_id FROM sessions WHERE user_id = ?', user.id)).toBeUndefined()
})

test('status posts: unknown ids get 404, bad values 400, the admin’s own account stays enabled, non-admins 403', async ({
	page,
	browser,
	login,
	js,
}) => {
	const admin = await login({ admin: true, name: `Yo${tag()}` })
	const post = (form: Record<string, string>, on = page) =>
		on.request.post('/admin/users', { headers: fromOurPages, form, maxRedirects: 0 })

	expect(
		(await post({ intent: 'estado', userId: 'no-existe', estado: 'deshabilitado' })).status(),
	).toBe(404)
	expect((await post({ intent: 'estado', userId: admin.id, estado: 'borrado' })).status()).toBe(400)
	const self = await post({ intent: 'estado', userId: admin.id, estado: 'deshabilitado' })
	expect(self.status()).toBe(302)
	expect(
		sqlGet<{ d: string | null }>(
			'SELECT deshabilitado_en AS d FROM perfiles WHERE id = ?',
			admin.id,
		)?.d,
	).toBeNull()

	const target = await createUser({ name: `Intacta${tag()}` })
	const other = await browser.newContext({ javaScriptEnabled: js })
	const someone = await createUser({ name: 'Sin Permisos' })
	await signInAs(other, someone.id)
	const otherPage = await other.newPage()
	const refused = await post(
		{ intent: 'estado', userId: target.id, estado: 'deshabilitado' },
		otherPage,
	)
	expect(refused.status()).toBe(403)
	expect(
		sqlGet<{ d: string | null }>(
			'SELECT deshabilitado_en AS d FROM perfiles WHERE id = ?',
			target.id,
		)?.d,
	).toBeNull()
	await other.close()
})
