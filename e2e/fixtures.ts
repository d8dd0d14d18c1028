import { test as base, expect, type Page } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { createUser, signInAs, type TestUser, type UserOptions } from './auth-helpers'

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
	/**
	 * Creates an account in the database and signs this page's browser context in as it,
	 * without the registration form (e-mail confirmed unless `confirmed: false`). The page
	 * stays where it is: visit a page next.
	 */
	login: (options?: UserOptions) => Promise<TestUser>
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

/**
 * Whether the running test's project has JavaScript on, for helpers that get only a page
 * (the `js` fixture is the same value, for tests).
 */
export function projectHasJs() {
	return base.info().project.use.javaScriptEnabled !== false
}

/**
 * Marks the current document, so that `expectSameDocument` can tell afterwards whether a
 * submission replaced it. (page.evaluate works even where the page's JavaScript is off.)
 */
export async function markDocument(page: Page) {
	await page.evaluate(() => {
		;(window as unknown as { __sameDocument?: boolean }).__sameDocument = true
	})
}

/**
 * With JavaScript, the flow since `markDocument` stayed in the same document (Remix
 * submitted and navigated in the page); without it, the browser loaded a new document.
 */
export async function expectSameDocument(page: Page, js: boolean) {
	const kept = await page.evaluate(
		() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
	)
	expect(
		kept,
		js
			? 'with JavaScript the submission stays in the same document'
			: 'without JavaScript the submission loads a new document',
	).toBe(js)
}

/**
 * Submits the generator form and waits for the batch. With JavaScript the form is enhanced:
 * Remix submits it and shows the batch in the same document; without it the browser posts
 * and loads the batch's page.
 */
export async function generateBatch(page: Page, js: boolean) {
	await markDocument(page)
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	// Spanish batches may name their variant and register after the batch (`&variante=ar`).
	await expect(page).toHaveURL(/\?lote=[\w-]+(&[\w=]+)*#generated-phrases$/)
	// The URL changes before the new page has arrived (without JavaScript it streams in):
	// wait for the whole document, then for the results.
	await page.waitForLoadState('load')
	await expect(page.getByRole('heading', { name: 'Frases Generadas' })).toBeVisible()
	await expectHydration(page, js)
	await expectSameDocument(page, js)
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
	login: async ({ context }, use) => {
		await use(async (options) => {
			const user = await createUser(options)
			await signInAs(context, user.id)
			return user
		})
	},
})
