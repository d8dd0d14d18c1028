import { comeFromNewAddress, createUser, randomIp, uniqueEmail, PASSWORD } from './auth-helpers'
import { expect, fromOurPages, test } from './fixtures'

test('a filled honeypot is refused on login, register and forgot-password', async ({
	page,
	visit,
}) => {
	const email = uniqueEmail('bot')
	for (const [path, fill, button] of [
		[
			'/register',
			async () => {
				await page.getByLabel('Nombre completo').fill('Bot')
				await page.getByLabel('Correo electrónico').fill(email)
				await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD)
				await page.getByLabel('Confirmar contraseña').fill(PASSWORD)
			},
			'Crear cuenta',
		],
		[
			'/login',
			async () => {
				await page.getByLabel('Correo electrónico').fill(email)
				await page.getByLabel('Contraseña').fill(PASSWORD)
			},
			'Iniciar Sesión',
		],
		[
			'/forgot-password',
			async () => {
				await page.getByLabel('Correo electrónico').fill(email)
			},
			'Enviar enlace',
		],
	] as const) {
		await visit(path)
		await fill()
		// People never see this field; bots fill every field they find.
		await page.locator('input[name="sitio_web_empresa"]').evaluate((input: HTMLInputElement) => {
			input.value = 'https://spam.example'
		})
		await page.getByRole('main').getByRole('button', { name: button }).click()
		await expect(page.getByRole('alert'), path).toContainText('No se pudo enviar el formulario')
		await expect(page).toHaveURL(path)
	}
	// Nothing was created.
	await visit('/login')
	await page.getByLabel('Correo electrónico').fill(email)
	await page.getByLabel('Contraseña').fill(PASSWORD)
	await page.getByRole('main').getByRole('button', { name: 'Iniciar Sesión' }).click()
	await expect(page.getByRole('alert')).toContainText(
		'Correo electrónico o contraseña incorrectos.',
	)
})

test('sign-in attempts are limited per IP: 429 with a Spanish message', async ({
	page,
	visit,
	js,
}) => {
	// As a reverse proxy would report it; AUTH_RATE_LIMIT is the default 10 a minute.
	const ip = randomIp()
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip })
	for (let attempt = 1; attempt <= 10; attempt++) {
		const response = await page.request.post('/login', {
			form: { email: uniqueEmail(`ip-${attempt}`), password: 'incorrecta' },
			headers: { ...fromOurPages, 'x-forwarded-for': ip },
			maxRedirects: 0,
		})
		expect(response.status()).not.toBe(429)
	}
	await visit('/login')
	await page.getByLabel('Correo electrónico').fill(uniqueEmail('ip-11'))
	await page.getByLabel('Contraseña').fill('incorrecta')
	const [response] = await Promise.all([
		page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/login')),
		page.getByRole('main').getByRole('button', { name: 'Iniciar Sesión' }).click(),
	])
	if (!js) expect(response.status()).toBe(429)
	await expect(page.getByRole('alert')).toContainText(
		'Demasiados intentos. Espera un minuto y vuelve a intentarlo.',
	)
	await expect(page.getByLabel('Correo electrónico')).toHaveValue(/ip-11/)
})

// Was "limited per account, whatever the IP", which refused even the right password: a
// lock-out button for anyone who knew the address. The account is now slowed down, never
// locked (app/auth/login-throttle.server.ts); guessing is bounded per address.
test('wrong passwords from many IPs slow the account down; the right one still gets in', async ({
	page,
	visit,
}) => {
	// Slow by nature: the sign-in delays it proves add up to 7 s (1, 2 and 4 s).
	test.slow()
	const email = uniqueEmail('cuenta')
	await createUser({ name: 'Quique Cuenta', email, confirmed: false })
	await comeFromNewAddress(page)
	const timings: number[] = []
	for (let attempt = 1; attempt <= 7; attempt++) {
		const started = Date.now()
		const response = await page.request.post('/login', {
			form: { email, password: 'incorrecta' },
			headers: { ...fromOurPages, 'x-forwarded-for': randomIp() },
			maxRedirects: 0,
		})
		timings.push(Date.now() - started)
		// Refused for being wrong, never for being too many.
		expect(response.status()).toBe(400)
	}
	// The sixth and seventh waited 1 s and 2 s before their password was checked.
	expect(timings[5]).toBeGreaterThanOrEqual(1000)
	expect(timings[6]).toBeGreaterThanOrEqual(2000)
	await visit('/login')
	await page.getByLabel('Correo electrónico').fill(email)
	await page.getByLabel('Contraseña').fill(PASSWORD)
	await page.getByRole('main').getByRole('button', { name: 'Iniciar Sesión' }).click()
	// After a 4-second wait, in.
	await expect(page).toHaveURL('/dashboard', { timeout: 15_000 })
})
