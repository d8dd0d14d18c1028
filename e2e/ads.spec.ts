/**
 * The ad slot: off by default; an admin switches it on at /admin/ads; the home page then
 * carries a reserved box with the ad unit, and its CSP allows the ads origins. With
 * JavaScript the ads script is loaded after hydration and asked for an ad; without, no
 * script at all. Nothing comes from the network: the ads origin is routed to a fake script.
 *
 * Every test that switches ads on (or tries to) runs on an app of the worker's own
 * (e2e/own-app.ts): on the shared e2e server, the other specs' home pages would carry the
 * slot meanwhile. The tests of one worker share its app one after another, so each starts
 * by resetting the ads settings. Only the axe audit of the Publicidad page, whose refused
 * ids change nothing, runs on the shared server.
 */
import { type Page } from '@playwright/test'
import { toast } from './auth-helpers'
import { generate } from './cards-helpers'
import { auditablePage, expectAccessibleInBothThemes, expectNoSeriousViolations } from './axe'
import { expectSameDocument, markDocument } from './fixtures'
import { expect, test, type OwnApp } from './own-app'

const ADS_ORIGIN = 'https://pagead2.googlesyndication.com'
const CLIENT = 'ca-pub-1234567890123456'
const SLOT = '9876543210'

/** Ads as a fresh install has them: off, no ids saved. */
/**
 * Ads off, and the service back on the offline engine: another spec on this worker's app
 * may have left a provider (and a key the fake refuses) that these tests' generations
 * would meet.
 */
function resetAds(app: OwnApp) {
	app.sql(`DELETE FROM settings WHERE key IN ('ads.enabled', 'ads.clientId', 'ads.slot')`)
	app.sql(`DELETE FROM settings WHERE key LIKE 'ai.%'`)
	app.sql('DELETE FROM configuracion_api')
}

