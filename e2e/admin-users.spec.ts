/**
 * Usuarios: the table, search and pages, role changes and deletion with a confirmation
 * step, with or without JavaScript. Each test works on accounts named after itself, found
 * through the search box, so other tests' accounts never get in the way.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createUser, sql, sqlGet, toast } from './auth-helpers'
import { type Page } from '@playwright/test'
import { expect, fromOurPages, test } from './fixtures'

const sqlDate = (date: Date) => date.toISOString().replace('Z', '+00:00')
const tag = () => randomBytes(4).toString('hex')
/** The users table's rows (the page lists pending invitations in a table of their own). */
const userRows = (page: Page) =>
	page.getByRole('region', { name: 'Usuarios', exact: true }).getByRole('table').getByRole('row')

test('the table shows each account’s role, status, last sign-in and phrases; search and pages', async ({
	page,
	login,
	visit,
}) => {
	const label = `Tabla${tag()}`
	const reader = await createUser({ name: `${label} Lectora` })
	await createUser({ name: `${label} Pendiente`, confirmed: false })
	for (const content of ['una', 'dos', 'tres']) {
		const now = sqlDate(new Date())
		sql(
			`INSERT INTO frases (id, contenido, fecha_creacion, fecha_actualizacion, usuario_id)
			 VALUES (?, ?, ?, ?, ?)`,
			randomUUID(),
			content,
			now,
			now,
			reader.id,
		)
	}
	sql(
		`INSERT INTO audit_logs (id, actor_id, action, created_at) VALUES (?, ?, 'auth.signed_in', ?)`,
		randomUUID(),
		reader.id,
		sqlDate(new Date('2026-03-05T09:30:00Z')),
	)

	await login({ admin: true })
	await visit('/admin/users')
	await expect(
		page.getByRole('heading', { level: 1, name: 'Administración de Usuarios' }),
	).toBeVisible()
	await page.getByLabel('Buscar usuarios').fill(label)
	await page.getByRole('button', { name: 'Buscar' }).click()
	await expect(page).toHaveURL(`/admin/users?q=${label}`)
	const rows = userRows(page)
	// The header and the two accounts, newest first.
	await expect(rows).toHaveCount(3)
	await expect(rows.nth(1)).toContainText(`${label} Pendiente`)
	await expect(rows.nth(1)).toContainText('Correo sin confirmar')
	await expect(rows.nth(1)).toContainText('Nunca')
	await expect(rows.nth(2).getByRole('cell')).toHaveText([
		reader.email,
		'Usuario',
		'Activo',
		'5 de marzo de 2026, 10:30',
		'3',
		/Hacer administrador/,
	])

	await page.getByLabel('Buscar usuarios').fill(`${label}-nadie`)
	await page.getByRole('button', { name: 'Buscar' }).click()
	await expect(page.getByText('No se encontraron usuarios.')).toBeVisible()

	// 21 more accounts under one name: two pages of 20.
	const many = `Lista${tag()}`
	for (let i = 0; i < 21; i++) await createUser({ name: `${many} ${i}` })
	await visit(`/admin/users?q=${many}`)
	await expect(page.getByText('21 usuarios')).toBeVisible()
	await expect(rows).toHaveCount(21)
	const pages = page.getByRole('navigation', { name: 'Páginas de usuarios' })
	await expect(pages).toContainText('Página 1 de 2')
	await pages.getByRole('link', { name: 'Siguiente' }).click()
	await expect(page).toHaveURL(`/admin/users?q=${many}&page=2`)
	await expect(rows).toHaveCount(2)
})

test('an admin grants and removes the admin role', async ({ page, login, visit }) => {
	const name = `Rol${tag()}`
	const user = await createUser({ name })
	await login({ admin: true })
	await visit(`/admin/users?q=${name}`)
	await page.getByRole('button', { name: `Hacer administrador a ${name}` }).click()
	await expect(toast(page, 'Rol actualizado correctamente')).toBeAttached()
	await expect(page).toHaveURL(`/admin/users?q=${name}`)
	await expect(userRows(page).nth(1)).toContainText('Administrador')
	expect(sqlGet<{ rol: string }>('SELECT rol FROM perfiles WHERE id = ?', user.id)?.rol).toBe(
		'admin',
	)

	await page.getByRole('button', { name: `Quitar administrador a ${name}` }).click()
	await expect(toast(page, 'Rol actualizado correctamente')).toBeAttached()
	await expect(page.getByRole('button', { name: `Hacer administrador a ${name}` })).toBeVisible()
	expect(sqlGet<{ rol: string }>('SELECT rol FROM perfiles WHERE id = ?', user.id)?.rol).toBe(
		'usuario',
	)
})

