import { type Browser, request as httpClient } from '@playwright/test'
import { base32Decode, totp, totpStep } from '../app/auth/totp.server'
import {
	comeFromNewAddress,
	createUser,
	createUserIn,
	enableTwoFactorIn,
	linkIn,
	login,
	logout,
	mailsTo,
	register,
	resetPasswordThroughMail,
	sharedApp,
	signInAs,
	signInAsIn,
	signInWithGoogleAs,
	sql,
	sqlGet,
	toast,
	uniqueEmail,
	waitForMail,
	waitForMailAbout,
} from './auth-helpers'
import { expectAccessibleInBothThemes } from './axe'
import { fromOurPages } from './fixtures'
import { expect, test } from './own-app'

/**
 * Pre-registration takeover, performed as an attacker would: someone registers an address
 * that is not theirs (the ADMIN_EMAIL before its owner, or anyone's), and counts on the
 * owner's mail scanner to confirm it, or sets up ways back in (two-factor, their own Google
 * account, a sign-in waiting at its second step) before the owner takes the account back.
 */

const NOT_CONFIRMED = 'SELECT correo_verificado_en AS confirmed FROM perfiles WHERE correo = ?'
const sqlNow = () => new Date().toISOString().replace('Z', '+00:00')

test('a mail scanner, or a stranger signed in elsewhere, opening the confirmation link of a squatted ADMIN_EMAIL confirms nothing', async ({
	page,
	browser,
	js,
	ownApp,
	ownVisit,
}) => {
	const email = 'admin@frasea.test'
	ownApp.sql('DELETE FROM perfiles WHERE correo = ?', email)
	const mailed = mailsTo(email, ownApp).length
	// The attacker registers the admin's address first.
	await register(page, { name: 'Intrusa', email }, ownApp)
	const link = ownApp.url(linkIn(await waitForMail(email, mailed + 1, ownApp), '/verify-email'))

	// The owner's mail gateway opens the link, without cookies, as often as it likes.
	const scanner = await httpClient.newContext()
	expect((await scanner.head(link)).status()).toBe(200)
	expect((await scanner.get(link)).status()).toBe(200)
	expect((await scanner.get(link, { maxRedirects: 0 })).status()).toBe(302)
	await scanner.dispose()

	// Someone signed in to another account clicks it: no button, and a forged post is refused.
	const stranger = await browser.newContext({ javaScriptEnabled: js })
	const strangerUser = await createUserIn(ownApp)
	await signInAsIn(ownApp, stranger, strangerUser.id)
	const strangerPage = await stranger.newPage()
	await strangerPage.goto(link)
	await expect(strangerPage).toHaveURL(ownApp.url('/verify-email'))
	await expect(strangerPage.getByText('Este enlace es de otra cuenta.')).toBeVisible()
	await expect(strangerPage.getByRole('button', { name: 'Confirmar mi correo' })).toHaveCount(0)
	const forged = await strangerPage.request.post(ownApp.url('/verify-email'), {
		form: { intent: 'confirmar' },
		headers: { origin: new URL(ownApp.baseURL).origin },
	})
	expect(forged.status()).toBe(403)
	await stranger.close()

	expect(ownApp.sqlGet(NOT_CONFIRMED, email)).toEqual({ confirmed: null })
	await ownVisit('/admin/overview')
	await expect(
		page.getByText('Confirma tu correo electrónico para acceder al panel de administración.'),
	).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Panel General' })).toHaveCount(0)
})

