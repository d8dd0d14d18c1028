/**
 * Accessibility: axe on every page, in the light and the dark theme, with no serious or
 * critical violation (with and without JavaScript); the home form driven by the keyboard
 * alone to a generated batch and its download link; a visible focus indicator; form fields
 * with labels and errors tied to them through aria-describedby.
 */
import AxeBuilder from '@axe-core/playwright'
import { type Locator, type Page } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { register, randomIp, sql, uniqueEmail } from './auth-helpers'
import { expect, test as base } from './fixtures'

/**
 * The page axe audits. axe needs JavaScript in the page, so without it (the no-js project)
 * this is a page whose documents arrive with every script removed: exactly what a visitor
 * without JavaScript gets, still never hydrated, forms posting natively.
 */
const test = base.extend<{ auditPage: Page }>({
	auditPage: async ({ page, js, browser }, use) => {
		if (js) return use(page)
		const context = await browser.newContext({ baseURL, locale: 'es-ES', javaScriptEnabled: true })
		await context.route('**/*', async (route) => {
			if (route.request().resourceType() !== 'document') return route.continue()
			const response = await route.fetch({ maxRedirects: 0 })
			const body = (await response.text()).replace(
				/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g,
				'',
			)
			await route.fulfill({ response, body })
		})
		await use(await context.newPage())
		await context.close()
	},
})

const SCHEMES = ['light', 'dark'] as const

async function expectAccessible(page: Page, label: string) {
	const results = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
		.analyze()
	const serious = results.violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map(
			(violation) =>
				`${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
					.slice(0, 3)
					.map((node) => node.target.join(' '))
					.join(' | ')}`,
		)
	expect(serious, `${label}: serious or critical axe violations`).toEqual([])
}

/** Opens each path in both themes (the system preference) and runs axe. */
async function auditPages(page: Page, paths: string[]) {
	for (const colorScheme of SCHEMES) {
		await page.emulateMedia({ colorScheme })
		for (const path of paths) {
			await page.goto(path)
			await expectAccessible(page, `${path} (${colorScheme})`)
		}
	}
}

const PUBLIC_PAGES = [
	'/',
	'/instagram',
	'/facebook',
	'/about',
	'/privacy',
	'/terms',
	'/login',
	'/register',
	'/forgot-password',
	'/no-existe-esta-pagina',
]
for (const path of PUBLIC_PAGES) {
	test(`${path} has no serious accessibility violations, light and dark`, async ({
		auditPage: page,
	}) => {
		await auditPages(page, [path])
	})
}

test('a generated batch and the signed-in pages have no serious violations, light and dark', async ({
	auditPage: page,
}) => {
	test.setTimeout(90_000)
	const email = uniqueEmail('a11y')
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	await register(page, { name: 'Accesible', email })
	await page.goto('/')
	await page.getByLabel('¿Sobre qué quieres tus frases?').fill('la playa en invierno')
	await page.getByLabel('Número de frases').selectOption('2')
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	const batch = new URL(page.url())
	await auditPages(page, [`${batch.pathname}${batch.search}`, '/dashboard', '/profile'])

	sql("UPDATE perfiles SET rol='admin' WHERE correo=?", email)
	await auditPages(page, ['/admin/overview'])
})

test('form errors are announced: labels, aria-invalid and aria-describedby to the message', async ({
	auditPage: page,
	js,
}) => {
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	await page.goto('/register')
	const form = page.locator('form#register')
	await form.getByLabel('Nombre completo').fill('Ana')
	await form.getByLabel('Correo electrónico').fill('no-es-un-correo')
	await form.getByLabel('Contraseña', { exact: true }).fill('corta')
	await form.getByLabel('Confirmar contraseña').fill('otra')
	// Let the server validate too (the browser's own checks would stop the form first).
	await form.evaluate((element) => element.setAttribute('novalidate', ''))
	await form.getByRole('button', { name: 'Crear cuenta' }).click()
	const invalid = form.locator('[aria-invalid="true"]')
	await expect(invalid.first()).toBeVisible()
	expect(await invalid.count()).toBeGreaterThanOrEqual(2)
	for (const field of await invalid.all()) await expectDescribedByError(page, field)
	await expectAccessible(page, `/register with errors (${js ? 'js' : 'no-js'})`)

	// Every control of the generator and the auth forms has an accessible name.
	for (const path of ['/', '/instagram', '/login', '/forgot-password']) {
		await page.goto(path)
		for (const control of await page
			.locator('main')
			.locator('input:not([type=hidden]):not([tabindex="-1"]), select, textarea')
			.all()) {
			if (!(await control.isVisible())) continue
			await expect(control, `${path}: a control without a label`).toHaveAccessibleName(/\S/)
		}
	}
})

async function expectDescribedByError(page: Page, field: Locator) {
	const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean)
	const name = await field.getAttribute('name')
	expect(ids.length, `${name}: aria-describedby`).toBeGreaterThan(0)
	const texts = await Promise.all(
		ids.map(async (id) => (await page.locator(`[id="${id}"]`).textContent()) ?? ''),
	)
	expect(texts.join(' ').trim(), `${name}: described by its error message`).not.toBe('')
}

/** Presses Tab until `target` has focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 80) {
	for (let i = 0; i < limit; i++) {
		await page.keyboard.press('Tab')
		if (await target.evaluate((element) => element === document.activeElement)) return
	}
	throw new Error(`not reachable with Tab: ${target.toString()}`)
}

async function expectVisibleFocus(target: Locator, label: string) {
	const style = await target.evaluate((element) => {
		const computed = getComputedStyle(element)
		return {
			outline: computed.outlineStyle !== 'none' && parseFloat(computed.outlineWidth) > 0,
			shadow: computed.boxShadow !== 'none' && computed.boxShadow !== '',
		}
	})
	expect(style.outline || style.shadow, `${label}: a visible focus indicator`).toBe(true)
}

test('keyboard only: the home form generates a batch, and the download link is reachable', async ({
	page,
	visit,
}) => {
	await visit('/')
	// The first Tab lands on the skip link, which shows itself and its focus ring.
	await page.keyboard.press('Tab')
	const skip = page.locator(':focus')
	await expect(skip).toHaveAttribute('href', '#contenido')
	await expect(skip).toBeVisible()
	await expectVisibleFocus(skip, 'skip link')

	const prompt = page.getByLabel('¿Sobre qué quieres tus frases?')
	await tabTo(page, prompt)
	await expectVisibleFocus(prompt, 'topic box')
	await page.keyboard.type('las montañas')
	const count = page.getByLabel('Número de frases')
	await tabTo(page, count)
	await expectVisibleFocus(count, 'count select')
	const button = page.getByRole('button', { name: 'Generar Frases' })
	await tabTo(page, button)
	await expectVisibleFocus(button, 'generate button')
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	await expect(page.getByTestId('phrase-text').first()).toBeVisible()

	// Each phrase has an image card with a download link (when cards are on the page).
	const download = page.locator('a[download]').first()
	if ((await download.count()) > 0) {
		await page.locator('#generated-phrases').focus()
		await tabTo(page, download, 150)
		await expectVisibleFocus(download, 'download link')
		const file = page.waitForEvent('download')
		await page.keyboard.press('Enter')
		expect((await file).suggestedFilename()).toMatch(/^frase-1-[\w-]+\.jpg$/)
	}
})
