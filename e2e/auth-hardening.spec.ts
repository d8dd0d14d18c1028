/**
 * Attacks on accounts and redirects in the browser, with and without JavaScript (the same
 * attacks over plain HTTP are e2e/auth-hardening.http.spec.ts):
 * - a hostile redirectTo on the sign-in page and on Google sign-in lands on the dashboard;
 * - a mail scanner opening the reset link first does not burn it; the form's POST does;
 * - failed sign-ins slow an account down but never lock its owner out.
 */
import { linkIn, login, signInWithGoogleAs, uniqueEmail, waitForMailAbout } from './auth-helpers'
import { post, registerOverHttp } from './auth-hardening-helpers'
import { expect, expectHydration, test } from './fixtures'

test('a tab-smuggled redirectTo on the sign-in page lands on the dashboard', async ({
	page,
	visit,
	js,
}) => {
	const email = uniqueEmail('redir-form')
	await registerOverHttp(page.request, email)
	await page.context().clearCookies()
	await visit(`/login?${new URLSearchParams({ redirectTo: '/\t/evil.example' })}`)
	await login(page, email)
	await expect(page).toHaveURL('/dashboard')
	await expectHydration(page, js)
})

test('Google sign-in started with a hostile redirectTo lands on the dashboard', async ({
	page,
	visit,
}) => {
	await signInWithGoogleAs(page, {
		sub: `redir-${Math.random().toString(36).slice(2)}`,
		email: uniqueEmail('redir-google-ui'),
	})
	await visit(`/login?${new URLSearchParams({ redirectTo: '/%09/evil.example' })}`)
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/dashboard')
})

test('a mail scanner opening the reset link first does not burn it; the form spends it once', async ({
	page,
	browser,
	visit,
	js,
}) => {
	const email = uniqueEmail('escaner')
	await registerOverHttp(page.request, email)
	await page.context().clearCookies()
	expect((await post(page.request, '/forgot-password', { email })).status()).toBe(200)
	const link = linkIn(await waitForMailAbout(email, 'Restablece'), '/reset-password')

	// The scanner (its own browser) opens the link before the person does.
	const scanner = await browser.newContext({ javaScriptEnabled: js })
	const scannerPage = await scanner.newPage()
	await scannerPage.goto(link)
	await expect(scannerPage).toHaveURL('/reset-password')
	await expect(scannerPage.getByLabel('Nueva contraseña')).toBeVisible()

	// The person opens it twice (say, from two tabs): still the form each time.
	for (let i = 0; i < 2; i++) {
		await visit(link)
		await expect(page).toHaveURL('/reset-password')
		await expect(page.getByLabel('Nueva contraseña')).toBeVisible()
	}
	await page.getByLabel('Nueva contraseña').fill('contraseña del escáner 1')
	await page.getByLabel('Confirmar contraseña').fill('contraseña del escáner 1')
	await page.getByRole('button', { name: 'Guardar contraseña' }).click()
	await expect(page).toHaveURL('/dashboard')

	// A second POST with the same link (the scanner's copy) is refused with the reason.
	await scannerPage.getByLabel('Nueva contraseña').fill('contraseña del atacante 2')
	await scannerPage.getByLabel('Confirmar contraseña').fill('contraseña del atacante 2')
	const [response] = await Promise.all([
		scannerPage.waitForResponse(
			(r) => r.request().method() === 'POST' && r.url().includes('/reset-password'),
		),
		scannerPage.getByRole('button', { name: 'Guardar contraseña' }).click(),
	])
	expect(response.status()).toBe(400)
	await expect(
		scannerPage.getByText('El enlace para restablecer la contraseña no es válido o ha caducado.'),
	).toBeVisible()
	await expect(scannerPage).toHaveURL('/reset-password')
	await scanner.close()
})

test('failed sign-ins slow the account down but never lock its owner out', async ({
	page,
	visit,
	js,
}) => {
	const email = uniqueEmail('sin-bloqueo')
	await registerOverHttp(page.request, email)
	await page.context().clearCookies()
	// Someone sprays wrong passwords at the account from many addresses.
	for (let attempt = 1; attempt <= 6; attempt++) {
		const started = Date.now()
		const response = await post(page.request, '/login', { email, password: 'incorrecta' })
		expect(response.status(), `attempt ${attempt}`).toBe(400)
		// Five are free; the sixth waited a second before its password was checked.
		if (attempt === 6) expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
	}
	// The owner, with the right password, waits two seconds and gets in.
	await visit('/login')
	const started = Date.now()
	await login(page, email)
	await expect(page).toHaveURL('/dashboard')
	expect(Date.now() - started).toBeGreaterThanOrEqual(2000)
	await expectHydration(page, js)
})
