import { createHash } from 'node:crypto'
import {
	comeFromNewAddress,
	createUser,
	linkIn,
	login,
	logout,
	PASSWORD,
	register,
	signInAs,
	toast,
	uniqueEmail,
	waitForMail,
	waitForMailAbout,
	mailsTo,
	sqlGet,
	type ReceivedMail,
} from './auth-helpers'
import { expect, expectHydration, test } from './fixtures'

const NEUTRAL = 'Si existe una cuenta con ese correo electrónico, te hemos enviado un enlace'

test('forgot password → mail → reset → signed in, every other session gone, the new password works', async ({
	page,
	browser,
	visit,
	js,
}) => {
	const user = await createUser({ name: 'Julia Olvido', confirmed: false })
	const { email } = user
	await comeFromNewAddress(page)
	// Another device is signed in until the password is reset.
	const other = await browser.newContext({ javaScriptEnabled: js })
	await signInAs(other, user.id)
	const otherPage = await other.newPage()
	await otherPage.goto('/dashboard')
	await expect(otherPage).toHaveURL('/dashboard')

	await visit('/login')
	await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click()
	await expect(page).toHaveURL('/forgot-password')
	await page.getByLabel('Correo electrónico').fill(email)
	await page.getByRole('button', { name: 'Enviar enlace' }).click()
	await expect(page.getByRole('status').filter({ hasText: NEUTRAL })).toBeVisible()

	const mail = await waitForMailAbout(email, 'Restablece')
	expect(mail.subject).toBe('Restablece tu contraseña de Frasea')
	const link = linkIn(mail, '/reset-password')
	await visit(link)
	// The token leaves the address bar at once.
	await expect(page).toHaveURL('/reset-password')
	await page.getByLabel('Nueva contraseña').fill('nueva contraseña 2026')
	await page.getByLabel('Confirmar contraseña').fill('nueva contraseña 2026')
	await page.getByRole('button', { name: 'Guardar contraseña' }).click()
	await expect(page).toHaveURL('/dashboard')
	await expectHydration(page, js)
	await expect(toast(page, 'Contraseña actualizada correctamente')).toBeAttached()
	await expect(page.getByRole('main')).toContainText('Julia Olvido')
	// Proving the mailbox confirmed the address too.
	await expect(page.getByText('Confirma tu correo electrónico:')).toHaveCount(0)

	// The other device's session was revoked.
	await otherPage.goto('/dashboard')
	await expect(otherPage).toHaveURL('/login?redirectTo=%2Fdashboard')
	await other.close()

	// The link was single-use.
	await visit(link)
	await expect(
		page.getByText('El enlace para restablecer la contraseña no es válido o ha caducado.'),
	).toBeVisible()

	await logout(page)
	await visit('/login')
	await login(page, email, PASSWORD)
	await expect(page.getByRole('alert')).toContainText(
		'Correo electrónico o contraseña incorrectos.',
	)
	await login(page, email, 'nueva contraseña 2026')
	await expect(page).toHaveURL('/dashboard')
})

test('forgot password answers the same for an unknown address and sends nothing', async ({
	page,
	visit,
}) => {
	const email = uniqueEmail('desconocido')
	const resetMails = () => mailsTo(email).filter((mail) => mail.subject.startsWith('Restablece'))
	const askForReset = async () => {
		await visit('/forgot-password')
		await page.getByLabel('Correo electrónico').fill(email)
		await page.getByRole('button', { name: 'Enviar enlace' }).click()
		await expect(page.getByRole('status').filter({ hasText: NEUTRAL })).toBeVisible()
	}
	await askForReset()

	// Mail goes out in the background, after the answer, so "nothing yet" proves nothing.
	// Instead the address gets an account and asks again, and the test waits for that known
	// mail (the one whose token is the account's live reset row): it was started well after
	// any mail the first request could have started, so once it is here that one would be
	// too. There is only the known one.
	await createUser({ name: 'Nadie Todavía', email, confirmed: false })
	await comeFromNewAddress(page)
	await askForReset()
	const live = sqlGet<{ token_hash: string }>(
		'SELECT r.token_hash FROM password_resets r JOIN perfiles p ON p.id = r.user_id WHERE p.correo = ?',
		email,
	)?.token_hash
	expect(live, 'a reset row for the new account').toBeDefined()
	const tokenHash = (mail: ReceivedMail) =>
		createHash('sha256')
			.update(new URL(linkIn(mail, '/reset-password'), 'http://x').searchParams.get('token') ?? '')
			.digest('hex')
	await expect
		.poll(() => resetMails().some((mail) => tokenHash(mail) === live), {
			message: 'the reset mail of the second request',
			timeout: 10_000,
		})
		.toBe(true)
	expect(resetMails()).toHaveLength(1)
})

test('the reset form checks the policy and the confirmation', async ({ page, visit }) => {
	const email = uniqueEmail('politica-reset')
	await createUser({ name: 'Karen Política', email, confirmed: false })
	await comeFromNewAddress(page)
	await visit('/forgot-password')
	await page.getByLabel('Correo electrónico').fill(email)
	await page.getByRole('button', { name: 'Enviar enlace' }).click()
	const mail = await waitForMailAbout(email, 'Restablece')
	await visit(linkIn(mail, '/reset-password'))
	await page.getByLabel('Nueva contraseña').fill(email)
	await page.getByLabel('Confirmar contraseña').fill(email)
	await page.getByRole('button', { name: 'Guardar contraseña' }).click()
	await expect(page.getByText('La contraseña no puede ser tu correo electrónico')).toBeVisible()
	await page.getByLabel('Nueva contraseña').fill('una contraseña buena')
	await page.getByLabel('Confirmar contraseña').fill('otra contraseña')
	await page.getByRole('button', { name: 'Guardar contraseña' }).click()
	await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible()
	await expect(page).toHaveURL('/reset-password')
})

test('e-mail verification: banner, resend, the old link dies, the new one confirms', async ({
	page,
	visit,
}) => {
	const email = uniqueEmail('verifica')
	await register(page, { name: 'Luis Verifica', email })
	const banner = page.getByRole('region', { name: 'Confirmación de correo' })
	await expect(banner).toBeVisible()
	const first = await waitForMail(email, 1)
	expect(first.subject).toBe('Confirma tu correo electrónico en Frasea')

	await banner.getByRole('button', { name: 'Reenviar correo' }).click()
	await expect(page).toHaveURL('/dashboard')
	await expect(toast(page, 'Te hemos enviado un nuevo enlace de confirmación')).toBeAttached()
	const second = await waitForMail(email, 2)

	// Resending replaced the first link.
	await visit(linkIn(first, '/verify-email'))
	await expect(
		page.getByText('El enlace de confirmación no es válido o ha caducado.'),
	).toBeVisible()

	// Opening the link only offers the button (a mail scanner opens links too); its post,
	// from the account signed in here, confirms.
	await visit(linkIn(second, '/verify-email'))
	await expect(page).toHaveURL('/verify-email')
	await page.getByRole('main').getByRole('button', { name: 'Confirmar mi correo' }).click()
	await expect(page).toHaveURL('/dashboard')
	await expect(toast(page, 'Correo electrónico confirmado')).toBeAttached()
	await expect(page.getByRole('region', { name: 'Confirmación de correo' })).toHaveCount(0)

	// Single use.
	await visit(linkIn(second, '/verify-email'))
	await expect(
		page.getByText('El enlace de confirmación no es válido o ha caducado.'),
	).toBeVisible()
	await expect(page.getByText('Tu correo electrónico ya está confirmado.')).toBeVisible()
})