test('the registrant confirms with the button, signed in; signed out, the link asks to sign in first', async ({
	page,
	js,
	visit,
}) => {
	// Slow by nature: registration, its mail, a sign-in and (with JavaScript) four axe audits.
	test.slow()
	const email = uniqueEmail('confirma')
	await register(page, { name: 'Nora Confirma', email })
	const link = linkIn(await waitForMail(email, 1), '/verify-email')
	await logout(page)

	await visit(link)
	await expect(page).toHaveURL('/verify-email')
	const main = page.getByRole('main')
	await expect(main.getByText('Inicia sesión en esa cuenta y después pulsa')).toBeVisible()
	await expect(main.getByRole('button', { name: 'Confirmar mi correo' })).toHaveCount(0)
	await expect(main.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toBeVisible()
	// axe runs as a script: audited in the JavaScript project.
	if (js) await expectAccessibleInBothThemes(page, '/verify-email, signed out')
	await main.getByRole('link', { name: 'Iniciar sesión' }).click()
	await expect(page).toHaveURL('/login?redirectTo=%2Fverify-email')
	await login(page, email)
	await expect(page).toHaveURL('/verify-email')
	expect(sqlGet(NOT_CONFIRMED, email)).toEqual({ confirmed: null })

	await expect(main.getByText(`Pulsa el botón para confirmar que ${email}`)).toBeVisible()
	if (js) await expectAccessibleInBothThemes(page, '/verify-email, ready')
	await main.getByRole('button', { name: 'Confirmar mi correo' }).click()
	await expect(page).toHaveURL('/dashboard')
	await expect(toast(page, 'Correo electrónico confirmado')).toBeAttached()
	await expect(page.getByRole('region', { name: 'Confirmación de correo' })).toHaveCount(0)
	expect(sqlGet(NOT_CONFIRMED, email)).not.toEqual({ confirmed: null })
})

test('an unconfirmed account can neither turn on two-factor nor link Google; the profile says why and resends the confirmation', async ({
	page,
	login: signIn,
	visit,
}) => {
	await comeFromNewAddress(page)
	const user = await signIn({ confirmed: false })
	const main = page.getByRole('main')

	await visit('/dashboard/perfil?tab=seguridad')
	await expect(
		main.getByText('después podrás activar la verificación en dos pasos', { exact: false }),
	).toBeVisible()
	await expect(main.getByRole('button', { name: 'Activar verificación en dos pasos' })).toHaveCount(
		0,
	)
	// The post the page no longer offers, forged: refused, nothing set up.
	for (const intent of ['activar-2fa', 'confirmar-2fa']) {
		const forged = await page.request.post('/dashboard/perfil?tab=seguridad', {
			form: { intent, code: '123456' },
			headers: fromOurPages,
		})
		expect(forged.status()).toBe(403)
	}
	expect(sqlGet('SELECT COUNT(*) AS n FROM two_factor WHERE user_id = ?', user.id)).toEqual({
		n: 0,
	})
	await main.getByRole('button', { name: 'Reenviar correo de confirmación' }).click()
	await expect(page).toHaveURL('/dashboard/perfil?tab=seguridad')
	await expect(toast(page, 'Te hemos enviado un nuevo enlace de confirmación')).toBeAttached()
	await waitForMailAbout(user.email, 'Confirma tu correo electrónico')

	await visit('/dashboard/perfil?tab=cuenta')
	const google = main.getByTestId('metodo-google')
	await expect(google.getByText('después podrás vincular Google', { exact: false })).toBeVisible()
	await expect(google.getByRole('button', { name: 'Vincular Google' })).toHaveCount(0)
	await expect(
		google.getByRole('button', { name: 'Reenviar correo de confirmación' }),
	).toBeVisible()
	const forgedLink = await page.request.post('/auth/google', {
		form: { intent: 'vincular-google' },
		headers: fromOurPages,
		maxRedirects: 0,
	})
	expect(forgedLink.status()).toBe(403)
})

/** An authenticator app for a known secret: a code for a step not used yet. */
function codeFor(secret: string, after = 0) {
	return totp(base32Decode(secret)!, (totpStep(Date.now()) + after) * 30_000)
}

/**
 * An unconfirmed account as a squatter leaves it (accounts made before confirmation was
 * required may have all of this): two-factor with a secret only they know, their own Google
 * account linked, a signed-in device, and a sign-in waiting at its second step.
 */
async function squattedAccount(browser: Browser, js: boolean) {
	const victim = await createUser({ confirmed: false, email: uniqueEmail('ocupada') })
	const { secret } = enableTwoFactorIn(sharedApp, victim.id)
	const squatterGoogle = `ocupa-${victim.id}`
	sql(
		'INSERT INTO connections (id, provider_name, provider_id, user_id, created_at) VALUES (?, ?, ?, ?, ?)',
		`c-${squatterGoogle}`,
		'google',
		squatterGoogle,
		victim.id,
		sqlNow(),
	)
	const device = await browser.newContext({ javaScriptEnabled: js })
	await signInAs(device, victim.id)
	const devicePage = await device.newPage()

	const waiting = await browser.newContext({ javaScriptEnabled: js })
	const waitingPage = await waiting.newPage()
	await comeFromNewAddress(waitingPage)
	await waitingPage.goto('/login')
	await login(waitingPage, victim.email)
	await expect(waitingPage).toHaveURL('/login/verificacion')
	return {
		victim,
		secret,
		squatterGoogle,
		devicePage,
		waitingPage,
		close: async () => {
			await device.close()
			await waiting.close()
		},
	}
}

/** Nothing the squatter left works any more, and the account holds nothing of theirs. */
async function expectSquatterLockedOut(squat: Awaited<ReturnType<typeof squattedAccount>>) {
	// The waiting sign-in is gone: even the right code leads back to /login.
	const { waitingPage, devicePage, victim } = squat
	await waitingPage.getByLabel('Código de verificación').fill(codeFor(squat.secret))
	await waitingPage.getByRole('button', { name: 'Verificar' }).click()
	await expect(waitingPage).toHaveURL('/login')
	await expect(toast(waitingPage, 'Tu inicio de sesión ha caducado')).toBeAttached()
	// The signed-in device is signed out.
	await devicePage.goto('/dashboard')
	await expect(devicePage).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
	const left = (table: string) =>
		sqlGet<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`, victim.id)?.n
	expect(left('two_factor')).toBe(0)
	expect(left('recovery_codes')).toBe(0)
	expect(left('pending_sign_ins')).toBe(0)
	expect(
		sqlGet('SELECT COUNT(*) AS n FROM connections WHERE provider_id = ?', squat.squatterGoogle),
	).toEqual({ n: 0 })
}

test('the owner takes a squatted account back with a reset link: not asked for the squatter’s code, and told what was removed', async ({
	page,
	browser,
	js,
	visit,
}) => {
	const squat = await squattedAccount(browser, js)
	await resetPasswordThroughMail(page, squat.victim.email, 'la clave de la dueña', visit)
	await expect(page).toHaveURL('/dashboard')
	const told = toast(page, 'Contraseña actualizada correctamente')
	await expect(told).toContainText('Tu correo electrónico ha quedado confirmado.')
	await expect(told).toContainText(
		'1 sesión abierta, 1 inicio de sesión a medias, la verificación en dos pasos (con sus códigos de recuperación) y 1 cuenta vinculada',
	)
	await expectSquatterLockedOut(squat)
	await squat.close()
})

test('the owner takes a squatted account back with Google: not asked for the squatter’s code, and told what was removed', async ({
	page,
	browser,
	context,
	js,
	visit,
}) => {
	const squat = await squattedAccount(browser, js)
	await context.clearCookies()
	await signInWithGoogleAs(page, { sub: `duena-${squat.victim.id}`, email: squat.victim.email })
	await visit('/login')
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/dashboard')
	const told = toast(page, 'Sesión iniciada correctamente')
	await expect(told).toContainText('la verificación en dos pasos (con sus códigos de recuperación)')
	await expect(told).toContainText('la contraseña anterior se ha eliminado')
	await expectSquatterLockedOut(squat)
	// Nor does the squatter's password open it any more.
	const retry = await browser.newContext({ javaScriptEnabled: js })
	const retryPage = await retry.newPage()
	await comeFromNewAddress(retryPage)
	await retryPage.goto('/login')
	await login(retryPage, squat.victim.email)
	await expect(retryPage.getByText('Correo electrónico o contraseña incorrectos.')).toBeVisible()
	await retry.close()
	await squat.close()
})
