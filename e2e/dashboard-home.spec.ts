import { randomUUID } from 'node:crypto'
import { sql, sqlDate } from './auth-helpers'
import { expect, test } from './fixtures'

/**
 * The dashboard's layout and home, with and without JavaScript: the menu (a sidebar on a
 * desktop, a slide-out menu on a phone), the welcome, the saved count, what the profile
 * lacks, recent activity made of what the user really did, and the latest announcements.
 */

test('the home greets the user, counts their phrases, says what the profile lacks and lists their real activity', async ({
	page,
	login,
	visit,
}) => {
	const user = await login({ name: 'Lucía Panel' })
	const hoursAgo = (hours: number) => sqlDate(new Date(Date.now() - hours * 3600_000))
	// A generator run two hours ago (3 phrases), then a save of 2 of them an hour ago.
	const batch = randomUUID()
	sql(
		`INSERT INTO generation_batches (id, page, user_id, prompt, settings, provider, model, created_at)
		 VALUES (?, 'instagram', ?, 'el mar en invierno', '{}', 'offline', 'plantillas', ?)`,
		batch,
		user.id,
		hoursAgo(2),
	)
	for (const position of [0, 1, 2]) {
		sql(
			'INSERT INTO generation_phrases (id, batch_id, position, content) VALUES (?, ?, ?, ?)',
			randomUUID(),
			batch,
			position,
			`Frase ${position}`,
		)
	}
	for (const content of ['Frase 0', 'Frase 1']) {
		sql(
			`INSERT INTO frases (id, contenido, fecha_creacion, fecha_actualizacion, usuario_id)
			 VALUES (?, ?, ?, ?, ?)`,
			randomUUID(),
			content,
			hoursAgo(1),
			hoursAgo(1),
			user.id,
		)
	}
	sql(
		`INSERT INTO audit_logs (id, actor_id, action, details, created_at)
		 VALUES (?, ?, 'phrase.saved', '{"count":2}', ?)`,
		randomUUID(),
		user.id,
		hoursAgo(1),
	)

	await visit('/dashboard')
	await expect(page).toHaveTitle('Panel de Usuario · Frasea')
	const main = page.getByRole('main')
	await expect(main.getByRole('heading', { level: 1, name: 'Panel de Usuario' })).toBeVisible()
	await expect(main).toContainText('¡Hola, Lucía Panel!')
	const generate = main.getByRole('link', { name: 'Generar nueva frase' })
	await expect(generate).toHaveAttribute('href', '/')
	await expect(generate).toHaveAttribute('target', '_blank')

	await expect(page.getByTestId('frases-guardadas')).toHaveText('2')
	await expect(main).toContainText('Te falta: Foto de perfil, Biografía, Ubicación, Sitio web.')
	await expect(main.getByRole('progressbar', { name: 'Perfil completado' })).toHaveAttribute(
		'aria-valuenow',
		'20',
	)
	await expect(main.getByRole('link', { name: 'Editar Perfil' })).toHaveAttribute(
		'href',
		'/dashboard/perfil',
	)

	const activity = page.getByTestId('actividad').getByRole('listitem')
	await expect(activity).toHaveCount(2)
	await expect(activity.nth(0)).toContainText('Guardaste 2 frases')
	await expect(activity.nth(0)).toContainText('hace 1 hora')
	await expect(activity.nth(1)).toContainText(
		'Generaste 3 frases en el generador de Instagram sobre «el mar en invierno»',
	)
	await expect(activity.nth(1)).toContainText('hace 2 horas')

	await main.getByRole('link', { name: 'Ver Todas' }).click()
	await expect(page).toHaveURL('/dashboard/frases')
	await expect(page.getByTestId('frase')).toHaveCount(2)
})

test('a new account sees an empty activity, not sample entries', async ({ page, login, visit }) => {
	await login()
	await visit('/dashboard')
	await expect(page.getByTestId('frases-guardadas')).toHaveText('0')
	await expect(page.getByText('No hay actividad reciente para mostrar.')).toBeVisible()
})

