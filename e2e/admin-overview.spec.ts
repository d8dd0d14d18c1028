/**
 * Panel General shows figures read from the database. The e2e database is shared by every
 * test running in parallel, so each assertion is on rows only this test owns (its own
 * provider, its own day a few weeks back, its own user) or on totals compared with the
 * database at a moment when nothing else changed them.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { type Page } from '@playwright/test'
import { sql, sqlGet } from './auth-helpers'
import { auditablePage, expectAccessibleInBothThemes } from './axe'
import { expect, test } from './fixtures'

const sqlDate = (date: Date) => date.toISOString().replace('Z', '+00:00')
const dayLabel = new Intl.DateTimeFormat('es-ES', {
	day: 'numeric',
	month: 'short',
	timeZone: 'UTC',
})

/** A calendar day `daysAgo` back, at 11:00 UTC (midday in Madrid, summer or winter). */
function pastDay(daysAgo: number) {
	const date = new Date(Date.now() - daysAgo * 86_400_000)
	date.setUTCHours(11, 0, 0, 0)
	const key = date.toISOString().slice(0, 10)
	return { at: date, label: dayLabel.format(new Date(`${key}T00:00:00Z`)) }
}

const stat = (page: Page, label: string) => page.locator(`[data-stat="${label}"]`)
const figure = async (page: Page, label: string) =>
	Number((await stat(page, label).innerText()).replace(/\./g, ''))

