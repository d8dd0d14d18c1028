/**
 * The app's main paths on PostgreSQL, with and without JavaScript: registering and signing
 * in through the forms, generating on the home page and saving a phrase that the
 * dashboard then lists, and an admin's change of a daily limit taking effect. The shared
 * e2e server runs on a PostgreSQL database of the test cluster (playwright.postgres.config.ts);
 * the admin test changes a service-wide limit, so it has an app and a database of its own.
 */
import { type Page } from '@playwright/test'
import {
	comeFromNewAddress,
	fillRegister,
	login,
	PASSWORD,
	toast,
	uniqueEmail,
} from '../auth-helpers'
import { expect, expectHydration, generateBatch, test } from '../fixtures'
import {
	ADMIN_EMAIL,
	createDatabase,
	createUserPg,
	pgQuery,
	sharedDatabaseUrl,
	startPostgresApp,
} from './pg-helpers'

const promptLabel = '¿Sobre qué quieres tus frases?'

async function signInThroughForm(page: Page, js: boolean, email: string, origin = '') {
	await comeFromNewAddress(page)
	await page.goto(`${origin}/login`)
	// With JavaScript, typing before hydration would race React taking over the fields.
	await expectHydration(page, js)
	await login(page, email)
}

async function generateOnHome(page: Page, js: boolean, count: string) {
	await page.getByLabel(promptLabel).fill('el café de los lunes')
	await page.getByLabel('Número de frases').selectOption(count)
	await generateBatch(page, js)
}

test('registering through the form signs in on the dashboard; the account is in PostgreSQL', async ({
	page,
	visit,
	js,
}) => {
	const email = uniqueEmail('registro-pg')
	await comeFromNewAddress(page)
	await visit('/register')
	await fillRegister(page, { name: 'Ana Postgres', email, password: PASSWORD })
	await page.getByRole('button', { name: 'Crear cuenta' }).click()

	await expect(page).toHaveURL('/dashboard')
	await expectHydration(page, js)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel de Usuario')
	await expect(page.getByRole('main')).toContainText('Ana Postgres')
	await expect(toast(page, 'Registro exitoso')).toBeAttached()
	const rows = await pgQuery<{ nombre: string; rol: string; hash: string }>(
		sharedDatabaseUrl(),
		'SELECT p.nombre, p.rol, w.hash FROM perfiles p JOIN passwords w ON w.user_id = p.id WHERE p.correo = $1',
		[email],
	)
	expect(rows).toHaveLength(1)
	expect(rows[0]).toMatchObject({ nombre: 'Ana Postgres', rol: 'usuario' })
	expect(rows[0]?.hash).toMatch(/^\$2[aby]\$1\d\$/)
})

test('signing in through the form opens the dashboard and keeps the session in PostgreSQL', async ({
	page,
	js,
}) => {
	const user = await createUserPg(sharedDatabaseUrl(), { name: 'Bruno Postgres' })
	await signInThroughForm(page, js, user.email)

	await expect(page).toHaveURL('/dashboard')
	await expectHydration(page, js)
	await expect(page.getByRole('main')).toContainText('Bruno Postgres')
	const sessions = await pgQuery<{ n: string }>(
		sharedDatabaseUrl(),
		'SELECT count(*) AS n FROM sessions WHERE user_id = $1',
		[user.id],
	)
	expect(Number(sessions[0]?.n)).toBe(1)

	// The session outlives the page: a new visit is still signed in.
	await page.goto('/dashboard/perfil')
	await expect(page).toHaveURL('/dashboard/perfil')
	await expect(page.getByRole('main')).toContainText('Bruno Postgres')
})

test('phrases generated on the home page are saved and listed on the dashboard', async ({
	page,
	visit,
	js,
}) => {
	const user = await createUserPg(sharedDatabaseUrl(), { name: 'Carmen Postgres' })
	await signInThroughForm(page, js, user.email)
	await expect(page).toHaveURL('/dashboard')

	await visit('/')
	await expect(page.getByText('Motor sin conexión.')).toBeVisible()
	await generateOnHome(page, js, '3')
	await expect(toast(page, '¡3 frases generadas con éxito!')).toBeVisible()
	const phrases = page.getByTestId('phrase-text')
	await expect(phrases).toHaveCount(3)
	// The card's text follows a prefix for screen readers ('Frase 1: ').
	const first = ((await phrases.first().textContent()) ?? '')
		.replace(/^\s*Frase \d+:\s*/, '')
		.trim()
	expect(first).not.toBe('')

	await page.getByRole('button', { name: 'Guardar Frase' }).first().click()
	await expect(toast(page, 'Frase guardada correctamente')).toBeVisible()

	await visit('/dashboard/frases')
	await expect(page.getByRole('heading', { level: 1, name: 'Mis Frases Guardadas' })).toBeVisible()
	await expect(page.getByTestId('total-frases')).toHaveText('1 frase guardada')
	await expect(page.getByTestId('frase')).toHaveCount(1)
	await expect(page.getByTestId('frase').first()).toContainText(first)
})

test('an admin lowers the signed-in users’ daily limit and it applies at once', async ({
	page,
	js,
}) => {
	// An app of its own: the limit is service-wide and would reach the other specs.
	test.slow()
	const database = await createDatabase('admin_smoke')
	const app = await startPostgresApp(database.url, {
		TRUST_PROXY: '1',
		GENERATION_DAILY_LIMIT_IP: '1000000',
	})
	try {
		await createUserPg(database.url, { name: 'Admin Postgres', email: ADMIN_EMAIL })
		await signInThroughForm(page, js, ADMIN_EMAIL, app.origin)
		await expect(page).toHaveURL(`${app.origin}/admin/overview`)

		await page.goto(`${app.origin}/admin/api-settings?tab=avanzada`)
		await expectHydration(page, js)
		const userLimit = page.getByLabel('Usuarios registrados (por usuario)')
		await userLimit.fill('1')
		await page.getByRole('button', { name: 'Guardar límites' }).click()
		await expect(toast(page, 'Límites guardados correctamente')).toBeAttached()
		await expect(userLimit).toHaveValue('1')
		const stored = await pgQuery<{ value: string }>(
			database.url,
			"SELECT value FROM settings WHERE key = 'generation.dailyLimit.user'",
		)
		expect(stored).toEqual([{ value: '1' }])

		// The admin is a signed-in user too: one generation, then the day's allowance is spent.
		await page.goto(app.origin)
		await expectHydration(page, js)
		await expect(page.getByText('Te quedan 1 de 1 generaciones hoy.')).toBeVisible()
		await generateOnHome(page, js, '2')
		await page.goto(app.origin)
		await expectHydration(page, js)
		await expect(
			page.getByText(/Has alcanzado el límite de 1 generaciones de hoy/).first(),
		).toBeVisible()
		await expect(page.getByRole('button', { name: 'Generar Frases' })).toBeDisabled()
	} finally {
		await app.stop()
		await database.drop()
	}
})
