/**
 * Accessibility audits with axe: serious and critical findings fail, in the light and the
 * dark theme. The theme is the system preference (the tests never pick one in the page),
 * so switching it is an emulated media change in place: one page load serves both audits.
 */
import AxeBuilder from '@axe-core/playwright'
import { type Browser, type Page } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { expect } from './fixtures'

export const THEMES = ['light', 'dark'] as const

/** axe's serious and critical findings on the page as it is now: none expected. */
export async function expectNoSeriousViolations(page: Page, label: string) {
	// A page just posted to may still be loading its stylesheet, a colour scheme just switched
	// is still fading in (CSS transitions), a flashed toast is fading out over seconds: judge
	// what the visitor ends up seeing, with every finite animation brought to its end at once
	// rather than waited for.
	await page.waitForLoadState('load')
	await page.evaluate(() =>
		Promise.all(
			document.getAnimations().map((animation) => {
				if (animation.effect?.getComputedTiming().endTime === Infinity) return null
				animation.finish()
				return animation.finished.catch(() => null)
			}),
		),
	)
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

/**
 * The page as it is now, audited in the light theme and then in the dark one, switched in
 * place: the same state (a form's errors, an open confirmation) without reloading it. The
 * page is left in the light theme.
 */
export async function expectAccessibleInBothThemes(page: Page, label: string) {
	for (const colorScheme of THEMES) {
		await page.emulateMedia({ colorScheme })
		await expectNoSeriousViolations(page, `${label} (${colorScheme})`)
	}
	await page.emulateMedia({ colorScheme: 'light' })
}

/**
 * The page to audit with axe, which runs as a script. With JavaScript, the test's own page.
 * Without it, a page in a context of its own (signed in as the test's) that may run scripts
 * but whose documents arrive with none: what the no-JS visitor gets, never
 * hydrated, forms posting natively. Close its context when done.
 */
export async function auditablePage(page: Page, browser: Browser, js: boolean) {
	if (js) return page
	// Contexts made in a test take the project's options: JavaScript must be asked for.
	const context = await browser.newContext({ baseURL, locale: 'es-ES', javaScriptEnabled: true })
	await context.addCookies(await page.context().cookies())
	const ours = new URL(baseURL).origin
	await context.route(
		// Pages only: stylesheets, fonts and images load untouched, straight from the server.
		(url) => url.origin === ours && !/^\/(assets|fonts|avatars)\//.test(url.pathname),
		async (route) => {
			if (route.request().resourceType() !== 'document') return route.continue()
			const response = await route.fetch({ maxRedirects: 0 })
			const body = stripScripts(await response.text())
			await route.fulfill({ response, body })
		},
	)
	return context.newPage()
}

/** A document as a browser without JavaScript runs it: no script (structured data stays). */
export function stripScripts(html: string) {
	return html.replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, '')
}
