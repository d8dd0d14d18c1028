import { readFileSync } from 'node:fs'
import { type Page } from '@playwright/test'
import { sql, sqlGet, toast } from './auth-helpers'
import { auditablePage, expectAccessibleInBothThemes } from './axe'
import { expect, expectHydration, fromOurPages, test } from './fixtures'

/**
 * The history (/dashboard/historial), with and without JavaScript: stat cards, search and
 * sort in the URL, what each entry came from, save to favourites, a confirmed delete, the
 * export file, and another user's ids answered with 404.
 */

const SETTINGS = JSON.stringify({
	language: 'español es',
	type: 'motivacionales',
	length: 25,
	includeEmojis: true,
})

/**
 * `count` old entries one minute apart from 2026-01-01 10:00 UTC ('Historia 1' the
 * oldest; every fourth one about the sea), plus `recent` written now.
 */
function seedHistory(userId: string, count: number, recent = 0) {
	sql(
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		 INSERT INTO historial_frases (id, contenido, usuario_id, fecha_creacion, prompt_original, configuracion)
		 SELECT ? || '-' || i,
		        'Historia ' || i || CASE WHEN i % 4 = 0 THEN ' del mar' ELSE ' del bosque' END,
		        ?,
		        strftime('%Y-%m-%dT%H:%M:%S.000+00:00', '2026-01-01 10:00:00', '+' || i || ' minutes'),
		        'la naturaleza',
		        ?
		 FROM n`,
		count,
		`historia-${userId}`,
		userId,
		SETTINGS,
	)
	for (let i = 1; i <= recent; i++) {
		sql(
			`INSERT INTO historial_frases (id, contenido, usuario_id, fecha_creacion) VALUES (?, ?, ?, ?)`,
			`reciente-${userId}-${i}`,
			`Reciente ${i}`,
			userId,
			new Date(Date.now() - i * 1000).toISOString().replace('Z', '+00:00'),
		)
	}
}

const entries = (page: Page) => page.getByTestId('entrada-historial')
/** The number of a stat card, found by the card's label. */
const stat = (page: Page, label: string) =>
	page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')

test('stat cards, search and sort kept in the URL, and what each entry came from', async ({
	page,
	login,
	visit,
}) => {
	const user = await login()
	seedHistory(user.id, 30, 2)
	await visit('/dashboard/historial')
	await expect(page).toHaveTitle('Historial de Frases · Frasea')
	await expect(
		page.getByRole('heading', { level: 1, name: 'Historial de Frases Generadas' }),
	).toBeVisible()
	await expect(page.getByTestId('total-historial')).toHaveText('32 frases en tu historial')
	const month = new Intl.DateTimeFormat('es-ES', {
		month: 'long',
		year: 'numeric',
		timeZone: 'Europe/Madrid',
	}).format(new Date())
	await expect(stat(page, 'Frases Generadas')).toHaveText('32')
	await expect(stat(page, 'Este Mes')).toHaveText('2')
	await expect(page.getByText(month, { exact: true })).toBeVisible()
	await expect(stat(page, 'Mostrando')).toHaveText('32')
	const create = page.getByRole('link', { name: 'Crear Nuevas' })
	await expect(create).toHaveAttribute('href', '/')
	await expect(create).toHaveAttribute('target', '_blank')

	await expect(entries(page).first()).toContainText('Reciente 1')
	await page.getByRole('searchbox', { name: 'Buscar en tu historial' }).fill('mar')
	await page.getByRole('button', { name: 'Buscar' }).click()
	await expect(page).toHaveURL('/dashboard/historial?q=mar')
	await expect(stat(page, 'Mostrando')).toHaveText('7')
	await page
		.getByRole('navigation', { name: 'Ordenar por fecha' })
		.getByRole('link', { name: 'Más antiguas' })
		.click()
	await expect(page).toHaveURL('/dashboard/historial?q=mar&orden=antiguas')
	const first = entries(page).first()
	await expect(first).toContainText('Historia 4 del mar')
	// 10:04 UTC on 1 January is 11:04 in Madrid.
	await expect(first).toContainText('1 de enero de 2026')
	await expect(first).toContainText('11:04')
	await expect(first).toContainText('Tema: «la naturaleza»')
	await expect(first.getByRole('list', { name: 'Ajustes de la generación' })).toContainText(
		'Tipo: Motivacionales',
	)
	await expect(first).toContainText('Idioma: Español')
	await expect(first).toContainText('Con emojis')

	await visit('/dashboard/historial?q=%25')
	await expect(page.getByText('No se encontraron frases que coincidan con "%"')).toBeVisible()
	await page.getByRole('link', { name: 'Mostrar todas las frases' }).click()
	await expect(page).toHaveURL('/dashboard/historial')
})

test('an entry is saved to favourites, and deleted only after a confirmation', async ({
	page,
	login,
	visit,
}) => {
	const user = await login()
	seedHistory(user.id, 3)
	await visit('/dashboard/historial?orden=antiguas')
	await page.getByRole('button', { name: 'Guardar la frase 1 en favoritos' }).click()
	await expect(toast(page, 'Frase guardada en favoritos')).toBeVisible()
	await expect(page).toHaveURL('/dashboard/historial?orden=antiguas')
	await visit('/dashboard/frases')
	await expect(page.getByTestId('frase')).toHaveCount(1)
	await expect(page.getByTestId('frase')).toContainText('Historia 1 del bosque')

	await visit('/dashboard/historial?orden=antiguas')
	await page.getByRole('button', { name: 'Eliminar la frase 2 del historial' }).click()
	const confirmation = page.getByRole('dialog', { name: '¿Eliminar esta frase del historial?' })
	await expect(confirmation).toContainText('«Historia 2 del bosque»')
	await confirmation.getByRole('link', { name: 'Cancelar' }).click()
	await expect(confirmation).toBeHidden()
	await expect(entries(page)).toHaveCount(3)

	await page.getByRole('button', { name: 'Eliminar la frase 2 del historial' }).click()
	await confirmation.getByRole('button', { name: 'Sí, eliminar' }).click()
	await expect(toast(page, 'Frase eliminada del historial')).toBeVisible()
	await expect(entries(page)).toHaveCount(2)
	await expect(page.getByTestId('total-historial')).toHaveText('2 frases en tu historial')
	await expect(page.getByText('Historia 2 del bosque')).toHaveCount(0)
})

test('the export downloads mis-frases-historial.txt with the matching phrases, blank lines between', async ({
	page,
	login,
	visit,
}) => {
	const user = await login()
	seedHistory(user.id, 8)
	await visit('/dashboard/historial?q=mar&orden=antiguas')
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('link', { name: 'Exportar' }).click(),
	])
	expect(download.suggestedFilename()).toBe('mis-frases-historial.txt')
	const path = await download.path()
	expect(readFileSync(path, 'utf8')).toBe('Historia 4 del mar\n\nHistoria 8 del mar\n')
})

test("another user's history ids answer 404 and change nothing", async ({ page, login, visit }) => {
	const owner = await login()
	seedHistory(owner.id, 1)
	const theirs = `historia-${owner.id}-1`
	await page.context().clearCookies()
	const intruder = await login()
	const post = (form: Record<string, string>) =>
		page.request.post('/dashboard/historial', {
			headers: { ...fromOurPages, 'content-type': 'application/x-www-form-urlencoded' },
			data: new URLSearchParams(form).toString(),
			maxRedirects: 0,
		})
	expect((await post({ intent: 'guardar', id: theirs })).status()).toBe(404)
	expect((await post({ intent: 'eliminar', id: theirs, confirmado: 'si' })).status()).toBe(404)
	expect((await post({ intent: 'eliminar', id: theirs })).status()).toBe(404)
	expect((await post({ intent: 'otra', id: theirs })).status()).toBe(400)
	expect(
		sqlGet<{ n: number }>('SELECT count(*) AS n FROM historial_frases WHERE id = ?', theirs)?.n,
	).toBe(1)
	expect(
		sqlGet<{ n: number }>('SELECT count(*) AS n FROM frases WHERE usuario_id = ?', intruder.id)?.n,
	).toBe(0)
	// The export only ever holds the intruder's own (none).
	const exported = await page.request.get('/dashboard/historial/exportar')
	expect(await exported.text()).toBe('')
	await visit('/dashboard/historial')
	await expect(
		page.getByText(
			'Aún no tienes frases en tu historial: las que generes con tu cuenta aparecerán aquí.',
		),
	).toBeVisible()
})

test('the history, its confirmation and the home have no serious accessibility violations, light and dark', async ({
	page,
	login,
	js,
	browser,
}) => {
	// Slow by nature: six axe audits (three page states, each in two themes).
	test.slow()
	const user = await login()
	seedHistory(user.id, 3, 1)
	const audited = await auditablePage(page, browser, js)
	await audited.goto('/dashboard')
	await expectHydration(audited, js)
	await expect(audited.getByRole('heading', { name: 'Panel de Usuario' })).toBeVisible()
	await expectAccessibleInBothThemes(audited, 'home')
	await audited.goto('/dashboard/historial')
	await expectHydration(audited, js)
	await expect(
		audited.getByRole('button', { name: 'Eliminar la frase 1 del historial' }),
	).toBeVisible()
	await expectAccessibleInBothThemes(audited, 'history')
	await audited.getByRole('button', { name: 'Eliminar la frase 1 del historial' }).click()
	await expect(audited.getByRole('dialog')).toBeVisible()
	await expectAccessibleInBothThemes(audited, 'confirmation')
	if (audited !== page) await audited.context().close()
})
