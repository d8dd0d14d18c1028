import { type Page } from '@playwright/test'
import { base32Decode, totp, totpStep } from '../app/auth/totp.server'
import {
	comeFromNewAddress,
	createUser,
	createUserIn,
	enableTwoFactorIn,
	login,
	logout,
	resetPasswordThroughMail,
	sharedApp,
	signInAsIn,
	signInWithGoogleAs,
	sql,
	toast,
	waitForMailAbout,
} from './auth-helpers'
import { auditablePage, expectNoSeriousViolations } from './axe'
import { expect, test } from './own-app'

/**
 * Two-factor sign-in, with and without JavaScript: turning it on from the profile's
 * 'Seguridad' tab (the key read from the page, codes computed here as an authenticator app
 * would), the second step after a password or Google, a wrong code, a replayed code, a
 * recovery code that works once, turning it off, the security mails, and the admin
 * requirement (on an app of the worker's own: it is a site-wide setting).
 */

const SECURITY = '/dashboard/perfil?tab=seguridad'
const WRONG_CODE = 'El código no es correcto o ha caducado.'

/**
 * What an authenticator app shows, for a step later than the last one used (a code is
 * accepted once). The current step's code or the next one's: the server accepts one step
 * either side, so both stay valid for at least 30 s (the previous step's code could expire
 * on the way). Waits for time to pass when both are used up.
 */
class Authenticator {
	private lastStep = -Infinity
	constructor(private readonly secret: string) {}

	async code(page: Page) {
		let step = Math.max(this.lastStep + 1, totpStep(Date.now()))
		while (step > totpStep(Date.now()) + 1) {
			await page.waitForTimeout(500)
			step = Math.max(this.lastStep + 1, totpStep(Date.now()))
		}
		this.lastStep = step
		return totp(base32Decode(this.secret)!, step * 30_000)
	}

	/** A code the server has accepted already (for the replay check). */
	lastCode() {
		return totp(base32Decode(this.secret)!, this.lastStep * 30_000)
	}
}

/** Starts the setup on the 'Seguridad' tab; returns the key shown as text. */
async function startSetup(page: Page, visit: (path: string) => Promise<void>) {
	await visit(SECURITY)
	const main = page.getByRole('main')
	await main.getByRole('button', { name: 'Activar verificación en dos pasos' }).click()
	await expect(
		main.getByRole('img', {
			name: 'Código QR para añadir Frasea a tu aplicación de autenticación',
		}),
	).toBeVisible()
	const secretText = main.getByLabel('Clave para escribirla a mano')
	await expect(secretText).toHaveText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/)
	return (await secretText.textContent())!
}

/** Confirms the setup with a first code; returns the recovery codes shown (once). */
async function finishSetup(page: Page, app: Authenticator) {
	const main = page.getByRole('main')
	await expect(main.getByLabel('Cerrar la sesión en mis otros dispositivos')).toBeChecked()
	await main.getByLabel('Código de la aplicación').fill(await app.code(page))
	await main.getByRole('button', { name: 'Activar', exact: true }).click()
	await expect(
		main.getByRole('status').filter({ hasText: 'Verificación en dos pasos activada' }),
	).toBeVisible()
	const list = main.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem')
	await expect(list).toHaveCount(10)
	return list.allTextContents()
}

async function signInWithPassword(
	page: Page,
	email: string,
	visit: (path: string) => Promise<void>,
) {
	await visit('/login')
	await login(page, email)
	await expect(page).toHaveURL('/login/verificacion')
	await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible()
}

async function typeCode(page: Page, label: string, code: string) {
	const main = page.getByRole('main')
	await main.getByLabel(label).fill(code)
	await main.getByRole('button', { name: 'Verificar' }).click()
}

/**
 * Five wrong codes on the verification step: each answer says how many tries are left (so
 * each wait meets that answer, not the one before), and the fifth ends the sign-in.
 */
async function spendEveryTry(page: Page) {
	for (let left = 4; left > 0; left--) {
		await typeCode(page, 'Código de verificación', `00000${left}`)
		await expect(
			page.getByText(left === 1 ? 'Te queda 1 intento.' : `Te quedan ${left} intentos.`),
		).toBeVisible()
		await expect(page.getByText(WRONG_CODE)).toBeVisible()
	}
	await typeCode(page, 'Código de verificación', '000009')
	await expect(page).toHaveURL('/login')
}

