import { availableParallelism } from 'node:os'
import { defineConfig, type ReporterDescription } from '@playwright/test'
import { chromiumPath } from './scripts/chromium-path.mjs'

const port = Number(process.env.E2E_PORT ?? 3999)
export const baseURL = `http://127.0.0.1:${port}`
// Side-by-side runs (their own E2E_PORT and BUILD_DIR) keep their artifacts apart too.
const sideBySide = process.env.E2E_PORT !== undefined && port !== 3999
/** Request-only specs: no page involved, so one run says all there is to say. */
const HTTP_SPECS = /\.http\.spec\.ts$/
/** The PostgreSQL pass's specs: playwright.postgres.config.ts runs them, on its own server. */
const POSTGRES_SPECS = /[\\/]e2e[\\/]postgres[\\/]/

/**
 * One worker per core, at most four: each worker drives its own Chromium and may start an
 * app of its own (e2e/own-app.ts) beside the shared one, so more workers than cores only
 * queue for the CPU and stretch every test towards its timeout. Measured on two cores
 * shared with another job: two workers ran 68 tests in 4.4 min, one in 5.1 min, each test
 * taking 1.7× as long with two (median 6.1 s against 3.6 s; the slowest 24 s against 16 s,
 * still well inside the 30 s timeout). `E2E_WORKERS=1` trades that time for more margin.
 */
const workers = Number(process.env.E2E_WORKERS) || Math.min(4, Math.max(1, availableParallelism()))

/**
 * The list as tests finish; every run's durations in `.cache/e2e-report<suffix>.json` (read
 * it with `node scripts/e2e-durations.mjs`); off CI, the HTML report too.
 */
export function reporters(suffix: string): ReporterDescription[] {
	return [
		['list'],
		['json', { outputFile: `.cache/e2e-report${suffix}.json` }],
		...(process.env.CI
			? []
			: [['html', { open: 'never', outputFolder: `.cache/playwright-report${suffix}` }] as const]),
	]
}

/**
 * Every browser spec runs twice: with JavaScript, and with JavaScript disabled (the page
 * must work before and without hydration). Specs named `*.http.spec.ts` speak plain HTTP
 * (Playwright's `request`, Node's fetch, sockets) and run once, in the `http` project: a
 * browser would add nothing to them. The built app is started on a fresh database per run,
 * with an SMTP sink and an OIDC provider (standing in for Google) next to it; see
 * scripts/e2e-server.mjs and e2e/auth-helpers.ts.
 */
export default defineConfig({
	testDir: './e2e',
	timeout: 30_000,
	expect: { timeout: 7_000 },
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	workers,
	outputDir: sideBySide ? `.cache/test-results-${port}` : 'test-results',
	reporter: reporters(sideBySide ? `-${port}` : ''),
	use: {
		baseURL,
		locale: 'es-ES',
		trace: 'retain-on-failure',
		launchOptions: {
			executablePath: chromiumPath(),
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
				// Glyph outlines as the server rasterises them, unhinted: the card tests compare
				// the browser's canvas with the server's JPEG, and the headless shell hints text
				// by default (a mean difference of 5–8 of 255, past the test's limit of 4; 8 of 8
				// runs within it unhinted).
				'--font-render-hinting=none',
			],
		},
	},
	projects: [
		{ name: 'js', testIgnore: [HTTP_SPECS, POSTGRES_SPECS], use: { javaScriptEnabled: true } },
		{ name: 'no-js', testIgnore: [HTTP_SPECS, POSTGRES_SPECS], use: { javaScriptEnabled: false } },
		{ name: 'http', testMatch: HTTP_SPECS, testIgnore: POSTGRES_SPECS },
	],
	webServer: {
		command: 'node scripts/e2e-server.mjs',
		url: `${baseURL}/healthcheck`,
		reuseExistingServer: false,
		timeout: 60_000,
		stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
		env: { E2E_PORT: String(port), BUILD_DIR: process.env.BUILD_DIR ?? 'build' },
	},
})