function switchAdsOnInDatabase(app: OwnApp) {
	const now = new Date().toISOString().replace('Z', '+00:00')
	for (const [key, value] of [
		['ads.enabled', 'true'],
		['ads.clientId', CLIENT],
		['ads.slot', SLOT],
	]) {
		app.sql(
			`INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
			 ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
			key,
			value,
			now,
		)
	}
}

/**
 * Stands in for the ads script: it marks that it ran, takes the requests queued before it
 * and counts every ad request. Each script request is recorded with whether the page had
 * hydrated by then.
 */
async function fakeAdsScript(page: Page) {
	const requests: { url: string; hydrated: string | null }[] = []
	await page.route(`${ADS_ORIGIN}/**`, async (route) => {
		const hydrated = await page
			.evaluate(() => document.documentElement.dataset.hydrated ?? null)
			.catch(() => null)
		requests.push({ url: route.request().url(), hydrated })
		await route.fulfill({
			contentType: 'text/javascript',
			body: `
				window.__adsLoaded = true;
				window.__adsPushes = window.__adsPushes || 0;
				var queued = Array.isArray(window.adsbygoogle) ? window.adsbygoogle : [];
				window.__adsPushes += queued.length;
				window.adsbygoogle = { push: function () { window.__adsPushes += 1; } };
			`,
		})
	})
	return requests
}

const cspOf = (headers: Record<string, string>) => headers['content-security-policy'] ?? ''

test('ads are off by default: no slot on the home page and no ads origin in its CSP', async ({
	page,
	ownApp,
	ownVisit,
}) => {
	test.setTimeout(60_000)
	resetAds(ownApp)
	const requests = await fakeAdsScript(page)
	const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/')
	await ownVisit('/')
	expect(cspOf((await response).headers())).not.toContain('googlesyndication')
	await expect(page.getByRole('heading', { name: 'Generador de Frases' })).toBeVisible()
	await expect(page.locator('ins.adsbygoogle')).toHaveCount(0)
	await expect(page.getByTestId('publicidad')).toHaveCount(0)
	expect(requests).toEqual([])
})

test('an admin switches ads on at /admin/ads; the home page shows the slot, and loads the ads script only with JavaScript', async ({
	page,
	ownApp,
	ownLogin,
	ownVisit,
	js,
}) => {
	test.setTimeout(60_000)
	resetAds(ownApp)
	const requests = await fakeAdsScript(page)
	// A hydration mismatch (the browser rendering other ads than the server) would show here.
	const errors: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	page.on('pageerror', (error) => errors.push(error.message))
	await ownLogin({ admin: true })
	await ownVisit('/admin/ads')
	await expect(page.getByRole('heading', { level: 1, name: 'Publicidad' })).toBeVisible()
	await expect(page.getByTestId('estado-anuncios')).toHaveText('Los anuncios están desactivados.')
	await expect(page.getByTestId('cliente-en-uso')).toHaveText(
		'En uso: ninguno (valor predeterminado)',
	)

	const toggle = page.getByLabel('Mostrar anuncios')
	const clientId = page.getByLabel('ID de cliente (editor)')
	const slot = page.getByLabel('ID del bloque de anuncios')
	// On without any client id (this server has no ADS_CLIENT_ID): the server says so.
	await toggle.check()
	await slot.fill(SLOT)
	await page.getByRole('button', { name: 'Guardar' }).click()
	await expect(page.locator('#publicidad-clientId-error')).toHaveText(
		'Para mostrar anuncios hace falta un ID de cliente: escríbelo aquí o define ADS_CLIENT_ID.',
	)
	await expect(slot).toHaveValue(SLOT)
	await expect(toggle).toBeChecked()

	// Bad ids: refused with the reason next to each field, what was typed kept.
	await clientId.fill('ca-pub-12')
	await slot.fill('12a')
	await page.getByRole('button', { name: 'Guardar' }).click()
	await expect(page.locator('#publicidad-clientId-error')).toHaveText(
		/debe tener la forma ca-pub- seguida de 10 a 20 cifras/,
	)
	await expect(page.locator('#publicidad-slot-error')).toHaveText(
		'El ID del bloque de anuncios solo puede tener cifras (de 1 a 20).',
	)
	await expect(clientId).toHaveValue('ca-pub-12')
	await expect(clientId).toHaveAttribute('aria-invalid', 'true')
	await expect(slot).toHaveValue('12a')
	await expect(toggle).toBeChecked()
	await expect(page.getByTestId('estado-anuncios')).toHaveText('Los anuncios están desactivados.')

	await clientId.fill(CLIENT)
	await slot.fill(SLOT)
	await page.getByRole('button', { name: 'Guardar' }).click()
	await expect(toast(page, 'Configuración de anuncios guardada')).toBeAttached()
	await expect(page.getByTestId('estado-anuncios')).toHaveText(
		'Los anuncios se muestran al final de la página de inicio.',
	)
	await expect(page.getByTestId('cliente-en-uso')).toHaveText(
		`En uso: ${CLIENT} (guardado en el panel)`,
	)
	await expect(toggle).toBeChecked()
	await expect(slot).toHaveValue(SLOT)

	// The home page: the slot at the end, its CSP allowing the ads script. (The refused
	// posts above logged their 400s: only the home page's messages count.)
	errors.length = 0
	const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/')
	await ownVisit('/')
	const csp = cspOf((await response).headers())
	expect(csp).toMatch(/script-src [^;]*https:\/\/pagead2\.googlesyndication\.com/)
	expect(csp).toMatch(/frame-src [^;]*https:\/\/googleads\.g\.doubleclick\.net/)
	const ad = page.locator('ins.adsbygoogle')
	await expect(ad).toHaveCount(1)
	await expect(ad).toHaveAttribute('data-ad-client', CLIENT)
	await expect(ad).toHaveAttribute('data-ad-slot', SLOT)
	await expect(ad).toHaveAttribute('data-ad-format', 'auto')
	const box = page.getByTestId('publicidad')
	await expect(box).toContainText('Publicidad')
	// The space is reserved before any ad arrives, and sits below everything else.
	expect((await box.locator('div').first().boundingBox())?.height).toBeGreaterThanOrEqual(280)
	const generatorBottom = await page.locator('#generador').evaluate((el) => {
		const rect = el.getBoundingClientRect()
		return rect.bottom + window.scrollY
	})
	const boxTop = await box.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
	expect(boxTop).toBeGreaterThan(generatorBottom)

	// The server's HTML never carries the ads script itself.
	const html = await (await page.request.get(ownApp.url('/'))).text()
	expect(html).not.toMatch(/<script[^>]*googlesyndication/)

	if (js) {
		await page.waitForFunction(
			() =>
				(window as unknown as { __adsLoaded?: boolean }).__adsLoaded === true &&
				((window as unknown as { __adsPushes?: number }).__adsPushes ?? 0) >= 1,
		)
		expect(requests).toHaveLength(1)
		expect(requests[0]?.url).toBe(
			`${ADS_ORIGIN}/pagead/js/adsbygoogle.js?client=${encodeURIComponent(CLIENT)}`,
		)
		expect(requests[0]?.hydrated, 'the script is asked for after hydration').toBe('true')
		await expect(page.locator(`script[src^="${ADS_ORIGIN}"]`)).toHaveCount(1)
		expect(errors).toEqual([])
	} else {
		await page.waitForLoadState('load')
		await page.waitForTimeout(500)
		expect(requests, 'no ads script without JavaScript').toEqual([])
		await expect(page.getByRole('button', { name: 'Generar Frases' })).toBeVisible()
	}

	// Off again (as every test's reset leaves it): the home page is as before, its CSP
	// without the ads origins.
	resetAds(ownApp)
	const offResponse = page.waitForResponse((r) => new URL(r.url()).pathname === '/')
	await ownVisit('/')
	expect(cspOf((await offResponse).headers())).not.toContain('googlesyndication')
	await expect(page.locator('ins.adsbygoogle')).toHaveCount(0)
})

test('a failing ads script, or an ad request that throws, is only logged: the page keeps working', async ({
	page,
	ownApp,
	ownVisit,
	js,
}) => {
	test.skip(!js, 'without JavaScript no ads script is ever requested (previous test)')
	test.setTimeout(60_000)
	resetAds(ownApp)
	const warnings: string[] = []
	const pageErrors: Error[] = []
	page.on('console', (message) => {
		if (message.type() === 'warning') warnings.push(message.text())
	})
	page.on('pageerror', (error) => pageErrors.push(error))
	await page.route(`${ADS_ORIGIN}/**`, (route) => route.abort())

	switchAdsOnInDatabase(ownApp)
	await ownVisit('/')
	await expect(page.locator('ins.adsbygoogle')).toHaveCount(1)
	await expectNoSeriousViolations(page, 'home page with the ad slot')
	await expect
		.poll(() => warnings.some((text) => text.includes('the ads script could not be loaded')))
		.toBe(true)
	// The generator still works, in the same page.
	await generate(page, ownVisit, js)

	// An ads script whose ad request throws (e.g. no room for another ad).
	await page.addInitScript(() => {
		;(window as unknown as { adsbygoogle: unknown }).adsbygoogle = {
			push() {
				throw new Error('No slot size for availableWidth=0')
			},
		}
	})
	await ownVisit('/')
	await expect
		.poll(() => warnings.some((text) => text.includes('the ad request failed')))
		.toBe(true)
	// Still a live page: typing a topic enables the generator's button.
	await page.getByLabel('¿Sobre qué quieres tus frases?').fill('el otoño')
	await expect(page.getByRole('button', { name: 'Generar Frases' })).toBeEnabled()
	expect(pageErrors).toEqual([])
})

test('a non-admin’s post to /admin/ads is refused with 403 and changes nothing', async ({
	page,
	ownApp,
	ownLogin,
}) => {
	resetAds(ownApp)
	await ownLogin()
	const response = await page.request.post(ownApp.url('/admin/ads'), {
		form: { enabled: 'on', clientId: CLIENT, slot: '777' },
		headers: { origin: ownApp.baseURL },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(403)
	expect(
		ownApp.sqlGet(`SELECT value FROM settings WHERE key = 'ads.slot' AND value = '777'`),
	).toBeUndefined()
	expect(
		ownApp.sqlGet(`SELECT id FROM audit_logs WHERE target = 'ads.slot' AND details LIKE '%777%'`),
	).toBeUndefined()
})

test('the privacy page says no advertising cookies are used while ads are off, and tells of Google AdSense while they are on', async ({
	page,
	ownApp,
	ownVisit,
	js,
}) => {
	resetAds(ownApp)
	const noAds = page.getByText(
		'No usamos cookies de publicidad, de analítica ni de seguimiento de terceros',
	)
	const adSense = page.getByText(/^Frasea muestra anuncios servidos por Google AdSense/)
	const googlePolicy = page.getByRole('link', {
		name: 'cómo usa Google las cookies en la publicidad',
	})
	const footerLink = (name: string) => page.getByRole('contentinfo').getByRole('link', { name })

	// A page opened while ads are off, then the privacy page through the footer.
	await ownVisit('/terms')
	await markDocument(page)
	await footerLink('Política de Privacidad').click()
	await expect(page).toHaveURL(ownApp.url('/privacy'))
	await expect(
		page.getByRole('heading', { level: 1, name: 'Política de Privacidad' }),
	).toBeVisible()
	await expect(noAds).toBeVisible()
	await expect(adSense).toHaveCount(0)
	await expect(googlePolicy).toHaveCount(0)
	await expect(page.getByText('Google AdSense')).toHaveCount(0)

	// Ads switched on meanwhile: the page says so even when reached without a new document
	// (with JavaScript the document is still the one from before ads were on).
	switchAdsOnInDatabase(ownApp)
	await footerLink('Términos y Condiciones').click()
	await expect(page).toHaveURL(ownApp.url('/terms'))
	await footerLink('Política de Privacidad').click()
	await expect(page).toHaveURL(ownApp.url('/privacy'))
	await expectSameDocument(page, js)
	await expect(adSense).toBeVisible()
	await expect(adSense).toContainText('Google puede usar cookies y recibir tu dirección IP')
	await expect(adSense).toContainText('Para mostrarlos y medir cómo funcionan')
	await expect(googlePolicy).toHaveAttribute('href', 'https://policies.google.com/technologies/ads')
	await expect(noAds).toHaveCount(0)
	await expect(page.getByText(/no usamos cookies de publicidad/i)).toHaveCount(0)

	// And so does a fresh document, also through the Spanish path.
	await ownVisit('/privacidad')
	await expect(page).toHaveURL(ownApp.url('/privacy'))
	await expect(adSense).toBeVisible()
	await expect(googlePolicy).toBeVisible()
	await expect(noAds).toHaveCount(0)
})

test('the Publicidad page passes axe, light and dark, with its errors shown', async ({
	page,
	browser,
	login,
	js,
}) => {
	test.setTimeout(60_000)
	await login({ admin: true })
	const audited = await auditablePage(page, browser, js)
	await audited.goto('/admin/ads')
	await expectAccessibleInBothThemes(audited, 'Publicidad')
	// Refused ids change nothing: this audit can run on the shared server.
	await audited.getByLabel('ID de cliente (editor)').fill('pub-1')
	await audited.getByLabel('ID del bloque de anuncios').fill('x')
	await audited.getByRole('button', { name: 'Guardar' }).click()
	await expect(audited.locator('#publicidad-slot-error')).toBeVisible()
	await expectAccessibleInBothThemes(audited, 'Publicidad with errors')
	if (audited !== page) await audited.context().close()
})