test('turning it on, then a sign-in asks for the code: a wrong one and a replayed one are refused', async ({
	page,
	login: signIn,
	visit,
}) => {
	// Slow by nature: the whole setup, then two sign-ins.
	test.slow()
	await comeFromNewAddress(page)
	const user = await signIn({ name: 'Teresa Dospasos' })
	const main = page.getByRole('main')
	const shown = await startSetup(page, visit)
	// The setup survives a reload: the same key, still waiting for its first code.
	await visit(SECURITY)
	await expect(main.getByLabel('Clave para escribirla a mano')).toHaveText(shown)
	// A wrong first code turns nothing on.
	await main.getByLabel('Código de la aplicación').fill('000000')
	await main.getByRole('button', { name: 'Activar', exact: true }).click()
	await expect(main.getByText(WRONG_CODE)).toBeVisible()
	await expect(main.getByLabel('Código de la aplicación')).toHaveAttribute('aria-invalid', 'true')
	await expect(
		main.getByRole('heading', { name: 'Verificación en dos pasos Desactivada' }),
	).toBeVisible()

	const app = new Authenticator(shown.replace(/\s/g, ''))
	const recoveryCodes = await finishSetup(page, app)
	// The confirmation posted again (a reload of that answer) is refused with the reason.
	const again = await page.request.post(SECURITY, {
		form: { intent: 'confirmar-2fa', code: '123456' },
		headers: { origin: new URL(page.url()).origin },
	})
	expect(again.status()).toBe(409)
	expect(await again.text()).toContain('La verificación en dos pasos ya está activada.')
	const download = main.getByRole('link', { name: 'Descargar códigos (.txt)' })
	await expect(download).toHaveAttribute('download', 'frasea-codigos-recuperacion.txt')
	await expect(download).toHaveAttribute('href', /^data:text\/plain;charset=utf-8,Frasea/)
	// Shown once: a later visit does not show them again.
	await visit(SECURITY)
	await expect(
		main.getByRole('heading', { name: 'Verificación en dos pasos Activada' }),
	).toBeVisible()
	await expect(
		main.getByText('Te quedan 10 códigos de recuperación.', { exact: false }),
	).toBeVisible()
	await expect(main.getByRole('list', { name: 'Códigos de recuperación' })).toHaveCount(0)
	const mail = await waitForMailAbout(user.email, 'Verificación en dos pasos activada')
	expect(mail.text).not.toContain(app.lastCode())

	await logout(page)
	await signInWithPassword(page, user.email, visit)
	await typeCode(page, 'Código de verificación', '123456')
	await expect(main.getByText(WRONG_CODE)).toBeVisible()
	await expect(page).toHaveURL('/login/verificacion')
	await typeCode(page, 'Código de verificación', await app.code(page))
	await expect(page).toHaveURL('/dashboard')
	await expect(toast(page, 'Sesión iniciada correctamente')).toBeAttached()

	// The same code again, in a new sign-in: refused, and the sign-in still waits. (It goes
	// on with one of the recovery codes shown at the setup: a third app code in a row would
	// have to wait up to 30 s for the app's next step.)
	await logout(page)
	await signInWithPassword(page, user.email, visit)
	await typeCode(page, 'Código de verificación', app.lastCode())
	await expect(page.getByText('Te quedan 4 intentos.')).toBeVisible()
	await expect(main.getByText(WRONG_CODE)).toBeVisible()
	await page.getByRole('link', { name: 'Usar un código de recuperación' }).click()
	await typeCode(page, 'Código de recuperación', recoveryCodes[0]!)
	await expect(page).toHaveURL('/dashboard')
	await expect(toast(page, 'Te quedan 9 códigos')).toBeAttached()
})

test('a recovery code signs in once, then no longer works', async ({ page, visit }) => {
	// Two-factor turned on through the database: its setup is the first test's subject.
	await comeFromNewAddress(page)
	const user = await createUser()
	const code = enableTwoFactorIn(sharedApp, user.id).recoveryCodes[3]!

	await signInWithPassword(page, user.email, visit)
	await page.getByRole('link', { name: 'Usar un código de recuperación' }).click()
	await expect(page).toHaveURL('/login/verificacion?recuperacion=1')
	await typeCode(page, 'Código de recuperación', code.toUpperCase())
	await expect(page).toHaveURL('/dashboard')
	await expect(toast(page, 'Te quedan 9 códigos')).toBeAttached()

	await logout(page)
	await signInWithPassword(page, user.email, visit)
	await page.getByRole('link', { name: 'Usar un código de recuperación' }).click()
	await typeCode(page, 'Código de recuperación', code)
	await expect(
		page.getByText('El código de recuperación no es correcto o ya se ha usado.'),
	).toBeVisible()
	await expect(page).toHaveURL('/login/verificacion?recuperacion=1')
})

