/**
 * Accessibility: axe on every page, in the light and the dark theme, with no serious or
 * critical violation (with and without JavaScript); the home form driven by the keyboard
 * alone to a generated batch and its download link; a visible focus indicator; form fields
 * with labels and errors tied to them through aria-describedby.
 */
import { type Locator, type Page } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { unsubscribeToken } from '../app/mail/unsubscribe.server'
import {
	createUser,
	randomIp,
	sessionSecret,
	sharedApp,
	signInAs,
	sql,
	sqlDate,
	uniqueEmail,
} from './auth-helpers'
import { expectAccessibleInBothThemes, expectNoSeriousViolations, stripScripts } from './axe'
import { expect, expectHydration, test as base } from './fixtures'

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
			await route.fulfill({ response, body: stripScripts(await response.text()) })
		})
		await use(await context.newPage())
		await context.close()
	},
})

/**
 * Opens a path on the audited page, ready to be used: with JavaScript hydrated, so axe and
 * every interaction meet the page React runs; in the no-JS stand-in, fully loaded with no
 * script left in it and never hydrated, so axe meets what a visitor without JavaScript gets.
 * Returns the document's status.
 */
async function open(page: Page, js: boolean, path: string) {
	const response = await page.goto(path)
	expect(response, `no response for ${path}`).not.toBeNull()
	await expectReady(page, js)
	return response?.status()
}

/** The current document is hydrated (JS) or is the script-free stand-in, unhydrated (no-JS). */
async function expectReady(page: Page, js: boolean) {
	if (!js) {
		await page.waitForLoadState('load')
		await expect(
			page.locator('script:not([type="application/ld+json"])'),
			'the no-JS stand-in carries no script',
		).toHaveCount(0)
	}
	await expectHydration(page, js)
}

/**
 * A page to audit, and what proves it is that page (not an error page or a redirect): its
 * status and main heading.
 */
type Audited = { path: string; heading: string; status?: number }

/** Opens each page once, checks it is the one meant, and audits it in both themes. */
async function auditPages(page: Page, js: boolean, pages: Audited[]) {
	for (const { path, heading, status = 200 } of pages) {
		expect(await open(page, js, path), `${path}: status`).toBe(status)
		await expect(page, `${path}: not redirected away`).toHaveURL(path)
		await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
		await expectAccessibleInBothThemes(page, path)
	}
}

const PUBLIC_PAGES: Audited[] = [
	{ path: '/', heading: 'Frases que conectan, listas para publicar' },
	{ path: '/instagram', heading: 'Frases para Instagram' },
	{ path: '/facebook', heading: 'Frases para Facebook' },
	{ path: '/about', heading: 'Acerca de Frasea' },
	{ path: '/privacy', heading: 'Política de Privacidad' },
	{ path: '/terms', heading: 'Términos y Condiciones' },
	{ path: '/login', heading: 'Iniciar Sesión' },
	{ path: '/register', heading: 'Crear cuenta' },
	{ path: '/forgot-password', heading: 'Recuperar contraseña' },
	{ path: '/no-existe-esta-pagina', heading: 'Página no encontrada', status: 404 },
]
for (const entry of PUBLIC_PAGES) {
	test(`${entry.path} has no serious accessibility violations, light and dark`, async ({
		auditPage: page,
		js,
	}) => {
		await auditPages(page, js, [entry])
	})
}

/**
 * Every page of the admin area, with its heading. The area's menu must list exactly these,
 * so a new admin page cannot go unaudited.
 */
const ADMIN_PAGES: Audited[] = [
	{ path: '/admin/overview', heading: 'Panel General' },
	{ path: '/admin/users', heading: 'Administración de Usuarios' },
	{ path: '/admin/api-settings', heading: 'Configuración de la API del generador de frases' },
	{ path: '/admin/new-tools', heading: 'Nuevas Herramientas' },
	{
		path: '/admin/instagram-api',
		heading: 'Configuración de la API del generador de Instagram',
	},
	{ path: '/admin/facebook-api', heading: 'Configuración de la API de frases de Facebook' },
	{ path: '/admin/announcements', heading: 'Comunicados' },
	{ path: '/admin/mail', heading: 'Correo' },
	{ path: '/admin/ads', heading: 'Publicidad' },
]

