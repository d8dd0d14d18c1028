/**
 * Panel General's 'Registro de cambios': the admin changes, newest first, with who made
 * them, in Spanish, a page of 20 at a time (?tab=registro&pagina=N), with or without
 * JavaScript. Other specs add to the trail on the same server at the same time, so each
 * test looks for its own rows, named after itself.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createUser, sql, toast } from './auth-helpers'
import { auditablePage, expectAccessibleInBothThemes } from './axe'
import { expect, test } from './fixtures'

const tag = () => randomBytes(4).toString('hex')
const sqlDate = (date: Date) => date.toISOString().replace('Z', '+00:00')

test('an admin changes a user’s role; the overview’s trail shows it with their name', async ({
	page,
	login,
	visit,
	browser,
	js,
}) => {
	// Two axe audits (light and dark) come on top of the flow.
	test.setTimeout(60_000)
	const name = `Registro${tag()}`
	const user = await createUser({ name })
	const admin = await login({ admin: true, name: `Admin ${name}` })

	await visit(`/admin/users?q=${name}`)
	await page.getByRole('button', { name: `Hacer administrador a ${name}` }).click()
	await expect(toast(page, 'Rol actualizado correctamente')).toBeAttached()

	await visit('/admin/overview')
	const tabs = page.getByRole('navigation', { name: 'Secciones del panel' })
	await tabs.getByRole('link', { name: 'Registro de cambios' }).click()
	await expect(page).toHaveURL('/admin/overview?tab=registro')
	await expect(tabs.getByRole('link', { name: 'Registro de cambios' })).toHaveAttribute(
		'aria-current',
		'page',
	)
	const row = page
		.getByTestId('registro-cambios')
		.getByRole('row')
		.filter({ hasText: `Cambió el rol de ${name} a administrador` })
	await expect(row).toHaveCount(1)
	await expect(row.getByRole('cell')).toHaveText([
		/^\d{1,2} de [a-z]+ de \d{4}, \d{2}:\d{2}$/,
		admin.name,
		`Cambió el rol de ${name} a administrador`,
		`${name} (${user.email})`,
	])
	// The figures above the tabs are still there.
	await expect(page.getByRole('heading', { level: 1, name: 'Panel General' })).toBeVisible()
	await expect(page.locator('[data-stat="Usuarios totales"]')).not.toBeEmpty()

	// The other tabs still work.
	await tabs.getByRole('link', { name: 'Estadísticas' }).click()
	await expect(page).toHaveURL('/admin/overview?tab=estadisticas')
	await expect(page.getByTestId('registro-cambios')).toHaveCount(0)

	const audited = await auditablePage(page, browser, js)
	await audited.goto('/admin/overview?tab=registro')
	await expect(audited.getByTestId('registro-cambios')).toBeVisible()
	await expectAccessibleInBothThemes(audited, 'Registro de cambios')
	if (audited !== page) await audited.context().close()
})

test('the trail goes by pages of 20, and names an author whose account is gone', async ({
	page,
	login,
	visit,
}) => {
	const label = `Paginas${tag()}`
	const author = await createUser({ admin: true, name: `Autora ${label}` })
	// 25 changes of this test's own, a day old: fresher ones (other tests') come first.
	const start = Date.now() - 24 * 60 * 60_000
	for (let i = 0; i < 25; i++) {
		sql(
			`INSERT INTO audit_logs (id, actor_id, action, target, details, created_at)
			 VALUES (?, ?, 'admin.setting.changed', 'ai.provider', ?, ?)`,
			randomUUID(),
			author.id,
			JSON.stringify({ from: `${label}-${i}`, to: `${label}-${i + 1}` }),
			sqlDate(new Date(start + i * 1000)),
		)
	}
	await login({ admin: true })
	const table = page.getByTestId('registro-cambios')
	const pages = page.getByRole('navigation', { name: 'Páginas del registro de cambios' })

	/** Walks the trail's pages, by its links, until this test's 25 rows were all seen. */
	async function ourRows() {
		await visit('/admin/overview?tab=registro')
		const seen = new Map<string, string>()
		for (let number = 1; ; number++) {
			await expect(pages).toContainText(`Página ${number} de`)
			const rows = table.getByRole('row')
			const count = await rows.count()
			expect(count - 1, 'at most 20 changes a page').toBeLessThanOrEqual(20)
			for (const text of await rows.filter({ hasText: label }).allInnerTexts()) {
				const step = /Paginas\w+-(\d+) →/.exec(text)?.[1]
				if (step) seen.set(step, text)
			}
			if (seen.size === 25) break
			expect(count - 1, 'a page before the last one is full').toBe(20)
			await pages.getByRole('link', { name: 'Siguiente' }).click()
			await expect(page).toHaveURL(`/admin/overview?tab=registro&pagina=${number + 1}`)
		}
		return [...seen.entries()]
	}

	const rows = await ourRows()
	// Newest first.
	expect(rows.map(([step]) => Number(step))).toEqual(Array.from({ length: 25 }, (_, i) => 24 - i))
	for (const [step, text] of rows) {
		expect(text).toContain(
			`Cambió el ajuste «Proveedor de IA»: ${label}-${step} → ${label}-${Number(step) + 1}`,
		)
		expect(text).toContain(`Autora ${label}`)
	}

	// The author's account goes (as account deletion leaves the trail): her changes stay,
	// said to be by a deleted account.
	sql('UPDATE audit_logs SET actor_id = NULL WHERE actor_id = ?', author.id)
	sql('DELETE FROM passwords WHERE user_id = ?', author.id)
	sql('DELETE FROM perfiles WHERE id = ?', author.id)
	for (const [, text] of await ourRows()) {
		expect(text).toContain('Cuenta eliminada')
		expect(text).not.toContain(`Autora ${label}`)
	}
})
