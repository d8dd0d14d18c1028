/**
 * Mail that is never lost, against a real SMTP relay of this worker's own that misbehaves on
 * demand (tests/fakes/smtp-relay.ts), with and without JavaScript: a reset mail asked for
 * while the relay turns connections away still arrives; an announcement reaches exactly the
 * accounts that want it and its one-click unsubscribe works with a POST and no cookies; the
 * unsubscribe page works with its button; Administración › Correo shows a failure (masked)
 * and "Reintentar ahora" sends it.
 */
import { startSmtpRelay, type RelayedMail, type SmtpRelay } from '../tests/fakes/smtp-relay'
import { unsubscribeToken } from '../app/mail/unsubscribe.server'
import { createUserIn, randomIp, sessionSecret, signInAsIn, sqlDate, toast } from './auth-helpers'
import { expect, test as ownAppTest, type OwnApp } from './own-app'

const test = ownAppTest.extend<object, { relay: SmtpRelay }>({
	relay: [
		// Playwright reads a fixture's dependencies from its first parameter: none here.
		// eslint-disable-next-line no-empty-pattern
		async ({}, use) => {
			const relay = await startSmtpRelay()
			await use(relay)
			await relay.close()
		},
		{ scope: 'worker' },
	],
	// The worker's app sends through the relay.
	ownAppEnv: [
		async ({ relay }, use) => {
			await use({ SMTP_URL: relay.url, MAIL_FROM: 'Frasea <no-reply@frasea.test>' })
		},
		{ scope: 'worker' },
	],
})

/** Waits for the mail to `address` whose subject is `subject`, and returns it. */
async function mailTo(relay: SmtpRelay, address: string, subject: string) {
	let found: RelayedMail | undefined
	await expect
		.poll(() => (found = relay.mailsTo(address).find((mail) => mail.subject === subject)), {
			message: `"${subject}" to ${address}`,
			timeout: 10_000,
		})
		.toBeDefined()
	return found as RelayedMail
}

const setting = (ownApp: OwnApp, userId: string, column: string) =>
	ownApp.sqlGet<Record<string, number>>(
		`SELECT ${column} AS value FROM user_settings WHERE user_id = ?`,
		userId,
	)?.value

test('a reset mail asked for while the relay turns connections away still arrives', async ({
	page,
	ownApp,
	relay,
	ownVisit,
}) => {
	const user = await createUserIn(ownApp)
	// The relay restarts: open connections drop, the next two are turned away with a 421.
	relay.dropConnections()
	relay.refuseNext(2)
	const turnedAway = relay.stats.turnedAway
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	await ownVisit('/forgot-password')
	await page.getByLabel('Correo electrónico').fill(user.email)
	await page.getByRole('button', { name: 'Enviar enlace' }).click()
	await expect(
		page.getByRole('status').filter({ hasText: 'te hemos enviado un enlace' }),
	).toBeVisible()

	const mail = await mailTo(relay, user.email, 'Restablece tu contraseña de Frasea')
	expect(relay.stats.turnedAway - turnedAway).toBe(2)
	expect(relay.mailsTo(user.email)).toHaveLength(1)
	// The link in it works.
	const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0]
	expect(link).toBeDefined()
	await ownVisit(new URL(link ?? '').pathname + new URL(link ?? '').search)
	await expect(page.getByLabel('Nueva contraseña')).toBeVisible()
})

