import { expect, test } from './fixtures'

test('static pages render with their title and content', async ({ page, visit }) => {
	for (const [path, heading, title] of [
		['/about', /Frasea/, /Acerca de · Frasea/],
		['/privacy', /Política de Privacidad/, /Política de Privacidad · Frasea/],
		['/terms', /Términos y Condiciones/, /Términos y Condiciones · Frasea/],
	] as const) {
		await visit(path)
		await expect(page).toHaveTitle(title)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
		await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
	}
	await visit('/terms')
	await expect(page.getByRole('main')).toContainText('30 días')
	await expect(page.getByRole('main')).toContainText('13 años')
})

test('home has the hero, the generator and how-it-works anchors', async ({ page, visit }) => {
	await visit('/')
	await expect(page).toHaveTitle(/Frasea/)
	await page.getByRole('link', { name: 'Cómo funciona' }).first().click()
	await expect(page).toHaveURL(/#como-funciona$/)
	await expect(page.locator('#como-funciona')).toBeInViewport()
	await page.getByRole('link', { name: 'Crear frases' }).first().click()
	await expect(page).toHaveURL(/#generador$/)
	await expect(page.locator('#generador')).toBeInViewport()
	const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent()
	expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'WebApplication', name: 'Frasea' })
})

test('an unknown page answers 404 with a way home', async ({ page, visit }) => {
	const response = await page.goto('/esta-pagina-no-existe')
	expect(response?.status()).toBe(404)
	await visit('/esta-pagina-no-existe')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada')
	await page.getByRole('link', { name: 'Volver al Inicio' }).click()
	await expect(page).toHaveURL('/')
})

test('the footer’s Spanish paths redirect permanently to the canonical pages', async ({
	page,
	request,
}) => {
	for (const [from, to] of [
		['/acerca-de', '/about'],
		['/iniciar-sesion', '/login'],
		['/registrarse', '/register'],
		['/privacidad', '/privacy'],
		['/terminos', '/terms'],
	] as const) {
		const response = await request.get(from, { maxRedirects: 0 })
		expect(response.status(), from).toBe(301)
		expect(response.headers()['location'], from).toBe(to)
	}
	const withQuery = await request.get('/iniciar-sesion?redirectTo=%2Fdashboard', {
		maxRedirects: 0,
	})
	expect(withQuery.headers()['location']).toBe('/login?redirectTo=%2Fdashboard')

	await page.goto('/acerca-de')
	await expect(page).toHaveURL('/about')
})

test('the healthcheck reports the database is reachable', async ({ request }) => {
	const response = await request.get('/healthcheck')
	expect(response.status()).toBe(200)
	expect(await response.text()).toBe('OK')
})

test('the favicon is served', async ({ request }) => {
	for (const path of ['/favicon.ico', '/favicon.svg']) {
		const response = await request.get(path)
		expect(response.status(), path).toBe(200)
	}
})

test('the Facebook page carries its guide: types, tips, questions and a way back up', async ({
	page,
	visit,
}) => {
	await visit('/facebook')
	const main = page.getByRole('main')
	for (const heading of [
		'Publicaciones que conectan',
		'Un tono para cada publicación',
		'Para que tu publicación llegue más lejos',
		'Dudas sobre las frases para Facebook',
	]) {
		await expect(main.getByRole('heading', { name: heading })).toBeVisible()
	}
	// Every Facebook phrase type is explained.
	await expect(main.locator('#tipos-facebook li')).toHaveCount(13)
	// The questions open without JavaScript.
	await main.getByText('¿Cuántas frases puedo generar a la vez?').click()
	await expect(main.getByText('Puedes pedir 3, 6, 9 o 12 frases en cada generación.')).toBeVisible()
	await main.getByRole('link', { name: 'Crear frases para Facebook' }).click()
	await expect(page).toHaveURL(/\/facebook#generador$/)
	await expect(page.locator('#generador')).toBeInViewport()
})