test('deleting asks first; cancelling keeps the account, confirming deletes it', async ({
	page,
	login,
	visit,
}) => {
	const name = `Borrar${tag()}`
	const user = await createUser({ name })
	await login({ admin: true })
	await visit(`/admin/users?q=${name}`)

	await page.getByRole('button', { name: `Eliminar a ${name}` }).click()
	const dialog = page.getByRole('dialog', { name: '¿Eliminar este usuario?' })
	await expect(dialog).toContainText(user.email)
	await dialog.getByRole('link', { name: 'Cancelar' }).click()
	await expect(dialog).toHaveCount(0)
	expect(sqlGet('SELECT id FROM perfiles WHERE id = ?', user.id)).toBeDefined()

	await page.getByRole('button', { name: `Eliminar a ${name}` }).click()
	await dialog.getByRole('button', { name: 'Eliminar usuario' }).click()
	await expect(toast(page, 'Usuario eliminado correctamente')).toBeAttached()
	await expect(page).toHaveURL(`/admin/users?q=${name}`)
	await expect(page.getByText('No se encontraron usuarios.')).toBeVisible()
	expect(sqlGet('SELECT id FROM perfiles WHERE id = ?', user.id)).toBeUndefined()
})

test('an unknown id gets 404; the admin’s own row offers no actions', async ({
	page,
	login,
	visit,
}) => {
	const admin = await login({ admin: true, name: `Yo${tag()}` })
	const forms: Array<Record<string, string>> = [
		{ intent: 'eliminar', userId: 'no-existe' },
		{ intent: 'eliminar', userId: 'no-existe', confirmado: 'si' },
		{ intent: 'rol', userId: 'no-existe', role: 'admin' },
	]
	for (const form of forms) {
		const response = await page.request.post('/admin/users', {
			headers: fromOurPages,
			form,
			maxRedirects: 0,
		})
		expect(response.status(), JSON.stringify(form)).toBe(404)
	}
	const bad = await page.request.post('/admin/users', {
		headers: fromOurPages,
		form: { intent: 'rol', userId: admin.id, role: 'superusuario' },
		maxRedirects: 0,
	})
	expect(bad.status()).toBe(400)

	await visit(`/admin/users?q=${admin.name}`)
	const row = userRows(page).nth(1)
	await expect(row).toContainText('Tu cuenta')
	await expect(row.getByRole('button')).toHaveCount(0)
	// Posted anyway: refused, and the account stays as it was.
	await page.request.post('/admin/users', {
		headers: fromOurPages,
		form: { intent: 'eliminar', userId: admin.id, confirmado: 'si' },
	})
	expect(sqlGet<{ rol: string }>('SELECT rol FROM perfiles WHERE id = ?', admin.id)?.rol).toBe(
		'admin',
	)
})

test('a non-admin’s posts to Usuarios get 403 and change nothing', async ({ page, login }) => {
	const target = await createUser({ name: `Intacta${tag()}` })
	await login({ name: 'Sin Permisos' })
	const forms: Array<Record<string, string>> = [
		{ intent: 'eliminar', userId: target.id, confirmado: 'si' },
		{ intent: 'rol', userId: target.id, role: 'admin' },
	]
	for (const form of forms) {
		const response = await page.request.post('/admin/users', {
			headers: fromOurPages,
			form,
			maxRedirects: 0,
		})
		expect(response.status(), JSON.stringify(form)).toBe(403)
	}
	expect(sqlGet<{ rol: string }>('SELECT rol FROM perfiles WHERE id = ?', target.id)?.rol).toBe(
		'usuario',
	)
})
