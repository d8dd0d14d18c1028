/**
 * An app instance of the test worker's own, for specs that change service-wide
 * configuration (the provider, limits, tools): on the shared e2e server such a change would
 * reach the other specs running next to it. Each worker starts the built app once on a
 * fresh data folder, with a fake Gemini server beside it that admin settings can point at.
 *
 * Cookies are not kept apart by port: a test works against one app only (this one, or the
 * shared one), never both.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from '@playwright/test'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { FAKE_GEMINI_KEY, startFakeGemini } from '../tests/fakes/fake-gemini'
import { type FakeServer } from '../tests/fakes/shared'
import {
	createUserIn,
	sealKeyIn,
	signInAsIn,
	sqlAllIn,
	sqlDate,
	sqlGetIn,
	sqlIn,
	type AppTarget,
	type TestUser,
	type UserOptions,
} from './auth-helpers'
import { expectHydration, test as base } from './fixtures'

export { expect }

export interface OwnApp extends AppTarget {
	/** The fake Gemini API on loopback; its `url` is what an admin saves as the API address. */
	gemini: FakeServer
	url(pathname: string): string
	sql(statement: string, ...params: unknown[]): ReturnType<typeof sqlIn>
	sqlGet<T>(statement: string, ...params: unknown[]): T | undefined
	sqlGetAll<T>(statement: string, ...params: unknown[]): T[]
}

type OwnAppOptions = {
	/**
	 * More environment for the worker's app, e.g. a small limit: a spec that sets it with
	 * `test.use({ ownAppEnv: … })` gets workers (and apps) of its own.
	 */
	ownAppEnv: Record<string, string>
}

type OwnAppFixtures = {
	/** Creates an account in this app and signs the page's context in as it. */
	ownLogin: (options?: UserOptions) => Promise<TestUser>
	/** Opens a path of this app and proves the page hydrated (or, without JS, never did). */
	ownVisit: (pathname: string) => Promise<void>
}

export const test = base.extend<OwnAppFixtures, { ownApp: OwnApp } & OwnAppOptions>({
	ownAppEnv: [{}, { scope: 'worker', option: true }],
	ownApp: [
		async ({ ownAppEnv }, use) => {
			const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-own-app-'))
			const gemini = await startFakeGemini()
			const app = await startBuiltApp({
				dataDir,
				env: {
					TRUST_PROXY: '1',
					GENERATION_DAILY_LIMIT_IP: '1000000',
					GENERATION_DAILY_LIMIT_ANON: '100000',
					GENERATION_DAILY_LIMIT_USER: '100000',
					UPLOAD_DAILY_LIMIT_IP: '1000000',
					ADMIN_EMAIL: 'admin@frasea.test',
					// The offline engine until an admin says otherwise.
					GEMINI_API_KEY: '',
					OPENAI_BASE_URL: '',
					OPENAI_MODEL: '',
					SMTP_URL: '',
					// Specs write settings straight into the database, behind the app's back, and
					// open the next page at once: ask for the configuration's version on every use.
					CONFIG_CHECK_INTERVAL_MS: '0',
					...ownAppEnv,
				},
			})
			const target: AppTarget = { dataDir, baseURL: app.origin }
			await use({
				...target,
				gemini,
				url: (pathname) => `${app.origin}${pathname}`,
				sql: (statement, ...params) => sqlIn(target, statement, ...params),
				sqlGet: <T>(statement: string, ...params: unknown[]) =>
					sqlGetIn<T>(target, statement, ...params),
				sqlGetAll: <T>(statement: string, ...params: unknown[]) =>
					sqlAllIn<T>(target, statement, ...params),
			})
			await app.stop()
			await gemini.close()
			rmSync(dataDir, { recursive: true, force: true })
		},
		{ scope: 'worker' },
	],
	ownLogin: async ({ ownApp, context }, use) => {
		await use(async (options) => {
			const user = await createUserIn(ownApp, options)
			await signInAsIn(ownApp, context, user.id)
			return user
		})
	},
	ownVisit: async ({ ownApp, page, js }, use) => {
		await use(async (pathname) => {
			const response = await page.goto(ownApp.url(pathname))
			expect(response, `no response for ${pathname}`).not.toBeNull()
			await expectHydration(page, js)
		})
	},
})

/** The service back on the offline engine: no provider, address, key or model saved. */
export function resetService(app: OwnApp) {
	app.sql(`DELETE FROM settings WHERE key LIKE 'ai.%'`)
	app.sql('DELETE FROM configuracion_api')
}

/**
 * The service on Gemini at the worker's fake, with its key, as an admin would save them
 * (the key sealed to that address). Specs undo it with `resetService` after each test.
 */
export function serviceOnFakeGemini(app: OwnApp) {
	resetService(app)
	const now = sqlDate(new Date())
	for (const [key, value] of [
		['ai.provider', 'gemini'],
		['ai.gemini.baseUrl', app.gemini.url],
		['ai.gemini.apiKey', sealKeyIn(app, FAKE_GEMINI_KEY, app.gemini.url)],
	]) {
		app.sql('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)', key, value, now)
	}
}
