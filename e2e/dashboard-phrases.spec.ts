import { type Page } from '@playwright/test'
import { sql, sqlGet, toast } from './auth-helpers'
import { auditablePage, expectAccessibleInBothThemes } from './axe'
import { expect, expectHydration, fromOurPages, test } from './fixtures'

/**
 * Saved phrases (/dashboard/frases), with and without JavaScript: search, sort and view
 * kept together in the URL, pages, inline edit, deleting one, several or all after a
 * confirmation, the empty states, and another user's ids answered with 404.
 */

/**
 * `count` phrases for a user in one statement, one minute apart from 2026-01-01 10:00 UTC:
 * 'Frase 1' is the oldest. Every third one mentions the sea.
 */
function seedPhrases(userId: string, count: number) {
	sql(
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		 INSERT INTO frases (id, contenido, fecha_creacion, fecha_actualizacion, usuario_id)
		 SELECT ? || '-' || i,
		        'Frase ' || i || CASE WHEN i % 3 = 0 THEN ' junto al mar' ELSE ' de la ciudad' END,
		        strftime('%Y-%m-%dT%H:%M:%S.000+00:00', '2026-01-01 10:00:00', '+' || i || ' minutes'),
		        strftime('%Y-%m-%dT%H:%M:%S.000+00:00', 'now'),
		        ?
		 FROM n`,
		count,
		`frase-${userId}`,
		userId,
	)
}

const cards = (page: Page) => page.getByTestId('frase')
const firstCard = (page: Page) => cards(page).first()
const total = (page: Page) => page.getByTestId('total-frases')

test('search, sort and view stay together in the URL, survive a reload, and pages go on from there', async ({
	page,
	login,
	visit,
}) => {
	const user = await login()
	seedPhrases(user.id, 60)
	await visit('/dashboard/frases')
	await expect(page.getByRole('heading', { level: 1, name: 'Mis Frases Guardadas' })).toBeVisible()
	await expect(total(page)).toHaveText('60 frases guardadas')
	// Newest first by default, in a grid, numbered from 1, with the date in Spanish.
	await expect(firstCard(page)).toContainText('Frase 60 junto al mar')
	await expect(firstCard(page)).toContainText('#1')
	await expect(firstCard(page)).toContainText('1 de enero de 2026')
	await expect(page.getByTestId('lista-frases')).toHaveAttribute('data-vista', 'grid')

	await page.getByRole('searchbox', { name: 'Buscar en tus frases' }).fill('mar')
	await page.getByRole('button', { name: 'Buscar' }).click()
	await expect(page).toHaveURL('/dashboard/frases?q=mar')
	await expect(total(page)).toHaveText('60 frases guardadas · 20 coinciden con la búsqueda')
	await expect(firstCard(page)).toContainText('Frase 60 junto al mar')

	await page
		.getByRole('navigation', { name: 'Ordenar por fecha' })
		.getByRole('link', { name: 'Más antiguas' })
		.click()
	await expect(page).toHaveURL('/dashboard/frases?q=mar&orden=antiguas')
	await expect(firstCard(page)).toContainText('Frase 3 junto al mar')

	await page.getByRole('navigation', { name: 'Vista' }).getByRole('link', { name: 'Lista' }).click()
	await expect(page).toHaveURL('/dashboard/frases?q=mar&orden=antiguas&vista=lista')
	await expect(page.getByTestId('lista-frases')).toHaveAttribute('data-vista', 'list')
	await expect(cards(page)).toHaveCount(20)

	// A new search keeps the sort and the view.
	await page.getByRole('searchbox', { name: 'Buscar en tus frases' }).fill('ciudad')
	await page.getByRole('button', { name: 'Buscar' }).click()
	await expect(page).toHaveURL('/dashboard/frases?q=ciudad&orden=antiguas&vista=lista')
	await expect(page.getByText('Página 1 de 2')).toBeVisible()
	await page.getByRole('link', { name: 'Siguiente' }).click()
	await expect(page).toHaveURL('/dashboard/frases?q=ciudad&orden=antiguas&vista=lista&pagina=2')
	await expect(page.getByText('Página 2 de 2')).toBeVisible()
	// 40 match: the second page holds #25 to #40, oldest first.
	await expect(cards(page)).toHaveCount(16)
	await expect(firstCard(page)).toContainText('#25')

	// The address is the state: opened again (a bookmark), the page is the same.
	await visit('/dashboard/frases?q=ciudad&orden=antiguas&vista=lista&pagina=2')
	await expect(firstCard(page)).toContainText('#25')
	await expect(page.getByRole('searchbox', { name: 'Buscar en tus frases' })).toHaveValue('ciudad')
	await expect(page.getByTestId('lista-frases')).toHaveAttribute('data-vista', 'list')

	// Wildcards are plain characters: nothing has a literal '%'.
	await visit('/dashboard/frases?q=%25')
	await expect(page.getByText('No se encontraron frases que coincidan con "%"')).toBeVisible()
	await page.getByRole('link', { name: 'Mostrar todas las frases' }).click()
	await expect(page).toHaveURL('/dashboard/frases')
	await expect(cards(page)).toHaveCount(24)
})

test('a phrase is edited in place, one at a time; an empty text is refused next to the field', async ({
	page,
	login,
	visit,
}) => {
	const user = await login()
	seedPhrases(user.id, 3)
	await visit('/dashboard/frases?vista=lista')
	await page.getByRole('link', { name: 'Editar la frase 2' }).click()
	await expect(page).toHaveURL(`/dashboard/frases?vista=lista&editar=frase-${user.id}-2`)
	const box = page.getByRole('textbox', { name: 'Editar la frase 2' })
	await expect(box).toHaveValue('Frase 2 de la ciudad')
	// Only one phrase is in edit mode.
	await expect(page.getByRole('textbox', { name: /Editar la frase/ })).toHaveCount(1)

	await box.fill('   ')
	await page.getByRole('button', { name: 'Guardar' }).click()
	await expect(page.getByText('La frase no puede estar vacía')).toBeVisible()
	await expect(box).toHaveValue('   ')
	expect(
		sqlGet<{ c: string }>('SELECT contenido AS c FROM frases WHERE id = ?', `frase-${user.id}-2`)
			?.c,
	).toBe('Frase 2 de la ciudad')

	await box.fill('Frase 2, ahora junto al río')
	await page.getByRole('button', { name: 'Guardar' }).click()
	await expect(toast(page, 'Frase actualizada correctamente')).toBeVisible()
	await expect(page).toHaveURL('/dashboard/frases?vista=lista')
	await expect(cards(page).nth(1)).toContainText('Frase 2, ahora junto al río')

	// Cancelling leaves the text as it was.
	await page.getByRole('link', { name: 'Editar la frase 1' }).click()
	await page.getByRole('textbox', { name: 'Editar la frase 1' }).fill('No se guarda')
	await page.getByRole('link', { name: 'Cancelar' }).click()
	await expect(page).toHaveURL('/dashboard/frases?vista=lista')
	await expect(firstCard(page)).toContainText('Frase 3 junto al mar')

	// The edit shows in the recent activity on the home.
	await visit('/dashboard')
	await expect(page.getByTestId('actividad')).toContainText('Editaste una frase guardada')
})

test('selected phrases, then all, are deleted only after a confirmation', async ({
	page,
	login,
	visit,
	js,
}) => {
	const user = await login()
	seedPhrases(user.id, 5)
	await visit('/dashboard/frases?orden=antiguas')
	await page.getByLabel('Seleccionar la frase 1').check()
	await page.getByLabel('Seleccionar la frase 2').check()
	await page.getByRole('button', { name: 'Eliminar seleccionadas' }).click()

	const confirmation = page.getByRole('dialog', { name: '¿Eliminar las frases seleccionadas?' })
	await expect(confirmation).toBeVisible()
	await expect(confirmation).toContainText('Se eliminarán 2 frase(s) seleccionada(s)')
	// Nothing is gone until confirmed; cancelling keeps everything.
	await confirmation.getByRole('link', { name: 'Cancelar' }).click()
	await expect(confirmation).toBeHidden()
	await expect(total(page)).toHaveText('5 frases guardadas')

	await page.getByLabel('Seleccionar la frase 1').check()
	await page.getByLabel('Seleccionar la frase 2').check()
	await page.getByRole('button', { name: 'Eliminar seleccionadas' }).click()
	await confirmation.getByRole('button', { name: 'Sí, eliminar' }).click()
	await expect(toast(page, '2 frase(s) eliminada(s) correctamente')).toBeVisible()
	await expect(total(page)).toHaveText('3 frases guardadas')
	await expect(firstCard(page)).toContainText('Frase 3 junto al mar')
	await expect(page).toHaveURL('/dashboard/frases?orden=antiguas')

	// "Select all" covers the page; with JavaScript every box follows it.
	await page.getByLabel('Seleccionar todas las de esta página').check()
	if (js) await expect(page.getByLabel('Seleccionar la frase 3')).toBeChecked()
	await page.getByRole('button', { name: 'Eliminar seleccionadas' }).click()
	await expect(confirmation).toContainText('Se eliminarán 3 frase(s) seleccionada(s)')
	await confirmation.getByRole('link', { name: 'Cancelar' }).click()

	await page.getByRole('button', { name: 'Eliminar todas' }).click()
	const all = page.getByRole('dialog', { name: '¿Eliminar todas tus frases?' })
	await expect(all).toContainText('Se eliminarán tus 3 frases guardadas')
	await all.getByRole('button', { name: 'Sí, eliminar todas' }).click()
	await expect(toast(page, 'Todas las frases han sido eliminadas')).toBeVisible()
	await expect(page.getByText('No tienes frases guardadas')).toBeVisible()
	await expect(total(page)).toHaveText('0 frases guardadas')
})

test('deleting one phrase, and nothing selected is refused with a reason', async ({
	page,
	login,
	visit,
}) => {
	const user = await login()
	seedPhrases(user.id, 2)
	await visit('/dashboard/frases')
	await page.getByRole('button', { name: 'Eliminar seleccionadas' }).click()
	await expect(page.getByText('Selecciona al menos una frase para eliminarla.')).toBeVisible()
	await page.getByRole('button', { name: 'Eliminar la frase 1' }).click()
	await expect(toast(page, 'Frase eliminada correctamente')).toBeVisible()
	await expect(total(page)).toHaveText('1 frase guardada')
	await expect(firstCard(page)).toContainText('Frase 1 de la ciudad')
})

test("another user's phrase ids answer 404 and change nothing", async ({ page, login, visit }) => {
	const owner = await login()
	seedPhrases(owner.id, 2)
	const theirs = `frase-${owner.id}-1`
	// The same browser now belongs to someone else.
	await page.context().clearCookies()
	const intruder = await login()
	seedPhrases(intruder.id, 1)
	const mine = `frase-${intruder.id}-1`

	const response = await page.goto(`/dashboard/frases?editar=${theirs}`)
	expect(response?.status()).toBe(404)
	await expect(page.getByText('No encontramos esa frase entre tus frases guardadas.')).toBeVisible()

	const post = (form: Record<string, string | string[]>) => {
		const body = new URLSearchParams()
		for (const [name, value] of Object.entries(form))
			for (const item of [value].flat()) body.append(name, item)
		return page.request.post('/dashboard/frases', {
			headers: { ...fromOurPages, 'content-type': 'application/x-www-form-urlencoded' },
			data: body.toString(),
			maxRedirects: 0,
		})
	}
	expect((await post({ intent: 'editar', id: theirs, content: 'Mía ahora' })).status()).toBe(404)
	expect((await post({ intent: 'eliminar', id: theirs })).status()).toBe(404)
	expect(
		(
			await post({ intent: 'eliminar-seleccionadas', ids: [mine, theirs], confirmado: 'si' })
		).status(),
	).toBe(404)
	expect((await post({ intent: 'crear-imagen', id: theirs })).status()).toBe(404)
	expect((await post({ intent: 'otra-cosa' })).status()).toBe(400)
	// Delete all only ever means the intruder's own.
	expect((await post({ intent: 'eliminar-todas', confirmado: 'si' })).status()).toBe(302)

	const rows = (userId: string) =>
		sqlGet<{ n: number }>('SELECT count(*) AS n FROM frases WHERE usuario_id = ?', userId)?.n
	expect(rows(owner.id)).toBe(2)
	expect(rows(intruder.id)).toBe(0)
	expect(sqlGet<{ c: string }>('SELECT contenido AS c FROM frases WHERE id = ?', theirs)?.c).toBe(
		'Frase 1 de la ciudad',
	)
	await visit('/dashboard/frases')
	await expect(page.getByText('No tienes frases guardadas')).toBeVisible()
})

test('a saved phrase opens again as an image card, with its editor and download', async ({
	page,
	login,
	visit,
}) => {
	const user = await login()
	seedPhrases(user.id, 3)
	await visit('/dashboard/frases')
	await page.getByRole('button', { name: 'Crear una imagen con la frase 1' }).click()
	// The home page shows the phrase as a batch of one, with the card every phrase has.
	await expect(page).toHaveURL(/^[^#]*\/\?lote=[\w-]+#frase-0$/)
	const phrases = page.getByTestId('phrase-text')
	await expect(phrases).toHaveCount(1)
	await expect(phrases).toContainText('Frase 3 junto al mar')
	const download = page.getByTestId('card-download')
	await expect(download).toHaveText('Descargar para Instagram Cuadrado')
	const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
	expect(file.suggestedFilename()).toBe('frase-1-instagram_square.jpg')
	// Opening it generated nothing: the day's allowance and the history are untouched.
	expect(
		sqlGet<{ n: number }>(
			'SELECT count(*) AS n FROM historial_frases WHERE usuario_id = ?',
			user.id,
		)?.n,
	).toBe(0)
})

test('copying: a button with JavaScript, selectable text without it', async ({
	page,
	context,
	login,
	visit,
	js,
}) => {
	const user = await login()
	seedPhrases(user.id, 1)
	await visit('/dashboard/frases')
	const copy = page.getByRole('button', { name: 'Copiar la frase 1' })
	if (!js) {
		await expect(copy).toHaveCount(0)
		await expect(firstCard(page).getByText('Frase 1 de la ciudad')).toHaveCSS('user-select', 'all')
		return
	}
	await context.grantPermissions(['clipboard-read', 'clipboard-write'])
	await copy.click()
	await expect(toast(page, 'Frase copiada al portapapeles')).toBeVisible()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Frase 1 de la ciudad')
})

test('the saved phrases page, its edit form and its confirmation have no serious accessibility violations, light and dark', async ({
	page,
	login,
	js,
	browser,
}) => {
	// Slow by nature: four axe audits (two page states, each in two themes).
	test.slow()
	const user = await login()
	seedPhrases(user.id, 3)
	const audited = await auditablePage(page, browser, js)
	await audited.goto(`/dashboard/frases?editar=frase-${user.id}-2`)
	await expectHydration(audited, js)
	await expectAccessibleInBothThemes(audited, 'edit mode')
	await audited.getByLabel('Seleccionar la frase 2').check()
	await audited.getByRole('button', { name: 'Eliminar seleccionadas' }).click()
	await expect(audited.getByRole('dialog')).toBeVisible()
	await expectAccessibleInBothThemes(audited, 'confirmation')
	if (audited !== page) await audited.context().close()
})
