import { randomBytes, randomUUID } from 'node:crypto'
import { type Page } from '@playwright/test'
import {
	comeFromNewAddress,
	createUser,
	logout,
	signInWithGoogleAs,
	sql,
	sqlGet,
	toast,
	uniqueEmail,
	waitForMailAbout,
} from './auth-helpers'
import { auditablePage, expectAccessibleInBothThemes } from './axe'
import { expect, fromOurPages, test } from './fixtures'

/**
 * Connected identities on the profile's 'Cuenta' tab: linking Google (through the local
 * OIDC server standing in for Google), signing in with it, unlinking it, and the rules
 * that keep a way in and one Google account per Frasea account.
 */

const sub = () => `google-${randomBytes(6).toString('hex')}`
const ACCOUNT_TAB = '/dashboard/perfil?tab=cuenta'

const googleRow = (page: Page) => page.getByRole('main').getByTestId('metodo-google')

function googleConnectionsOf(userId: string) {
	return (
		sqlGet<{ n: number }>(
			"SELECT count(*) AS n FROM connections WHERE user_id = ? AND provider_name = 'google'",
			userId,
		)?.n ?? -1
	)
}

function connect(userId: string, providerId: string) {
	sql(
		"INSERT INTO connections (id, provider_name, provider_id, user_id, created_at) VALUES (?, 'google', ?, ?, ?)",
		randomUUID(),
		providerId,
		userId,
		new Date().toISOString().replace('Z', '+00:00'),
	)
}

test('a password account links Google from its profile, signs in with it, then unlinks it', async ({
	page,
	login,
	visit,
}) => {
	await comeFromNewAddress(page)
	const user = await login({ name: 'Lola Vincula' })
	const id = sub()
	// Another address than the account's: the owner proves both, so they need not match.
	await signInWithGoogleAs(page, { sub: id, email: uniqueEmail('lola-gmail'), name: 'Lola G.' })

	await visit(ACCOUNT_TAB)
	const google = googleRow(page)
	await expect(google).toContainText('No vinculada')
	await google.getByRole('button', { name: 'Vincular Google' }).click()
	await expect(page).toHaveURL(ACCOUNT_TAB)
	await expect(toast(page, 'Cuenta de Google vinculada')).toBeAttached()
	await expect(google).toContainText('(Vinculada)')
	await expect(page.getByTestId('cuenta')).toContainText('Correo electrónico y contraseña · Google')
	expect(
		(await page.context().cookies()).filter((c) => c.name.startsWith('fr_oauth')),
		'the state and link cookies are gone once used',
	).toEqual([])

	const mail = await waitForMailAbout(user.email, 'Se ha vinculado una cuenta de Google')
	expect(mail.text).toContain('Si no has sido tú')
	expect(mail.text).toContain(`${new URL(page.url()).origin}${ACCOUNT_TAB}`)

	// Signed out, the Google account signs in to the same Frasea account.
	await logout(page)
	await visit('/login')
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/dashboard')
	await expect(page.getByRole('main')).toContainText('Lola Vincula')

	// Unlinking asks first, then removes the connection.
	await visit(ACCOUNT_TAB)
	await google.getByRole('button', { name: 'Desvincular Google' }).click()
	const dialog = page.getByRole('dialog', { name: '¿Desvincular Google?' })
	await expect(dialog).toContainText('Ya no podrás iniciar sesión con «Continuar con Google»')
	expect(googleConnectionsOf(user.id), 'nothing removed before the confirmation').toBe(1)
	await dialog.getByRole('button', { name: 'Desvincular Google' }).click()
	await expect(toast(page, 'Cuenta de Google desvinculada')).toBeAttached()
	await expect(google).toContainText('No vinculada')
	await expect(google.getByRole('button', { name: 'Vincular Google' })).toBeVisible()
	expect(googleConnectionsOf(user.id)).toBe(0)
})

test('cancelling the unlink confirmation keeps Google linked', async ({ page, login, visit }) => {
	const user = await login({ name: 'Nico Cancela' })
	connect(user.id, sub())
	await visit(ACCOUNT_TAB)
	await googleRow(page).getByRole('button', { name: 'Desvincular Google' }).click()
	const dialog = page.getByRole('dialog', { name: '¿Desvincular Google?' })
	await dialog.getByRole('link', { name: 'Cancelar' }).click()
	await expect(page).toHaveURL(ACCOUNT_TAB)
	await expect(dialog).toHaveCount(0)
	await expect(googleRow(page)).toContainText('(Vinculada)')
	expect(googleConnectionsOf(user.id)).toBe(1)
})