test('five wrong codes, or 10 minutes, end the sign-in: back to /login', async ({
	page,
	visit,
}) => {
	await comeFromNewAddress(page)
	const user = await createUser()
	enableTwoFactorIn(sharedApp, user.id)
	await signInWithPassword(page, user.email, visit)
	await spendEveryTry(page)
	await expect(toast(page, 'Demasiados códigos incorrectos')).toBeAttached()
	// The step is gone: the verification page sends back to /login.
	await page.goto('/login/verificacion')
	await expect(page).toHaveURL('/login')

	// A second step left waiting past its 10 minutes: back to /login, with the reason.
	await signInWithPassword(page, user.email, visit)
	sql(
		'UPDATE pending_sign_ins SET expires_at = ? WHERE user_id = ?',
		new Date(Date.now() - 1000).toISOString().replace('Z', '+00:00'),
		user.id,
	)
	await typeCode(page, 'Código de verificación', '123456')
	await expect(page).toHaveURL('/login')
	await expect(toast(page, 'Tu inicio de sesión ha caducado')).toBeAttached()
})

test('an account takes at most 10 wrong codes in 15 minutes, whichever sign-ins they come from', async ({
	page,
	visit,
}) => {
	const user = await createUser()
	const app = new Authenticator(enableTwoFactorIn(sharedApp, user.id).secret)
	for (let round = 0; round < 2; round++) {
		// A new address each time: the per-address limit is not what is under test.
		await comeFromNewAddress(page)
		await signInWithPassword(page, user.email, visit)
		await spendEveryTry(page)
	}
	// A third first step is passed, but the account has had its 10: even the right code waits.
	await comeFromNewAddress(page)
	await signInWithPassword(page, user.email, visit)
	await typeCode(page, 'Código de verificación', await app.code(page))
	await expect(
		page.getByText('Demasiados códigos incorrectos en esta cuenta. Espera unos minutos'),
	).toBeVisible()
	await expect(page).toHaveURL('/login/verificacion')
	await visit('/dashboard')
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
})

test('a reset link on a confirmed account keeps two-factor, and asks for the code next', async ({
	page,
	visit,
}) => {
	const user = await createUser()
	const app = new Authenticator(enableTwoFactorIn(sharedApp, user.id).secret)
	await resetPasswordThroughMail(page, user.email, 'una clave nueva 2026', visit)
	await expect(page).toHaveURL('/login/verificacion')
	// The new password is saved already: the code page says so before asking for the code.
	await expect(toast(page, 'Contraseña actualizada correctamente')).toBeAttached()
	await typeCode(page, 'Código de verificación', await app.code(page))
	await expect(page).toHaveURL('/dashboard')
	await expect(toast(page, 'Sesión iniciada correctamente')).toBeAttached()
})

test('turning it off needs a code or the password; the mails tell the owner', async ({
	page,
	login: signIn,
	visit,
}) => {
	await comeFromNewAddress(page)
	const user = await signIn()
	enableTwoFactorIn(sharedApp, user.id)
	await visit(SECURITY)
	const main = page.getByRole('main')
	const disable = main.getByRole('button', { name: 'Desactivar', exact: true })
	await disable.click()
	await expect(main.getByText('Escribe un código de la aplicación o tu contraseña.')).toBeVisible()
	await main.getByLabel('O tu contraseña').fill('no es la mía 123')
	await disable.click()
	await expect(main.getByText('El código o la contraseña no son correctos.')).toBeVisible()
	await expect(
		main.getByRole('heading', { name: 'Verificación en dos pasos Activada' }),
	).toBeVisible()
	await main.getByLabel('O tu contraseña').fill(user.password)
	await disable.click()
	await expect(toast(page, 'Verificación en dos pasos desactivada.')).toBeAttached()
	await expect(
		main.getByRole('heading', { name: 'Verificación en dos pasos Desactivada' }),
	).toBeVisible()
	await waitForMailAbout(user.email, 'Verificación en dos pasos desactivada')

	// Signing in asks for nothing more now.
	await logout(page)
	await visit('/login')
	await login(page, user.email)
	await expect(page).toHaveURL('/dashboard')

	// A new password is told too.
	await visit('/dashboard/perfil?tab=cuenta')
	await main.getByLabel('Contraseña actual').fill(user.password)
	await main.getByLabel('Nueva contraseña').fill('otra clave nueva 2026')
	await main.getByLabel('Confirmar contraseña').fill('otra clave nueva 2026')
	await main.getByRole('button', { name: 'Cambiar contraseña' }).click()
	await expect(toast(page, 'Contraseña actualizada correctamente')).toBeAttached()
	const mail = await waitForMailAbout(user.email, 'Tu contraseña de Frasea ha cambiado')
	expect(mail.text).not.toContain('otra clave nueva 2026')
})

