import { type Page } from '@playwright/test'
import {
	comeFromNewAddress,
	createUser,
	enableTwoFactorIn,
	linkIn,
	mailsTo,
	randomIp,
	sharedApp,
	toast,
	uniqueEmail,
	waitForMail,
	waitForMailAbout,
	type ReceivedMail,
} from './auth-helpers'
import { auditablePage, expectNoSeriousViolations } from './axe'
import { expect, expectHydration, fromOurPages, test } from './fixtures'

const SENT = 'Si hay una cuenta con ese correo, te hemos enviado un código'
const INVALID =
	'El código no es válido o ha caducado. Revisa el último correo que te enviamos o pide un código nuevo.'
const SUBJECT = 'Tu código para iniciar sesión en Frasea'

/** From /login, the way a person goes: the link under the form, the address, the button. */
async function askForCode(page: Page, js: boolean, email: string) {
	await comeFromNewAddress(page)
	await page.goto('/login')
	await expectHydration(page, js)
	await page.getByRole('link', { name: 'Recibir un código por correo' }).click()
	await expect(page).toHaveURL('/login/codigo')
	await expectHydration(page, js)
	await page.getByLabel('Correo electrónico').fill(email)
	await page.getByRole('button', { name: 'Enviar código' }).click()
	await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible()
	await expect(page.getByLabel('Código')).toBeVisible()
}

function codeIn(mail: ReceivedMail) {
	const code = /es (\d{6})/.exec(mail.text)?.[1]
	expect(code, `a code in "${mail.subject}"`).toBeDefined()
	return code ?? ''
}

async function typeCode(page: Page, code: string) {
	await page.getByLabel('Código').fill(code)
	await page.getByRole('button', { name: 'Iniciar sesión' }).click()
}

/** Whether the browser has a session: the dashboard answers instead of sending to /login. */
async function isSignedIn(page: Page) {
	const response = await page.request.get('/dashboard', { maxRedirects: 0 })
	return response.status() === 200
}

test('a code from the mail signs in on /dashboard, and the same code does not work twice', async ({
	page,
	browser,
	js,
}) => {
	const user = await createUser({ name: 'Carmen Código' })
	await askForCode(page, js, user.email)
	const mail = await waitForMailAbout(user.email, SUBJECT)
	const code = codeIn(mail)
	expect(mail.text).toContain('10 minutos')

	// Someone else holding the same code in another browser, on the same code page.
	const other = await browser.newContext({ javaScriptEnabled: js })
	await other.addCookies(await page.context().cookies())
	const otherPage = await other.newPage()
	await comeFromNewAddress(otherPage)
	await otherPage.goto('/login/codigo')

	await typeCode(page, code)
	await expect(page).toHaveURL('/dashboard')
	await expectHydration(page, js)
	await expect(toast(page, 'Sesión iniciada correctamente')).toBeAttached()
	await expect(page.getByRole('main')).toContainText('Carmen Código')

	await typeCode(otherPage, code)
	await expect(otherPage).toHaveURL('/login/codigo')
	await expect(otherPage.getByLabel('Código')).toHaveAccessibleDescription(INVALID)
	expect(await isSignedIn(otherPage)).toBe(false)
	await other.close()
})

test('a wrong code is refused next to the field, and the right one still works after it', async ({
	page,
	js,
}) => {
	const user = await createUser()
	await askForCode(page, js, user.email)
	const code = codeIn(await waitForMailAbout(user.email, SUBJECT))
	const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')

	const answer = page.waitForResponse(
		(response) =>
			response.request().method() === 'POST' && response.url().includes('/login/codigo'),
	)
	await typeCode(page, wrong)
	expect((await answer).status()).toBe(400)
	const field = page.getByLabel('Código')
	await expect(field).toHaveAccessibleDescription(INVALID)
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(field).toHaveValue(wrong)
	expect(await isSignedIn(page)).toBe(false)

	// Not a six-digit code at all: said before anything is checked.
	await typeCode(page, '12ab')
	await expect(page.getByLabel('Código')).toHaveAccessibleDescription('El código tiene 6 cifras')

	await typeCode(page, code)
	await expect(page).toHaveURL('/dashboard')
})