test('the Comunicados card lists the announcements of the topics the user chose, else says there are none', async ({
	page,
	login,
	visit,
}) => {
	const user = await login()
	const subject = `Novedad del panel ${user.id}`
	sql(
		`INSERT INTO announcements (id, subject, body, audience, recipients, request_key, created_at)
		 VALUES (?, ?, 'Un texto', 'new_features', 0, ?, ?)`,
		`inicio-${user.id}`,
		subject,
		`inicio-${user.id}`,
		sqlDate(new Date()),
	)
	// A new account hears of new features: the card lists the announcement.
	await visit('/dashboard')
	const card = page.getByRole('region', { name: 'Comunicados' })
	await expect(
		card.getByTestId('comunicados').getByRole('listitem').filter({ hasText: subject }),
	).toHaveCount(1)
	await expect(card.getByRole('link', { name: 'Ver todos' })).toHaveAttribute(
		'href',
		'/dashboard/comunicados',
	)

	// With every topic switched off there is nothing for them.
	sql(
		'INSERT INTO user_settings (user_id, notify_new_features, notify_tips, updated_at) VALUES (?, 0, 0, ?)',
		user.id,
		sqlDate(new Date()),
	)
	await visit('/dashboard')
	await expect(card.getByText('No hay comunicados para ti.')).toBeVisible()
	await expect(card.getByTestId('comunicados')).toHaveCount(0)
	await expect(card.getByRole('link', { name: 'Ver todos' })).toBeVisible()
})

test('the sidebar leads to every section; Panel Admin only for admins; unknown paths go home', async ({
	page,
	login,
	visit,
}) => {
	await login()
	await visit('/dashboard/no-existe')
	await expect(page).toHaveURL('/dashboard')
	const menu = page.getByRole('complementary').getByRole('navigation', { name: 'Panel de usuario' })
	await expect(menu.getByRole('link')).toHaveText([
		'Dashboard',
		'Mis Frases Guardadas',
		'Historial',
		'Comunicados',
		'Perfil',
		'Configuración',
	])
	await expect(page.getByRole('link', { name: 'Panel Admin' })).toHaveCount(0)
	const sidebar = page.getByRole('complementary')
	await expect(sidebar.getByRole('link', { name: 'Generar Frases' })).toHaveAttribute(
		'target',
		'_blank',
	)
	await expect(sidebar.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible()

	await menu.getByRole('link', { name: 'Mis Frases Guardadas' }).click()
	await expect(page).toHaveURL('/dashboard/frases')
	await expect(page).toHaveTitle('Mis Frases Guardadas · Frasea')
	await expect(menu.getByRole('link', { name: 'Mis Frases Guardadas' })).toHaveAttribute(
		'aria-current',
		'page',
	)
	await menu.getByRole('link', { name: 'Comunicados' }).click()
	await expect(page).toHaveURL('/dashboard/comunicados')
	await expect(page).toHaveTitle('Comunicados · Frasea')
	await expect(page.getByRole('heading', { level: 1, name: 'Comunicados' })).toBeVisible()
	await menu.getByRole('link', { name: 'Perfil' }).click()
	await expect(page).toHaveURL('/dashboard/perfil')
	await expect(page.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeVisible()
	await expect(page.getByRole('main')).toContainText('Usuario Estándar')

	await page.context().clearCookies()
	await login({ admin: true })
	await visit('/dashboard')
	await expect(
		page.getByRole('complementary').getByRole('link', { name: 'Panel Admin' }),
	).toHaveAttribute('href', '/admin')
})

test('on a phone the menu slides out and back without needing JavaScript', async ({
	page,
	login,
	visit,
}) => {
	await page.setViewportSize({ width: 390, height: 800 })
	await login()
	await visit('/dashboard')
	await expect(page.getByRole('complementary')).toBeHidden()
	const open = page.getByText('Menú del panel')
	await open.click()
	const panel = page.getByRole('navigation', { name: 'Panel de usuario' })
	await expect(panel.getByRole('link', { name: 'Historial' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Ir al Inicio', exact: true })).toBeVisible()
	await page.getByText('Cerrar menú').click()
	await expect(panel.getByRole('link', { name: 'Historial' })).toBeHidden()
	await open.click()
	await panel.getByRole('link', { name: 'Mis Frases Guardadas' }).click()
	await expect(page).toHaveURL('/dashboard/frases')
	// The menu is closed on the page it opened, with or without JavaScript.
	await expect(page.getByText('Menú del panel')).toBeVisible()
	await expect(panel.getByRole('link', { name: 'Historial' })).toBeHidden()
})

test('the public home page loads no dashboard code', async ({ page, visit, js }) => {
	const scripts: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'script' || request.url().endsWith('.js'))
			scripts.push(request.url())
	})
	await visit('/')
	await page.waitForLoadState('networkidle')
	if (js) expect(scripts.length).toBeGreaterThan(0)
	expect(scripts.filter((url) => /dashboard/i.test(url))).toEqual([])
})