test('an account that signs in only with Google cannot unlink it', async ({ page, visit }) => {
	await comeFromNewAddress(page)
	const email = uniqueEmail('solo-google')
	await signInWithGoogleAs(page, { sub: sub(), email, name: 'Olga Solo Google' })
	await visit('/login')
	await page.getByRole('main').getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page).toHaveURL('/dashboard')
	const userId = sqlGet<{ id: string }>('SELECT id FROM perfiles WHERE correo = ?', email)?.id ?? ''

	await visit(ACCOUNT_TAB)
	const google = googleRow(page)
	await expect(page.getByTestId('formas')).not.toContainText('Correo electrónico y contraseña')
	await google.getByRole('button', { name: 'Desvincular Google' }).click()
	await expect(google.getByRole('alert')).toHaveText(
		'No puedes desvincular Google porque es tu única forma de iniciar sesión. Crea antes una contraseña.',
	)
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(google).toContainText('(Vinculada)')

	// A confirmed post made by hand is refused all the same.
	const response = await page.request.post(ACCOUNT_TAB, {
		form: { intent: 'desvincular-google', confirmado: 'si' },
		headers: fromOurPages,
		maxRedirects: 0,
	})
	expect(response.status()).toBe(409)
	expect(await response.text()).toContain('es tu única forma de iniciar sesión')
	expect(googleConnectionsOf(userId)).toBe(1)
})

test('a Google account already linked to another Frasea account cannot be linked', async ({
	page,
	login,
	visit,
}) => {
	await comeFromNewAddress(page)
	const owner = await createUser({ name: 'Pepa Dueña' })
	const id = sub()
	connect(owner.id, id)

	const user = await login({ name: 'Quique Intruso' })
	await signInWithGoogleAs(page, { sub: id, email: owner.email })
	await visit(ACCOUNT_TAB)
	await googleRow(page).getByRole('button', { name: 'Vincular Google' }).click()
	await expect(page).toHaveURL(ACCOUNT_TAB)
	await expect(
		toast(page, 'Esta cuenta de Google ya está vinculada a otra cuenta de Frasea.'),
	).toBeAttached()
	await expect(googleRow(page)).toContainText('No vinculada')
	// Still signed in as themself, and the Google account still belongs to its owner.
	await expect(page.getByRole('main')).toContainText('Quique Intruso')
	expect(googleConnectionsOf(user.id)).toBe(0)
	expect(
		sqlGet<{ user_id: string }>('SELECT user_id FROM connections WHERE provider_id = ?', id)
			?.user_id,
	).toBe(owner.id)
})

test('linking needs a signed-in account: a signed-out post starts no Google flow', async ({
	page,
	visit,
}) => {
	await visit('/login')
	const response = await page.request.post('/auth/google', {
		form: { intent: 'vincular-google' },
		headers: fromOurPages,
		maxRedirects: 0,
	})
	expect(response.status()).toBe(302)
	expect(response.headers()['location']).toMatch(/^\/login/)
	const cookies = response.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie')
	expect(cookies.map((c) => c.value).join('\n')).not.toContain('fr_oauth')
})

test('the refusal and the unlink confirmation have no serious accessibility violations', async ({
	page,
	browser,
	login,
	js,
}) => {
	// Two states, each audited in light and dark.
	test.setTimeout(60_000)
	const audit = expectAccessibleInBothThemes
	const user = await login({ name: 'Rita Accesible' })
	connect(user.id, sub())
	const audited = await auditablePage(page, browser, js)

	// With a password: the confirmation step.
	await audited.goto(ACCOUNT_TAB)
	await googleRow(audited).getByRole('button', { name: 'Desvincular Google' }).click()
	await expect(audited.getByRole('dialog', { name: '¿Desvincular Google?' })).toBeVisible()
	await audit(audited, 'Confirmación de desvincular Google')

	// Without one: the refusal next to the button.
	sql('DELETE FROM passwords WHERE user_id = ?', user.id)
	await audited.goto(ACCOUNT_TAB)
	await googleRow(audited).getByRole('button', { name: 'Desvincular Google' }).click()
	await expect(googleRow(audited).getByRole('alert')).toContainText('única forma de iniciar sesión')
	await audit(audited, 'Google, única forma de iniciar sesión')
	if (!js) await audited.context().close()
})