test('an announcement reaches exactly the accounts that want it, and its one-click unsubscribe needs no cookies', async ({
	page,
	ownApp,
	ownLogin,
	relay,
	ownVisit,
	js,
}) => {
	// Eight accounts, a form, a preview and the mails at the bulk pace.
	test.slow()
	const subject = `Novedades ${Date.now()}-${js ? 'js' : 'nojs'}`
	const wants = await createUserIn(ownApp)
	const withSettings = async (columns: string) => {
		const user = await createUserIn(ownApp)
		ownApp.sql(
			`INSERT INTO user_settings (user_id, ${columns.split('=')[0]}, updated_at) VALUES (?, ?, ?)`,
			user.id,
			Number(columns.split('=')[1]),
			sqlDate(new Date()),
		)
		return user
	}
	const noNews = await withSettings('notify_new_features=0')
	const noMail = await withSettings('notify_email=0')
	const unconfirmed = await createUserIn(ownApp, { confirmed: false })
	const disabled = await createUserIn(ownApp)
	ownApp.sql(
		'UPDATE perfiles SET deshabilitado_en = ? WHERE id = ?',
		sqlDate(new Date()),
		disabled.id,
	)
	const admin = await ownLogin({ admin: true })

	await ownVisit('/admin/announcements')
	await expect(page.getByRole('heading', { level: 1, name: 'Comunicados' })).toBeVisible()
	await page.getByLabel('Asunto').fill(subject)
	await page
		.getByLabel('Texto')
		.fill('Ya puedes crear tarjetas para LinkedIn: https://frasea.example/novedades.\n\nUn saludo')
	await expect(page.getByLabel('Quienes quieren saber de nuevas funciones')).toBeChecked()
	const preview = page.getByRole('region', { name: 'Así lo verán' })
	// With JavaScript the preview follows the typing; without it, it takes a post.
	if (js) await expect(preview.getByTestId('vista-previa-asunto')).toHaveText(subject)
	else await expect(preview).toHaveCount(0)
	await page.getByRole('button', { name: 'Vista previa' }).click()
	await expect(preview.getByTestId('vista-previa-asunto')).toHaveText(subject)
	await expect(
		preview.getByRole('link', { name: 'https://frasea.example/novedades' }),
	).toBeVisible()
	// What was typed stays for the send.
	await expect(page.getByLabel('Asunto')).toHaveValue(subject)
	await expect(page.getByTestId('destinatarios')).toContainText('Se enviará a')

	await page.getByRole('button', { name: 'Enviar comunicado' }).click()
	await expect(toast(page, /^Comunicado enviado a \d+ cuentas?/)).toBeAttached()
	await expect(page.getByTestId('comunicado-enviado').filter({ hasText: subject })).toBeVisible()
	// A new, empty form: sending it again would take a new text.
	await expect(page.getByLabel('Asunto')).toHaveValue('')

	const mail = await mailTo(relay, wants.email, subject)
	await mailTo(relay, admin.email, subject)
	// Every mail of the announcement handled: the rest went nowhere.
	await expect
		.poll(
			() =>
				ownApp.sqlGet<{ n: number }>(
					`SELECT COUNT(*) AS n FROM mail_outbox o JOIN announcements a ON a.id = o.announcement_id
					 WHERE a.subject = ? AND o.status IN ('queued', 'sending')`,
					subject,
				)?.n,
		)
		.toBe(0)
	for (const other of [noNews, noMail, unconfirmed, disabled]) {
		expect(
			relay.mailsTo(other.email).filter((sent) => sent.subject === subject),
			other.email,
		).toHaveLength(0)
	}
	expect(mail.text).toContain(
		'Ya puedes crear tarjetas para LinkedIn: https://frasea.example/novedades.',
	)

	// The mail client's button: a POST to the List-Unsubscribe link, no cookies, no Origin.
	expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
	const link = /^<([^>]+)>$/.exec(mail.header('List-Unsubscribe'))?.[1] ?? ''
	expect(link.startsWith(`${ownApp.baseURL}/baja?t=`)).toBe(true)
	const response = await fetch(link, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: 'List-Unsubscribe=One-Click',
	})
	expect(response.status).toBe(200)
	expect(setting(ownApp, wants.id, 'notify_new_features')).toBe(0)

	// The dashboard lists announcements by the same switches: now not for them.
	await page.context().clearCookies()
	await signInAsIn(ownApp, page.context(), noMail.id)
	await ownVisit('/dashboard/comunicados')
	await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible()
	await page.context().clearCookies()
	await signInAsIn(ownApp, page.context(), wants.id)
	await ownVisit('/dashboard/comunicados')
	await expect(page.getByRole('heading', { level: 1, name: 'Comunicados' })).toBeVisible()
	await expect(page.getByRole('heading', { level: 2, name: subject })).toHaveCount(0)
})

