/**
 * The Content-Security-Policy in the browser, with and without JavaScript: a batch page
 * with its cards (drawn on a canvas with the card fonts when JavaScript runs, the server's
 * pictures when it does not) loads without a single CSP violation. The headers themselves
 * are checked over plain HTTP in e2e/security-headers.http.spec.ts.
 */
import { generate } from './cards-helpers'
import { expect, test } from './fixtures'

test('the browser runs a batch page with its cards under the CSP without a single violation', async ({
	page,
	visit,
	js,
}) => {
	const violations: string[] = []
	// The browser reports every refusal on the console itself (with or without JavaScript);
	// with JavaScript, the page's own event says which directive refused what.
	page.on('console', (message) => {
		if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
	})
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (event) => {
			console.error(`Refused to (CSP): ${event.violatedDirective} ${event.blockedURI}`)
		})
	})
	const fonts: Array<{ url: string; status: number }> = []
	page.on('response', (response) => {
		if (new URL(response.url()).pathname.startsWith('/fonts/')) {
			fonts.push({ url: response.url(), status: response.status() })
		}
	})
	// visit() proves hydration with JavaScript: the nonce let Remix's scripts run.
	for (const path of ['/login', '/register', '/instagram']) await visit(path)

	// A batch: generate() waits for the first card to be drawn.
	const card = await generate(page, visit, js)
	if (js) {
		// Drawn in the browser: on the canvas, with the card's font files fetched from /fonts.
		await expect(card.getByTestId('card-canvas')).toBeVisible()
		expect(fonts.length, 'the card fonts were loaded').toBeGreaterThan(0)
		expect(fonts.filter((font) => font.status !== 200)).toEqual([])
	} else {
		// The server's picture, loaded by the browser.
		const image = card.getByTestId('card-image')
		await expect(image).toBeVisible()
		await expect
			.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
			.toBeGreaterThan(0)
	}
	expect(violations).toEqual([])
})
