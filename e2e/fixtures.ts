import { test as base, expect, type Page } from '@playwright/test'
import { baseURL } from '../playwright.config'

export { expect }

/**
 * What a browser sends with every form post from our pages. Requests made outside a page
 * (Playwright's `request`, Node's fetch) need it too: the server refuses writes whose
 * origin it cannot confirm.
 */
export const fromOurPages = { origin: baseURL }

type Fixtures = {
	/** Whether this project runs with JavaScript enabled. */
	js: boolean
	/** Opens a path and proves the page hydrated (JS project) or never did (no-JS project). */
	visit: (path: string) => Promise<void>
}

export async function expectHydration(page: Page, js: boolean) {
	const html = page.locator('html')
	if (js) {
		await expect(html).toHaveAttribute('data-hydrated', 'true')
	} else {
		// Only React's hydration sets this marker; page.evaluate would work even without JS.
		await expect(html).not.toHaveAttribute('data-hydrated', /.*/)
	}
}

export const test = base.extend<Fixtures>({
	js: async ({ javaScriptEnabled }, use) => {
		await use(javaScriptEnabled !== false)
	},
	visit: async ({ page, js }, use) => {
		await use(async (path) => {
			const response = await page.goto(path)
			expect(response, `no response for ${path}`).not.toBeNull()
			await expectHydration(page, js)
		})
	},
})