test('a generated batch and the signed-in pages have no serious violations, light and dark', async ({
	auditPage: page,
	js,
}) => {
	test.setTimeout(120_000)
	const email = uniqueEmail('a11y')
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	// Signed in as a new account (its address not confirmed yet) in the audited page's browser.
	const user = await createUser({ name: 'Accesible', email, confirmed: false })
	await signInAs(page.context(), user.id)
	await open(page, js, '/')
	await page.getByLabel('¿Sobre qué quieres tus frases?').fill('la playa en invierno')
	await page.getByLabel('Número de frases').selectOption('2')
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	const batch = new URL(page.url())
	await auditPages(page, js, [
		{ path: `${batch.pathname}${batch.search}`, heading: 'Frases Generadas' },
		{ path: '/dashboard', heading: 'Panel de Usuario' },
		{ path: '/profile', heading: 'Mi Perfil' },
	])
})

test('the unsubscribe page and the announcements list have no serious violations, light and dark', async ({
	auditPage: page,
	js,
}) => {
	const user = await createUser({ email: uniqueEmail('a11y-comunicados') })
	const now = sqlDate(new Date())
	sql('INSERT INTO user_settings (user_id, notify_tips, updated_at) VALUES (?, 1, ?)', user.id, now)
	// A tip (no mail is queued for it): only accounts with tips on, like this one, list it.
	sql(
		`INSERT INTO announcements (id, subject, body, audience, recipients, request_key, created_at)
		 VALUES (?, ?, ?, 'tips', 0, ?, ?)`,
		`a11y-${user.id}`,
		`Un consejo accesible ${user.id}`,
		'Prueba los hashtags: https://frasea.example/ayuda\n\nUn saludo',
		`a11y-${user.id}`,
		now,
	)
	const token = unsubscribeToken(user.id, 'tips', await sessionSecret(sharedApp))
	await auditPages(page, js, [{ path: `/baja?t=${token}`, heading: 'Darse de baja' }])
	await signInAs(page.context(), user.id)
	await auditPages(page, js, [{ path: '/dashboard/comunicados', heading: 'Comunicados' }])
	await expect(page.getByRole('heading', { name: `Un consejo accesible ${user.id}` })).toBeVisible()
})

test('the admin menu lists exactly the audited admin pages', async ({ auditPage: page, js }) => {
	const admin = await createUser({ admin: true, email: uniqueEmail('a11y-admin') })
	await signInAs(page.context(), admin.id)
	await open(page, js, '/admin/overview')
	const menu = page.getByRole('navigation', { name: 'Administración' }).getByRole('link')
	const adminLinks = (
		await menu.evaluateAll((links) =>
			links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
		)
	).filter((href) => href.startsWith('/admin'))
	expect(adminLinks.sort(), 'the admin menu lists the audited pages').toEqual(
		ADMIN_PAGES.map((entry) => entry.path).sort(),
	)
})

// One test per admin page: each is audited in both themes, and a page that fails is named.
for (const entry of ADMIN_PAGES) {
	test(`${entry.path} has no serious accessibility violations, light and dark`, async ({
		auditPage: page,
		js,
	}) => {
		// An admin with a confirmed address: anything less gets the 403 page, not the panel.
		const admin = await createUser({ admin: true, email: uniqueEmail('a11y-admin') })
		await signInAs(page.context(), admin.id)
		await auditPages(page, js, [entry])
	})
}