test('with two-factor on, the right code and the one-click link lead to the second step, not into the account', async ({
	page,
	js,
	visit,
}) => {
	const user = await createUser()
	enableTwoFactorIn(sharedApp, user.id)
	await askForCode(page, js, user.email)
	await typeCode(page, codeIn(await waitForMailAbout(user.email, SUBJECT)))
	await expect(page).toHaveURL('/login/verificacion')
	expect(await isSignedIn(page)).toBe(false)

	await page.context().clearCookies()
	const mailed = mailsTo(user.email).length
	await askForCode(page, js, user.email)
	const link = linkIn(await waitForMail(user.email, mailed + 1), '/login/enlace')
	await visit(link)
	await page.getByRole('button', { name: 'Iniciar sesión' }).click()
	await expect(page).toHaveURL('/login/verificacion')
	await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible()
	expect(await isSignedIn(page)).toBe(false)
})

test('the one-click link: opening it signs nobody in, the button does, once', async ({
	page,
	visit,
	js,
}) => {
	const user = await createUser({ name: 'Elena Enlace' })
	await askForCode(page, js, user.email)
	const link = linkIn(await waitForMailAbout(user.email, SUBJECT), '/login/enlace')

	// What a mail scanner does: a GET. The token leaves the address bar; nobody is signed in.
	await visit(link)
	await expect(page).toHaveURL('/login/enlace')
	await expect(page.getByRole('heading', { name: 'Iniciar sesión con el enlace' })).toBeVisible()
	expect(await isSignedIn(page)).toBe(false)
	// Opening it again still spends nothing.
	await visit(link)
	await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible()

	await page.getByRole('button', { name: 'Iniciar sesión' }).click()
	await expect(page).toHaveURL('/dashboard')
	await expect(page.getByRole('main')).toContainText('Elena Enlace')

	// Used: a clear page with the way back.
	await page.context().clearCookies()
	await visit(link)
	await expect(page.getByRole('alert')).toHaveText(
		'El enlace para iniciar sesión no es válido, ya se ha usado o ha caducado.',
	)
	await page.getByRole('link', { name: 'Volver a Iniciar Sesión' }).first().click()
	await expect(page).toHaveURL('/login')
})

test('an unknown or unconfirmed address gets the same page and no mail', async ({ page, js }) => {
	const unconfirmed = await createUser({ confirmed: false })
	for (const email of [uniqueEmail('nadie'), unconfirmed.email]) {
		// Each time someone new, with no code asked for in this browser.
		await page.context().clearCookies()
		await askForCode(page, js, email)
		await expect(page.getByRole('status').filter({ hasText: SENT })).toContainText(email)
		// Any code is simply "not valid", as for a real account's wrong one.
		await typeCode(page, '123456')
		await expect(page.getByLabel('Código')).toHaveAccessibleDescription(INVALID)
		// Give a mail the time it would take to arrive.
		await page.waitForTimeout(1000)
		expect(mailsTo(email)).toHaveLength(0)
	}
})

test('a sixth code within the hour is refused with a 429 and the reason, for any address', async ({
	page,
}) => {
	const user = await createUser()
	for (const email of [user.email, uniqueEmail('nadie-limite')]) {
		const statuses: number[] = []
		let last = ''
		for (let i = 0; i < 6; i++) {
			// Each from another client address: the cap counted here is the address's own.
			const response = await page.request.post('/login/codigo', {
				form: { intent: 'send', email },
				headers: { ...fromOurPages, 'x-forwarded-for': randomIp() },
				maxRedirects: 0,
			})
			statuses.push(response.status())
			last = await response.text()
		}
		expect(statuses, email).toEqual([302, 302, 302, 302, 302, 429])
		expect(last).toContain('Ya se han pedido varios códigos para este correo electrónico.')
	}
	await expect.poll(() => mailsTo(user.email).length).toBe(5)
})

test('the code pages pass axe', async ({ page: testPage, browser, js }) => {
	// Three audits take their time on a busy machine.
	test.setTimeout(60_000)
	// axe runs as a script: without JavaScript, a page whose documents arrive without theirs.
	const page = await auditablePage(testPage, browser, js)
	const user = await createUser()
	await askForCode(page, js, user.email)
	await typeCode(page, '000000')
	await expect(page.getByLabel('Código')).toHaveAttribute('aria-invalid', 'true')
	await expectNoSeriousViolations(page, '/login/codigo with an error')
	await page.getByRole('link', { name: 'Pedir otro código' }).click()
	await expect(page.getByLabel('Correo electrónico')).toHaveValue(user.email)
	await expectNoSeriousViolations(page, '/login/codigo?otro')
	const link = linkIn(await waitForMailAbout(user.email, SUBJECT), '/login/enlace')
	await page.goto(link)
	await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible()
	await expectNoSeriousViolations(page, '/login/enlace')
	if (!js) await page.context().close()
})
