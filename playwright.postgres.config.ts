import { defineConfig } from '@playwright/test'
import base, { reporters } from './playwright.config'
import { SHARED_SECRETS } from './e2e/postgres/secrets'

/**
 * The PostgreSQL pass (`npm run test:e2e:postgres`, inside scripts/postgres-cluster.mjs,
 * which sets TEST_POSTGRES_URL): the built app on a brand-new PostgreSQL database of the
 * test cluster, with the SMTP sink and the OIDC mock beside it as in the SQLite pass
 * (scripts/e2e-server.mjs), runs the specs in e2e/postgres: the smoke set with and without
 * JavaScript, and the request-only ones (two app processes on one database) once.
 */
const port = Number(process.env.E2E_PORT ?? 3998)
// The shared helpers (e2e/auth-helpers.ts, e2e/fixtures.ts) find the app and its data
// folder through E2E_PORT; workers inherit it from here.
process.env.E2E_PORT = String(port)
const baseURL = `http://127.0.0.1:${port}`
const HTTP_SPECS = /\.http\.spec\.ts$/

const postgresUrl = process.env.TEST_POSTGRES_URL
if (!postgresUrl) {
	throw new Error(
		'TEST_POSTGRES_URL is not set: run `npm run test:e2e:postgres`, which starts a PostgreSQL cluster for these tests.',
	)
}

export default defineConfig({
	...base,
	testDir: './e2e/postgres',
	outputDir: `.cache/test-results-postgres-${port}`,
	reporter: reporters(`-postgres-${port}`),
	use: { ...base.use, baseURL },
	projects: [
		{ name: 'js', testIgnore: HTTP_SPECS, use: { javaScriptEnabled: true } },
		{ name: 'no-js', testIgnore: HTTP_SPECS, use: { javaScriptEnabled: false } },
		{ name: 'http', testMatch: HTTP_SPECS },
	],
	webServer: {
		command: 'node scripts/e2e-server.mjs',
		url: `${baseURL}/healthcheck`,
		reuseExistingServer: false,
		timeout: 60_000,
		stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
		env: {
			E2E_PORT: String(port),
			BUILD_DIR: process.env.BUILD_DIR ?? 'build',
			E2E_POSTGRES_URL: postgresUrl,
			...SHARED_SECRETS,
		},
	},
})