test('Google sign-in asks for the code too', async ({ page, context, login: signIn, visit }) => {
	await comeFromNewAddress(page)
	const user = await signIn()
	const app = new Authenticator(enableTwoFactorIn(sharedApp, user.id).secret)
	const sub = `google-2fa-${Date.now()}`
	sql(
		'INSERT INTO connections (id, provider_name, provider_id, user_id, created_at) VALUES (?, ?, ?, ?, ?)',
		`c${sub}`,
		'google',
		sub,
		user.id,
		new Date().toISOString().replace('Z', '+00:00'),
	)
	await context.clearCookies()
	await signInWithGoogleAs(page, { sub, email: user.email })
	await visit('/login')
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/login/verificacion')
	await typeCode(page, 'Código de verificación', await app.code(page))
	await expect(page).toHaveURL('/dashboard')
})

test('admins can be required to use it: an admin without it is sent to turn it on', async ({
	page,
	browser,
	js,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	const requirement = 'Exigir verificación en dos pasos a los administradores'
	const admin = await ownLogin({ admin: true })
	const main = page.getByRole('main')
	try {
		// Refused to an admin who would lock themselves out.
		await ownVisit('/admin/users')
		await main.getByLabel(requirement).check()
		await main.getByRole('button', { name: 'Guardar' }).click()
		await expect(main.getByText('Activa primero la verificación en dos pasos')).toBeVisible()

		enableTwoFactorIn(ownApp, admin.id)
		await ownVisit('/admin/users')
		await main.getByLabel(requirement).check()
		await main.getByRole('button', { name: 'Guardar' }).click()
		await expect(
			toast(page, 'Ahora los administradores necesitan la verificación en dos pasos.'),
		).toBeAttached()
		await expect(main.getByLabel(requirement)).toBeChecked()

		// Someone who is not an admin cannot change it: 403, and it stays on.
		const member = await browser.newContext()
		await signInAsIn(ownApp, member, (await createUserIn(ownApp)).id)
		const refused = await member.request.post(ownApp.url('/admin/users'), {
			form: { intent: 'exigir-2fa' },
			headers: { origin: ownApp.baseURL },
		})
		expect(refused.status()).toBe(403)
		await member.close()
		expect(
			ownApp.sqlGet<{ value: string }>(
				"SELECT value FROM settings WHERE key = 'security.requireAdminTwoFactor'",
			)?.value,
		).toBe('true')

		// Another admin, without two-factor: the admin area waits; their own pages do not.
		const other = await browser.newContext({ javaScriptEnabled: js })
		const second = await other.newPage()
		const colleague = await createUserIn(ownApp, { admin: true })
		await signInAsIn(ownApp, other, colleague.id)
		await second.goto(ownApp.url('/admin/overview'))
		await expect(second).toHaveURL(ownApp.url(SECURITY))
		await expect(
			toast(second, 'primero activa la verificación en dos pasos en tu cuenta'),
		).toBeAttached()
		await second.goto(ownApp.url('/dashboard'))
		await expect(second).toHaveURL(ownApp.url('/dashboard'))
		await other.close()
	} finally {
		// The worker's app is shared with its other tests.
		ownApp.sql("DELETE FROM settings WHERE key = 'security.requireAdminTwoFactor'")
	}
})

test('the setup, the recovery codes and the verification step pass axe', async ({
	page,
	browser,
	js,
	login: signIn,
}) => {
	// Slow by nature: the whole setup and a sign-in, with four axe audits on the way.
	test.slow()
	await comeFromNewAddress(page)
	const user = await signIn()
	const audited = await auditablePage(page, browser, js)
	const go = async (path: string) => {
		await audited.goto(path)
	}
	const secret = (await startSetup(audited, go)).replace(/\s/g, '')
	await expectNoSeriousViolations(audited, 'two-factor setup')
	await finishSetup(audited, new Authenticator(secret))
	await expectNoSeriousViolations(audited, 'recovery codes')
	await audited.context().clearCookies()
	await comeFromNewAddress(audited)
	await go('/login')
	await login(audited, user.email)
	await expect(audited).toHaveURL('/login/verificacion')
	await expectNoSeriousViolations(audited, 'verification step')
	await typeCode(audited, 'Código de verificación', '000000')
	await expect(audited.getByText(WRONG_CODE)).toBeVisible()
	await expectNoSeriousViolations(audited, 'verification step with an error')
	if (!js) await audited.context().close()
})