test('form errors are announced: labels, aria-invalid and aria-describedby to the message', async ({
	auditPage: page,
	js,
}) => {
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	await open(page, js, '/register')
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
	await expectNoSeriousViolations(page, `/register with errors (${js ? 'js' : 'no-js'})`)

	// Every control of the generator and the auth forms has an accessible name.
	for (const path of ['/', '/instagram', '/login', '/forgot-password']) {
		await open(page, js, path)
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

type FocusStyle = { outline: string; outlineVisible: boolean; shadows: string[] }

/** What draws a focus ring on an element now: its outline, and its visible box-shadows. */
function focusStyle(target: Locator): Promise<FocusStyle> {
	return target.evaluate((element) => {
		const computed = getComputedStyle(element)
		const opaque = (color: string) => {
			if (color === 'transparent') return false
			const alpha =
				/\/\s*([\d.]+)(%?)\s*\)$/.exec(color) ?? /^rgba\([^)]*,\s*([\d.]+)()\)$/.exec(color)
			return !alpha || parseFloat(alpha[1] ?? '1') > 0
		}
		// Shadows are comma-separated, and so are the arguments of their colours.
		const shadows =
			computed.boxShadow === 'none'
				? []
				: (computed.boxShadow.match(/(?:[^,(]|\([^)]*\))+/g) ?? [])
						.map((shadow) => shadow.trim())
						.filter((shadow) => {
							const color = /^(\w+\([^)]*\)|transparent|#\w+)/.exec(shadow)?.[1] ?? ''
							return opaque(color)
						})
		return {
			outline: `${computed.outlineStyle} ${computed.outlineWidth} ${computed.outlineColor}`,
			outlineVisible:
				computed.outlineStyle !== 'none' &&
				parseFloat(computed.outlineWidth) > 0 &&
				opaque(computed.outlineColor),
			shadows,
		}
	})
}

/**
 * Moves the focus to `target` with `focus` and proves a focus indicator appeared: the
 * focused element's outline or box-shadow differs from its unfocused one, and is visible. A
 * shadow the element always carries is no focus ring.
 */
async function expectFocusRing(target: Locator, label: string, focus: () => Promise<void>) {
	expect(
		await target.evaluate((element) => element === document.activeElement),
		`${label}: not focused before the check`,
	).toBe(false)
	const unfocused = await focusStyle(target)
	await focus()
	expect(
		await target.evaluate((element) => element === document.activeElement),
		`${label}: focused`,
	).toBe(true)
	await expect
		.poll(
			async () => {
				const focused = await focusStyle(target)
				const outline = focused.outlineVisible && focused.outline !== unfocused.outline
				const shadow =
					focused.shadows.length > 0 && focused.shadows.join(', ') !== unfocused.shadows.join(', ')
				return outline || shadow
					? 'a visible focus indicator'
					: `none (unfocused ${JSON.stringify(unfocused)}, focused ${JSON.stringify(focused)})`
			},
			{ message: `${label}: a focus ring that only focus brings` },
		)
		.toBe('a visible focus indicator')
}

test('keyboard only: the home form generates a batch, and the download link is reachable', async ({
	page,
	visit,
	js,
}) => {
	await visit('/')
	// The first Tab lands on the skip link, which shows itself and its focus ring.
	const skip = page.locator('a[href="#contenido"]')
	await expectFocusRing(skip, 'skip link', () => page.keyboard.press('Tab'))
	await expect(skip).toBeVisible()

	const prompt = page.getByLabel('¿Sobre qué quieres tus frases?')
	await expectFocusRing(prompt, 'topic box', () => tabTo(page, prompt))
	await page.keyboard.type('las montañas')
	const count = page.getByLabel('Número de frases')
	await expectFocusRing(count, 'count select', () => tabTo(page, count))
	const button = page.getByRole('button', { name: 'Generar Frases' })
	await expectFocusRing(button, 'generate button', () => tabTo(page, button))
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	await page.waitForLoadState('load')
	await expectHydration(page, js)
	await expect(page.getByTestId('phrase-text').first()).toBeVisible()

	// Each phrase has an image card with a download link. With JavaScript the card's code
	// arrives after the batch and then draws the picture: wait for it, and fail without it.
	const card = page.getByTestId('phrase-card').first()
	await expect(card).toBeVisible()
	if (js) await expect(card).toHaveAttribute('data-status', 'ready')
	const download = card.getByTestId('card-download')
	await expect(download).toHaveAttribute('download', /^frase-1-[\w-]+\.jpg$/)
	await page.locator('#generated-phrases').focus()
	await expectFocusRing(download, 'download link', () => tabTo(page, download, 150))
	const file = page.waitForEvent('download')
	await page.keyboard.press('Enter')
	expect((await file).suggestedFilename()).toMatch(/^frase-1-[\w-]+\.jpg$/)
})