test('the unsubscribe link opened in a browser asks, and its button turns the setting off', async ({
	page,
	ownApp,
	ownVisit,
}) => {
	const user = await createUserIn(ownApp)
	ownApp.sql(
		'INSERT INTO user_settings (user_id, notify_tips, notify_activity, updated_at) VALUES (?, 1, 1, ?)',
		user.id,
		sqlDate(new Date()),
	)
	const token = unsubscribeToken(user.id, 'tips', await sessionSecret(ownApp))
	await ownVisit(`/baja?t=${token}`)
	await expect(page.getByRole('heading', { level: 1, name: 'Darse de baja' })).toBeVisible()
	await expect(
		page.getByText('¿Quieres dejar de recibir «Consejos y sugerencias» de Frasea?'),
	).toBeVisible()
	// Opening it changed nothing (mail scanners open links).
	expect(setting(ownApp, user.id, 'notify_tips')).toBe(1)
	await page.getByRole('button', { name: 'Darme de baja' }).click()
	await expect(
		page
			.getByRole('status')
			.filter({ hasText: 'Listo: ya no recibirás «Consejos y sugerencias».' }),
	).toBeVisible()
	expect(setting(ownApp, user.id, 'notify_tips')).toBe(0)
	// Only that setting.
	expect(setting(ownApp, user.id, 'notify_activity')).toBe(1)

	await ownVisit(`/baja?t=${token.slice(0, -2)}xx`)
	await expect(page.getByRole('alert')).toContainText('Este enlace para darse de baja no es válido')
})

test('Correo shows a failed mail with its address masked, and "Reintentar ahora" sends it', async ({
	page,
	ownApp,
	ownLogin,
	relay,
	ownVisit,
}) => {
	const user = await createUserIn(ownApp)
	relay.rejectRecipient(user.email, 550)
	try {
		await fetch(ownApp.url('/forgot-password'), {
			method: 'POST',
			headers: {
				origin: ownApp.baseURL,
				'content-type': 'application/x-www-form-urlencoded',
				'x-forwarded-for': randomIp(),
			},
			body: new URLSearchParams({ email: user.email }),
		})
		await expect
			.poll(
				() =>
					ownApp.sqlGet<{ status: string }>(
						"SELECT status FROM mail_outbox WHERE to_address = ? AND kind = 'password_reset'",
						user.email,
					)?.status,
			)
			.toBe('failed')
	} finally {
		relay.acceptRecipient(user.email)
	}
	await ownLogin({ admin: true })
	await ownVisit('/admin/mail')
	await expect(page.getByRole('heading', { level: 1, name: 'Correo' })).toBeVisible()
	const masked = `${user.email[0]}•••@f•••.test`
	const row = page.getByRole('row').filter({ hasText: masked })
	await expect(row).toContainText('Restablecer contraseña')
	await expect(row).toContainText('550')
	await expect(row).toContainText('Fallido')
	// No address, link or token on the page.
	const html = await page.content()
	expect(html).not.toContain(user.email)
	expect(html).not.toContain('token=')

	await page.getByRole('button', { name: 'Reintentar ahora' }).click()
	await expect(toast(page, /vuelven? a intentarse ahora/)).toBeAttached()
	await mailTo(relay, user.email, 'Restablece tu contraseña de Frasea')

	// The bulk pace: saved in the panel, then handed back to the default.
	await expect(page.getByTestId('ritmo-en-uso')).toHaveText(
		'En uso: 60 por minuto (valor predeterminado).',
	)
	await page.getByLabel('Correos masivos por minuto').fill('0')
	await page.getByRole('button', { name: 'Guardar ritmo' }).click()
	await expect(page.getByText('Escribe un número entero entre 1 y 100000.')).toBeVisible()
	await page.getByLabel('Correos masivos por minuto').fill('120')
	await page.getByRole('button', { name: 'Guardar ritmo' }).click()
	await expect(page.getByTestId('ritmo-en-uso')).toHaveText(
		'En uso: 120 por minuto (guardado en el panel).',
	)
	await expect(page.getByLabel('Correos masivos por minuto')).toHaveValue('120')
	await page.getByRole('button', { name: 'Restablecer' }).click()
	await expect(page.getByTestId('ritmo-en-uso')).toHaveText(
		'En uso: 60 por minuto (valor predeterminado).',
	)
})

test('an announcement without a subject is refused next to the field, the text kept and nothing sent', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
}) => {
	await ownLogin({ admin: true })
	await ownVisit('/admin/announcements')
	const before = ownApp.sqlGet<{ n: number }>('SELECT COUNT(*) AS n FROM announcements')?.n
	await page.getByLabel('Texto').fill('Un texto que no se pierde')
	await page.getByRole('button', { name: 'Enviar comunicado' }).click()
	const subject = page.getByLabel('Asunto')
	await expect(subject).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByText('Escribe el asunto.')).toBeVisible()
	await expect(page.getByLabel('Texto')).toHaveValue('Un texto que no se pierde')
	expect(ownApp.sqlGet<{ n: number }>('SELECT COUNT(*) AS n FROM announcements')?.n).toBe(before)
})
