import { type Page } from '@playwright/test'
import { expect, expectHydration, test } from './fixtures'

/** Clicks a theme button and waits until the server has stored the choice. */
async function switchTheme(page: Page, name: string) {
	const saved = page.waitForResponse(
		(response) => response.url().includes('/resources/theme') && response.status() < 400,
	)
	await page.getByRole('button', { name }).click()
	await saved
}

test('navigation links lead to each page and the current one is highlighted', async ({
	page,
	visit,
	js,
}) => {
	await visit('/')
	const nav = page.getByRole('navigation', { name: 'Principal' })
	await expect(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page')

	await nav.getByRole('link', { name: 'Instagram' }).click()
	await expect(page).toHaveURL('/instagram')
	await expectHydration(page, js)
	await expect(nav.getByRole('link', { name: 'Instagram' })).toHaveAttribute('aria-current', 'page')
	await expect(nav.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute(
		'aria-current',
		'page',
	)

	await nav.getByRole('link', { name: 'Facebook' }).click()
	await expect(page).toHaveURL('/facebook')
	await expect(nav.getByRole('link', { name: 'Facebook' })).toHaveAttribute('aria-current', 'page')

	await nav.getByRole('link', { name: 'Inicio' }).click()
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('signed-out header offers sign-in and registration', async ({ page, visit }) => {
	await visit('/')
	const header = page.getByRole('banner')
	await expect(header.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute(
		'href',
		'/login',
	)
	await expect(header.getByRole('link', { name: 'Regístrate' })).toHaveAttribute(
		'href',
		'/register',
	)
})

test('the theme toggle switches to dark and the choice persists across pages', async ({
	page,
	visit,
	js,
}) => {
	await visit('/about')
	const html = page.locator('html')
	await expect(html).not.toHaveClass(/dark/)
	await switchTheme(page, 'Cambiar a tema oscuro')
	await expect(html).toHaveClass(/dark/)
	await expect(page).toHaveURL('/about')
	await expect(page.getByRole('button', { name: 'Cambiar a tema claro' })).toBeVisible()

	// The server renders the stored choice, so a new page load is dark from its first byte.
	await visit('/privacy')
	await expect(html).toHaveClass(/dark/)
	const body = page.locator('body')
	await expect(body).toHaveCSS('background-color', /oklch\(0\.13|rgb\(3, 7, 18\)/)

	await switchTheme(page, 'Cambiar a tema claro')
	await expect(html).toHaveClass(/light/)
	if (!js) await expect(page).toHaveURL('/privacy')
	await visit('/terms')
	await expect(html).toHaveClass(/light/)
	await expect(page.getByRole('button', { name: 'Cambiar a tema oscuro' })).toBeVisible()
})

test.describe('system dark preference', () => {
	test.use({ colorScheme: 'dark' })
	test('is honoured until the visitor chooses', async ({ page, visit }) => {
		await visit('/')
		await expect(page.locator('html')).not.toHaveClass(/dark|light/)
		await expect(page.getByRole('button', { name: 'Cambiar a tema claro' })).toBeVisible()
		await expect(page.getByRole('button', { name: 'Cambiar a tema oscuro' })).toBeHidden()
	})
})

test.describe('mobile', () => {
	test.use({ viewport: { width: 375, height: 740 } })

	test('the slide-out menu opens, navigates and closes', async ({ page, visit, js }) => {
		await visit('/about')
		await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden()
		const mobileNav = page.getByRole('navigation', { name: 'Menú móvil' })
		await expect(mobileNav).toBeHidden()

		await page.getByLabel('Menú', { exact: true }).click()
		await expect(mobileNav).toBeVisible()
		await expect(mobileNav.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible()

		// Closing with the same control.
		await page.getByLabel('Menú', { exact: true }).click()
		await expect(mobileNav).toBeHidden()

		await page.getByLabel('Menú', { exact: true }).click()
		await mobileNav.getByRole('link', { name: 'Facebook' }).click()
		await expect(page).toHaveURL('/facebook')
		await expectHydration(page, js)
		await expect(mobileNav).toBeHidden()
	})
})

test('pages other than home show the breadcrumb Inicio > page', async ({ page, visit }) => {
	await visit('/')
	await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toHaveCount(0)

	for (const [path, name] of [
		['/about', 'Acerca de'],
		['/privacy', 'Política de Privacidad'],
		['/terms', 'Términos y Condiciones'],
		['/instagram', 'Instagram'],
		['/facebook', 'Facebook'],
	] as const) {
		await visit(path)
		const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' })
		await expect(crumbs).toHaveText(/Inicio\s*>\s*/)
		await expect(crumbs.locator('[aria-current="page"]')).toHaveText(name)
	}
	await page
		.getByRole('navigation', { name: 'Ruta de navegación' })
		.getByRole('link', { name: 'Inicio' })
		.click()
	await expect(page).toHaveURL('/')
})

test('footer has the link columns and the current year', async ({ page, visit }) => {
	await visit('/')
	const footer = page.getByRole('contentinfo')
	for (const column of ['Explorar', 'Cuenta', 'Legal']) {
		await expect(footer.getByRole('navigation', { name: column })).toBeVisible()
	}
	await expect(footer).toContainText(`© ${new Date().getFullYear()} Frasea`)
	await footer.getByRole('link', { name: 'Términos y Condiciones' }).click()
	await expect(page).toHaveURL('/terms')
})