test('the statistics tab shows this test’s own calls, errors, latency, likes and day exactly', async ({
	page,
	login,
	visit,
	js,
}) => {
	// Each project seeds its own day, which no other test writes to.
	const day = pastDay(js ? 20 : 21)
	const provider = `prueba-${js ? 'js' : 'nojs'}-${randomBytes(3).toString('hex')}`
	const calls: Array<[number, 'success' | 'error']> = [
		[120, 'success'],
		[80, 'success'],
		[300, 'error'],
		[50, 'success'],
		[900, 'error'],
	]
	for (const [index, [latency, outcome]] of calls.entries()) {
		sql(
			`INSERT INTO generation_events (id, created_at, page, provider, model, latency_ms, outcome, error_kind)
			 VALUES (?, ?, 'home', ?, 'modelo-prueba', ?, ?, ?)`,
			randomUUID(),
			sqlDate(new Date(day.at.getTime() + index * 60_000)),
			provider,
			latency,
			outcome,
			outcome === 'error' ? 'unavailable' : null,
		)
	}
	for (const position of [0, 1]) {
		sql(
			`INSERT INTO phrase_likes (id, created_at, position, page, provider, model, phrase_type, language)
			 VALUES (?, ?, ?, 'home', ?, 'modelo-prueba', 'motivacional', 'es')`,
			randomUUID(),
			sqlDate(day.at),
			position,
			provider,
		)
	}

	await login({ admin: true })
	await visit('/admin/overview?tab=estadisticas')
	await expect(page.getByRole('heading', { level: 1, name: 'Panel General' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Estadísticas' })).toHaveAttribute(
		'aria-current',
		'page',
	)

	// 5 calls, 2 errors; latencies 50 80 120 300 900: nearest-rank p50 is the 3rd, p95 the 5th.
	const callsTable = page
		.getByRole('region', { name: 'Llamadas por proveedor (últimos 30 días)' })
		.getByRole('table')
	await expect(callsTable.getByRole('row', { name: new RegExp(`^${provider} `) })).toHaveText(
		`${provider}5240,0 %120 ms900 ms`,
	)

	const likesTable = page
		.getByRole('region', { name: /^Me gusta por proveedor/ })
		.getByRole('table')
	await expect(likesTable.getByRole('row', { name: new RegExp(`^${provider} `) })).toHaveText(
		`${provider}modelo-pruebamotivacional2`,
	)

	// The chart is drawn on the server, and its figures are a table for screen readers:
	// three of the five calls that day brought back phrases.
	const chart = page.getByRole('img', { name: /^Generaciones por día \(últimos 30 días\)\./ })
	await expect(chart).toBeAttached()
	expect(await chart.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg')
	expect(await chart.locator('rect').count()).toBe(30)
	const dayTable = page.getByRole('table', { name: 'Generaciones por día (últimos 30 días)' })
	await expect(dayTable.getByRole('row')).toHaveCount(31)
	await expect(
		dayTable.locator('tr', { has: page.getByRole('rowheader', { name: day.label, exact: true }) }),
	).toHaveText(`${day.label}3`)
})

test('the totals match the database, and recent activity shows the latest phrases with who saved them', async ({
	page,
	login,
	visit,
}) => {
	const name = `Rocío Estadística ${randomBytes(3).toString('hex')}`
	const author = await login({ name })
	const content = `Frase reciente de ${name}`
	// Dated ahead of anything another test saves while this one runs, so it stays in the five.
	const ahead = sqlDate(new Date(Date.now() + 86_400_000))
	sql(
		`INSERT INTO frases (id, contenido, fecha_creacion, fecha_actualizacion, usuario_id)
		 VALUES (?, ?, ?, ?, ?)`,
		randomUUID(),
		content,
		ahead,
		ahead,
		author.id,
	)
	await page.context().clearCookies()
	await login({ admin: true })
	await visit('/admin/overview')
	await expect(page.getByRole('link', { name: 'Actividad Reciente' })).toHaveAttribute(
		'aria-current',
		'page',
	)
	const recent = page.getByTestId('actividad-reciente').getByRole('listitem')
	await expect(recent).not.toHaveCount(0)
	expect(await recent.count()).toBeLessThanOrEqual(5)
	await expect(recent.filter({ hasText: content })).toContainText(name)

	// Other tests add users and phrases all the time: compare at a moment when the database
	// gave the same answer just before and just after the page was drawn.
	const counts = () => {
		const row = sqlGet<{ users: number; phrases: number; active: number }>(
			`SELECT (SELECT COUNT(*) FROM perfiles) AS users, (SELECT COUNT(*) FROM frases) AS phrases,
			 (SELECT COUNT(DISTINCT usuario_id) FROM frases WHERE fecha_creacion >= ?) AS active`,
			sqlDate(new Date(Date.now() - 7 * 86_400_000)),
		)
		if (!row) throw new Error('no counts')
		return row
	}
	await expect(async () => {
		const before = counts()
		await page.reload()
		const shown = {
			users: await figure(page, 'Usuarios totales'),
			phrases: await figure(page, 'Frases guardadas'),
			active: await figure(page, 'Usuarios activos'),
			average: await figure(page, 'Frases por usuario'),
		}
		const after = counts()
		expect(after).toEqual(before)
		expect(shown).toEqual({
			users: before.users,
			phrases: before.phrases,
			active: before.active,
			average: Math.round(before.phrases / before.users),
		})
	}).toPass({ timeout: 20_000 })
})

test('the tabs are links: each opens its own section, with or without JavaScript', async ({
	page,
	login,
	visit,
}) => {
	await login({ admin: true })
	await visit('/admin/overview')
	const tabs = page.getByRole('navigation', { name: 'Secciones del panel' })
	await tabs.getByRole('link', { name: 'Estadísticas' }).click()
	await expect(page).toHaveURL('/admin/overview?tab=estadisticas')
	await expect(
		page.getByRole('heading', { name: 'Generaciones por día (últimos 30 días)' }),
	).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Actividad Reciente' })).toHaveCount(0)
	await tabs.getByRole('link', { name: 'Actividad Reciente' }).click()
	await expect(page).toHaveURL('/admin/overview?tab=actividad')
	await expect(page.getByRole('heading', { name: 'Actividad Reciente' })).toBeVisible()
	// An unknown tab opens the first one.
	await visit('/admin/overview?tab=otra')
	await expect(page.getByRole('heading', { name: 'Actividad Reciente' })).toBeVisible()
})

test('the statistics tab has no serious accessibility violations, light and dark', async ({
	page,
	browser,
	login,
	js,
}) => {
	// The shared audit (a11y.spec.ts) opens every page of the admin menu on its first tab.
	await login({ admin: true })
	const audited = await auditablePage(page, browser, js)
	await audited.goto('/admin/overview?tab=estadisticas')
	await expect(
		audited.getByRole('heading', { name: 'Generaciones por día (últimos 30 días)' }),
	).toBeVisible()
	await expectAccessibleInBothThemes(audited, 'statistics tab')
	if (!js) await audited.context().close()
})
