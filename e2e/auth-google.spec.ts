import { randomBytes } from 'node:crypto'
import {
	comeFromNewAddress,
	createUser,
	login,
	logout,
	sessionCookie,
	signInAs,
	signInWithGoogleAs,
	sqlGet,
	toast,
	uniqueEmail,
} from './auth-helpers'
import { expect, expectHydration, test } from './fixtures'

const sub = () => `google-${randomBytes(6).toString('hex')}`

test('the Google button shows in the header, footer, login and register pages', async ({
	page,
	visit,
}) => {
	await visit('/')
	await expect(
		page.getByRole('banner').getByRole('button', { name: 'Continuar con Google' }).first(),
	).toBeAttached()
	await expect(
		page.getByRole('contentinfo').getByRole('button', { name: 'Continuar con Google' }),
	).toBeVisible()
	for (const path of ['/login', '/register']) {
		await visit(path)
		await expect(
			page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }),
		).toBeVisible()
	}
})

test('Google sign-in creates an account with the provider’s name', async ({ page, visit, js }) => {
	const email = uniqueEmail('google-nueva')
	await signInWithGoogleAs(page, { sub: sub(), email, name: 'Marta Google' })
	await visit('/login')
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/dashboard')
	await expectHydration(page, js)
	await expect(page.getByRole('main')).toContainText('Marta Google')
	await expect(toast(page, 'Sesión iniciada correctamente')).toBeAttached()
	// Google vouched for the address: no confirmation banner.
	await expect(page.getByRole('region', { name: 'Confirmación de correo' })).toHaveCount(0)
	// The state and PKCE cookie is gone once used.
	expect((await page.context().cookies()).filter((c) => c.name.startsWith('fr_oauth2'))).toEqual([])
})

test('without a name from Google, the name is the part of the e-mail before the @', async ({
	page,
	visit,
}) => {
	const email = uniqueEmail('sin-nombre')
	await signInWithGoogleAs(page, { sub: sub(), email })
	await visit('/register')
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/dashboard')
	await expect(page.getByRole('main')).toContainText(email.split('@')[0] ?? '')
})

test('Google links to an existing account whose e-mail is verified; the password still works', async ({
	page,
	visit,
}) => {
	const email = uniqueEmail('google-enlaza')
	await createUser({ name: 'Nuria Enlaza', email })
	await comeFromNewAddress(page)

	const id = sub()
	await signInWithGoogleAs(page, { sub: id, email, name: 'Otro Nombre' })
	await visit('/login')
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/dashboard')
	await expect(page.getByRole('main')).toContainText('Nuria Enlaza')
	expect(
		sqlGet<{ n: number }>(
			`SELECT count(*) AS n FROM connections c JOIN perfiles p ON p.id = c.user_id WHERE p.correo = ? AND c.provider_id = ?`,
			email,
			id,
		)?.n,
	).toBe(1)

	await logout(page)
	await visit('/login')
	await login(page, email)
	await expect(page).toHaveURL('/dashboard')
})

test('Google takes over an unverified password account: the password and its sessions are removed', async ({
	page,
	browser,
	visit,
	js,
}) => {
	const email = uniqueEmail('google-toma')
	// Someone registered this address without owning it, and is still signed in.
	const squatter = await browser.newContext({ javaScriptEnabled: js })
	const squatterPage = await squatter.newPage()
	const squatterAccount = await createUser({ name: 'Impostor', email, confirmed: false })
	await signInAs(squatter, squatterAccount.id)
	await comeFromNewAddress(squatterPage)
	const squatterSession = await sessionCookie(squatterPage)

	await signInWithGoogleAs(page, { sub: sub(), email, name: 'Olga Dueña' })
	await visit('/login')
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/dashboard')
	await expect(toast(page, 'la contraseña anterior se ha eliminado')).toBeAttached()
	await expect(page.getByRole('main')).toContainText('Olga Dueña')

	// The squatter's session and password no longer work.
	await squatter.clearCookies()
	await squatter.addCookies([squatterSession])
	await squatterPage.goto('/dashboard')
	await expect(squatterPage).toHaveURL('/login?redirectTo=%2Fdashboard')
	await login(squatterPage, email)
	await expect(squatterPage.getByRole('alert')).toContainText(
		'Correo electrónico o contraseña incorrectos.',
	)
	await squatter.close()
})

test('a Google account without a verified e-mail is refused', async ({ page, visit }) => {
	await signInWithGoogleAs(page, {
		sub: sub(),
		email: uniqueEmail('no-verificada'),
		email_verified: false,
	})
	await visit('/login')
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/login')
	await expect(toast(page, 'no tiene el correo electrónico verificado')).toBeAttached()
})

test('a callback without the state cookie (forged or replayed) is refused', async ({
	page,
	visit,
}) => {
	await visit('/auth/google/callback?state=inventado&code=inventado')
	await expect(page).toHaveURL('/login')
	await expect(toast(page, 'Error al iniciar sesión con Google')).toBeAttached()
	await visit('/dashboard')
	await expect(page).toHaveURL(/\/login/)
})

test('Google sign-in returns the user where they were', async ({ page, visit }) => {
	await signInWithGoogleAs(page, {
		sub: sub(),
		email: uniqueEmail('google-vuelta'),
		name: 'Pablo Vuelta',
	})
	await visit('/profile')
	await expect(page).toHaveURL('/login?redirectTo=%2Fprofile')
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/profile')
	await expect(page.getByRole('main')).toContainText('Pablo Vuelta')
})
