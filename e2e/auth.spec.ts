import {
	comeFromNewAddress,
	createUser,
	fillRegister,
	login,
	logout,
	PASSWORD,
	sessionCookie,
	signInAs,
	sqlGet,
	toast,
	uniqueEmail,
} from './auth-helpers'
import { expect, expectHydration, expectSameDocument, markDocument, test } from './fixtures'

test('register leads to the dashboard, signed in, with the success message', async ({
	page,
	visit,
	js,
}) => {
	const email = uniqueEmail('registro')
	await visit('/register')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear cuenta')
	await fillRegister(page, { name: 'Ana Registro', email, password: PASSWORD })
	await markDocument(page)
	await page.getByRole('button', { name: 'Crear cuenta' }).click()

	await expect(page).toHaveURL('/dashboard')
	await expectHydration(page, js)
	await expectSameDocument(page, js)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel de Usuario')
	await expect(page.getByRole('main')).toContainText('Ana Registro')
	await expect(toast(page, 'Registro exitoso')).toBeAttached()
	const header = page.getByRole('banner')
	await expect(header.getByRole('link', { name: 'Dashboard' }).first()).toBeAttached()
	await expect(header.getByRole('button', { name: 'Cerrar Sesión' }).first()).toBeAttached()
	await expect(header.getByRole('link', { name: 'Iniciar Sesión' })).toHaveCount(0)

	// The profile row holds name, role and creation date; the password is stored only as a
	// bcrypt hash.
	const row = sqlGet<{ nombre: string; rol: string; fecha_creacion: unknown; hash: string }>(
		`SELECT p.nombre, p.rol, p.fecha_creacion, w.hash FROM perfiles p JOIN passwords w ON w.user_id = p.id WHERE p.correo = ?`,
		email,
	)
	expect(row).toMatchObject({ nombre: 'Ana Registro', rol: 'usuario' })
	expect(row?.fecha_creacion).toBeTruthy()
	expect(row?.hash).toMatch(/^\$2[aby]\$1\d\$/)

	// Registration replaced the page in the history: back goes to where the visitor was.
	if (js) {
		await page.goBack()
		await expect(page).not.toHaveURL(/\/register/)
	}
})

test('mismatched passwords keep the name and e-mail typed and explain why', async ({
	page,
	visit,
	js,
}) => {
	const email = uniqueEmail('distintas')
	await visit('/register')
	await fillRegister(page, {
		name: 'Beatriz Distinta',
		email,
		password: PASSWORD,
		confirmPassword: 'otra contraseña distinta',
	})
	await page.getByRole('button', { name: 'Crear cuenta' }).click()

	const confirm = page.getByLabel('Confirmar contraseña')
	await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible()
	await expect(confirm).toHaveAttribute('aria-invalid', 'true')
	const describedBy = await confirm.getAttribute('aria-describedby')
	await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Las contraseñas no coinciden')
	await expect(page).toHaveURL('/register')
	await expect(page.getByLabel('Nombre completo')).toHaveValue('Beatriz Distinta')
	await expect(page.getByLabel('Correo electrónico')).toHaveValue(email)
	// The server never sends a password back.
	if (!js) await expect(page.getByLabel('Contraseña', { exact: true })).toHaveValue('')
})

test('the password policy explains itself in Spanish', async ({ page, visit }) => {
	const email = uniqueEmail('politica')
	await visit('/register')
	await fillRegister(page, { name: 'Carla Política', email, password: email })
	await page.getByRole('button', { name: 'Crear cuenta' }).click()
	await expect(page.getByText('La contraseña no puede ser tu correo electrónico')).toBeVisible()
	await expect(page.getByLabel('Correo electrónico')).toHaveValue(email)
})

test('an e-mail already in use gets a clear message', async ({ page, visit }) => {
	const email = uniqueEmail('repetido')
	await createUser({ name: 'Primera Cuenta', email })
	await comeFromNewAddress(page)
	await visit('/register')
	await fillRegister(page, { name: 'Segunda Cuenta', email, password: PASSWORD })
	await page.getByRole('button', { name: 'Crear cuenta' }).click()
	await expect(page.getByText('Ya existe una cuenta con este correo electrónico')).toBeVisible()
	await expect(page.getByLabel('Nombre completo')).toHaveValue('Segunda Cuenta')
})

