/**
 * Hostile text stored by one action is shown again as text, with and without JavaScript:
 * a name (in the header of every page), a topic and an edited phrase (on the batch page).
 * Under the nonce CSP an injected script could not run anyway, so the stored pages' HTML is
 * also loaded where the CSP is off: there only the escaping stands between the payload and
 * the page. (The same actions' handling of bad input over HTTP is
 * e2e/bad-input.http.spec.ts.)
 */
import { type Browser } from '@playwright/test'
import { PASSWORD, randomIp, uniqueEmail } from './auth-helpers'
import { expect, test } from './fixtures'

/** Markup that runs the moment a page parses it, if it ever reaches the page unescaped. */
const PAYLOAD = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

/**
 * Loads `html` as the document at `url` in a browser with JavaScript on and the CSP off
 * (the server's headers are not sent, and `bypassCSP` ignores any other), and reports what
 * the payload did there. Only the document itself is served: nothing else can run.
 */
async function runWithoutCsp(browser: Browser, url: string, html: string) {
	const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled: true })
	try {
		await context.route('**/*', (route) =>
			route.request().url() === url
				? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
				: route.abort(),
		)
		const page = await context.newPage()
		const dialogs: string[] = []
		page.on('dialog', (dialog) => {
			dialogs.push(dialog.message())
			void dialog.dismiss()
		})
		await page.goto(url)
		// An injected <img> fires its onerror once its (refused) load fails.
		await page.waitForLoadState('load')
		return {
			pwned: await page.evaluate(() => (window as { __pwned?: unknown }).__pwned),
			injectedImages: await page.locator('img[src="x"]').count(),
			// A <script> element of the payload's own (the page's data may quote it as a string).
			injectedScripts: await page
				.locator('script')
				.evaluateAll(
					(scripts) =>
						scripts.filter((script) => script.textContent?.trim() === 'window.__pwned=1').length,
				),
			dialogs,
		}
	} finally {
		await context.close()
	}
}

test('hostile text stored by the app is shown as text and never runs', async ({
	page,
	browser,
	visit,
	baseURL,
}) => {
	page.on('dialog', () => {
		throw new Error('a stored payload opened a dialog')
	})
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	// A name shown in the header on every page.
	const name = `Ana ${PAYLOAD}`.slice(0, 60)
	await page.goto('/register')
	const form = page.locator('form#register')
	await form.getByLabel('Nombre completo').fill(name)
	await form.getByLabel('Correo electrónico').fill(uniqueEmail('xss'))
	await form.getByLabel('Contraseña', { exact: true }).fill(PASSWORD)
	await form.getByLabel('Confirmar contraseña').fill(PASSWORD)
	await form.getByRole('button', { name: 'Crear cuenta' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
	await expect(page.getByText(name).first()).toBeAttached()
	await expect(page.locator('img[src="x"]')).toHaveCount(0)

	// A topic and an edited phrase, shown again on the batch page.
	await visit('/')
	await page.getByLabel('¿Sobre qué quieres tus frases?').fill(PAYLOAD)
	await page.getByLabel('Número de frases').selectOption('2')
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	await page.getByRole('link', { name: 'Editar' }).first().click()
	await page.getByLabel('Texto de la frase 1').fill(PAYLOAD)
	await page.getByRole('button', { name: 'Guardar', exact: true }).click()
	// The saved phrase 1 itself, once its editor has closed: every generated phrase is about
	// the topic (the same payload), so only the whole text tells the edit from them.
	const firstPhrase = page.locator('#frase-0').getByTestId('phrase-text')
	await expect(firstPhrase).toHaveText(`Frase 1: ${PAYLOAD}`)
	await expect(page).not.toHaveURL(/editar=/)
	await page.reload()
	// Shown as text: the phrase and the topic read as typed, and no element was injected.
	await expect(firstPhrase).toHaveText(`Frase 1: ${PAYLOAD}`)
	await expect(page.getByLabel('¿Sobre qué quieres tus frases?')).toHaveValue(PAYLOAD)
	await expect(page.locator('img[src="x"]')).toHaveCount(0)

	// The same pages' HTML where nothing but the escaping could stop the payload.
	const batchUrl = new URL(page.url())
	batchUrl.hash = ''
	for (const url of [batchUrl.href, new URL('/dashboard', baseURL).href]) {
		const response = await page.request.get(url)
		expect(response.status(), url).toBe(200)
		const html = await response.text()
		expect(html, `${url}: the payload is on the page, escaped`).toContain('&lt;img src=x onerror=')
		expect(await runWithoutCsp(browser, url, html), url).toEqual({
			pwned: undefined,
			injectedImages: 0,
			injectedScripts: 0,
			dialogs: [],
		})
	}
	// And that browser does run the payload when it is not escaped: the check above could fail.
	const unescaped = `<!doctype html><html><body><p>${PAYLOAD}</p></body></html>`
	const control = await runWithoutCsp(browser, batchUrl.href, unescaped)
	expect(control.pwned, 'the unescaped payload runs where the CSP is off').toBe(1)
	expect(control.injectedImages).toBe(1)
})
