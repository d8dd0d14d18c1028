import { type Browser } from '@playwright/test'
import sharp from 'sharp'
import { createUserIn, randomIp, signInAsIn } from './auth-helpers'
import { generate } from './cards-helpers'
import { expectHydration } from './fixtures'
import { expect, test, type OwnApp } from './own-app'

/*
 * The daily upload allowance of a client address (UPLOAD_DAILY_LIMIT_IP), with and without
 * JavaScript: card backgrounds and profile photos sent from one address by several
 * browsers and accounts count together, and past the allowance the next one is refused next
 * to its file field, with the rest of the form kept and nothing stored. On a worker app of
 * its own with a small allowance, every test from an address of its own.
 */

const LIMIT = 3
test.use({ ownAppEnv: { UPLOAD_DAILY_LIMIT_IP: String(LIMIT) } })

const REFUSAL = `Se ha alcanzado el límite de ${LIMIT} imágenes subidas hoy desde tu conexión`

const png = (background: string) =>
	sharp({ create: { width: 64, height: 48, channels: 3, background } })
		.png()
		.toBuffer()

/** A browser of its own (its own cookies) coming from `ip`. */
function newBrowser(browser: Browser, ip: string, js: boolean) {
	return browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: { 'x-forwarded-for': ip } })
}

/** A new account, signed in in a browser of its own from `ip`, sets a profile photo. */
async function photoFromNewAccount(ownApp: OwnApp, browser: Browser, ip: string, js: boolean) {
	const context = await newBrowser(browser, ip, js)
	const user = await createUserIn(ownApp)
	await signInAsIn(ownApp, context, user.id)
	const response = await context.request.post(ownApp.url('/dashboard/perfil'), {
		multipart: {
			intent: 'guardar-perfil',
			name: user.name,
			avatar: { name: 'foto.png', mimeType: 'image/png', buffer: await png('#be185d') },
		},
		headers: { origin: ownApp.baseURL },
		maxRedirects: 0,
	})
	expect(response.status(), 'photo saved').toBe(302)
	await context.close()
}

/** A browser without an account, from `ip`, generates phrases and uploads a background. */
async function backgroundFromNewBrowser(ownApp: OwnApp, browser: Browser, ip: string, js: boolean) {
	const context = await newBrowser(browser, ip, js)
	const page = await context.newPage()
	const card = await generate(
		page,
		async (pathname) => {
			await page.goto(ownApp.url(pathname))
			await expectHydration(page, js)
		},
		js,
	)
	await card.getByRole('link', { name: 'Subir Fondo' }).click()
	const action = (await card.getByTestId('upload-panel').getAttribute('action')) as string
	const response = await page.request.post(ownApp.url(action), {
		multipart: {
			fondo: { name: 'fondo.png', mimeType: 'image/png', buffer: await png('#0ea5e9') },
		},
		headers: { origin: ownApp.baseURL },
		maxRedirects: 0,
	})
	expect(response.status(), 'background uploaded').toBe(302)
	await context.close()
}

const uploadRows = (ownApp: OwnApp) =>
	ownApp.sqlGet<{ n: number }>('SELECT COUNT(*) AS n FROM uploads')?.n ?? 0

test('past the allowance, a card background from yet another browser is refused next to its field', async ({
	ownApp,
	ownVisit,
	browser,
	page,
	js,
}) => {
	const ip = randomIp()
	// One browser without an account and two accounts, all behind one address.
	await backgroundFromNewBrowser(ownApp, browser, ip, js)
	await photoFromNewAccount(ownApp, browser, ip, js)
	await photoFromNewAccount(ownApp, browser, ip, js)

	// A fourth sender with fresh cookies, through the page's own form.
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip })
	const card = await generate(page, ownVisit, js)
	await card.getByRole('link', { name: 'Subir Fondo' }).click()
	const before = uploadRows(ownApp)
	const panel = card.getByTestId('upload-panel')
	await panel
		.getByLabel('Imagen de fondo')
		.setInputFiles({ name: 'una-mas.png', mimeType: 'image/png', buffer: await png('#f97316') })
	await panel.getByRole('button', { name: 'Subir Imagen' }).click()

	await expect(card.getByText(REFUSAL)).toBeVisible()
	await expect(card.getByTestId('upload-panel').getByLabel('Imagen de fondo')).toHaveAttribute(
		'aria-invalid',
		'true',
	)
	// The card keeps its own background and the batch stays on screen; nothing was stored.
	await expect(card.getByText('Usando fondo personalizado')).toHaveCount(0)
	expect(page.url()).toContain('lote=')
	expect(page.url()).not.toContain('c1.u=')
	expect(uploadRows(ownApp)).toBe(before)
})

test('past the allowance, a profile photo is refused next to its field and the rest of the form is kept', async ({
	ownApp,
	ownLogin,
	ownVisit,
	browser,
	page,
	js,
}) => {
	const ip = randomIp()
	for (let account = 0; account < LIMIT; account++) {
		await photoFromNewAccount(ownApp, browser, ip, js)
	}

	await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip })
	const user = await ownLogin({ name: 'Marta Límite' })
	await ownVisit('/dashboard/perfil')
	const main = page.getByRole('main')
	await main.getByLabel('Nombre', { exact: true }).fill('Marta Cambiada')
	await main.getByLabel('Ubicación').fill('Zaragoza')
	const photo = main.getByLabel('Foto de perfil')
	await photo.setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: await png('#22c55e') })
	await main.getByRole('button', { name: 'Guardar cambios' }).click()

	await expect(photo).toHaveAttribute('aria-invalid', 'true')
	// Said next to the field, and tied to it for assistive technology.
	const described = ((await photo.getAttribute('aria-describedby')) ?? '')
		.split(/\s+/)
		.map((id) => `[id="${id}"]`)
		.join(', ')
	await expect(page.locator(described).filter({ hasText: REFUSAL })).toBeVisible()
	await expect(main.getByLabel('Nombre', { exact: true })).toHaveValue('Marta Cambiada')
	await expect(main.getByLabel('Ubicación')).toHaveValue('Zaragoza')
	expect(ownApp.sqlGet('SELECT nombre, avatar_url FROM perfiles WHERE id = ?', user.id)).toEqual({
		nombre: 'Marta Límite',
		avatar_url: null,
	})
})