test('a wrong password or unknown e-mail get the same neutral message', async ({
	page,
	visit,
	js,
}) => {
	const email = uniqueEmail('clave')
	await createUser({ name: 'Diego Clave', email, confirmed: false })
	await comeFromNewAddress(page)

	await visit('/login')
	await expect(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
		'href',
		'/forgot-password',
	)
	await expect(page.getByRole('main').getByRole('link', { name: 'Regístrate' })).toHaveAttribute(
		'href',
		'/register',
	)
	await login(page, email, 'no es la contraseña')
	const alert = page.getByRole('alert').filter({ hasText: 'Error al iniciar sesión' })
	await expect(alert).toContainText('Correo electrónico o contraseña incorrectos.')
	await expect(page.getByLabel('Correo electrónico')).toHaveValue(email)
	if (!js) await expect(page.getByLabel('Contraseña')).toHaveValue('')

	// The page already shows that message: the answer to this post is what must say it.
	const answer = page.waitForResponse(
		(response) =>
			response.request().method() === 'POST' &&
			new URL(response.url()).pathname.startsWith('/login'),
	)
	const unknown = uniqueEmail('nadie')
	await login(page, unknown, PASSWORD)
	const answered = await answer
	expect(answered.status()).toBe(400)
	expect(await answered.text()).toContain('Correo electrónico o contraseña incorrectos.')
	await expect(
		page.getByRole('alert').filter({ hasText: 'Error al iniciar sesión' }),
	).toContainText('Correo electrónico o contraseña incorrectos.')
	await expect(page.getByLabel('Correo electrónico')).toHaveValue(unknown)
	await expect(page).toHaveURL('/login')
})

test('login returns the user where they were and logout forgets the session', async ({
	page,
	visit,
	js,
}) => {
	const email = uniqueEmail('vuelta')
	const user = await createUser({ name: 'Elena Vuelta', email, confirmed: false })
	await comeFromNewAddress(page)
	await signInAs(page.context(), user.id)
	await visit('/dashboard')
	await logout(page)
	await expect(toast(page, 'Sesión cerrada correctamente')).toBeAttached()

	// A guard sends the guest to /login with where they were; logging in returns them there.
	await visit('/profile')
	await expect(page).toHaveURL('/login?redirectTo=%2Fprofile')
	await expect(toast(page, 'Debes iniciar sesión para acceder a esta página')).toBeAttached()
	// With JavaScript, signing in happens in the page; without it, through a new document.
	await markDocument(page)
	await login(page, email)
	await expect(page).toHaveURL('/profile')
	await expectHydration(page, js)
	await expectSameDocument(page, js)
	await expect(page.getByRole('main')).toContainText('Elena Vuelta')
	await expect(page.getByRole('main')).toContainText(email)
	await expect(toast(page, 'Sesión iniciada correctamente')).toBeAttached()

	// Logging out deletes the session row: the old cookie no longer opens anything.
	const cookie = await sessionCookie(page)
	await logout(page)
	await page.context().addCookies([cookie])
	await visit('/dashboard')
	await expect(page).toHaveURL('/login?redirectTo=%2Fdashboard')
})

test('a redirectTo to another site is ignored', async ({ page, visit }) => {
	const email = uniqueEmail('externo')
	await createUser({ name: 'Fran Externo', email, confirmed: false })
	await comeFromNewAddress(page)
	await visit('/login?redirectTo=%2F%2Fevil.example%2F')
	await login(page, email)
	await expect(page).toHaveURL('/dashboard')
})

test('logout is a POST: a GET to /logout signs nobody out', async ({ page, visit, login }) => {
	await login({ name: 'Gema Get', email: uniqueEmail('get'), confirmed: false })
	await visit('/logout')
	await expect(page).toHaveURL('/')
	await visit('/dashboard')
	await expect(page).toHaveURL('/dashboard')
})
