/**
 * The daily generation limits over real HTTP, on built apps started by this spec (the
 * shared e2e server keeps the per-address limit out of the way of the other specs):
 * - cookie-less generations from one address, even with a forged X-Forwarded-For on each,
 *   stop at the per-address limit, and the page then says why;
 * - every provider call, retries included, counts against the global daily ceiling, and
 *   past it no call is made.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { FAKE_GEMINI_KEY, geminiUnavailable, startFakeGemini } from '../tests/fakes/fake-gemini'
import { type FakeServer } from '../tests/fakes/shared'
import { expect, test } from './fixtures'

type App = Awaited<ReturnType<typeof startBuiltApp>>

/** This test file's own per-address limit, low enough to reach in a test. */
const IP_LIMIT = 10
/** This test file's own ceiling on provider calls. */
const GLOBAL_LIMIT = 3

const IP_MESSAGE =
	'Se ha alcanzado el límite de generaciones de hoy desde tu conexión a internet (tu red o dirección IP). Podrás generar más frases a partir de las 00:00 (hora de España).'
const GLOBAL_MESSAGE =
	'Frasea ha alcanzado el límite de generaciones de hoy para todo el servicio. Vuelve a intentarlo mañana, a partir de las 00:00 (hora de España).'

/** A generation POST as a script would send it: no cookie, so a brand-new visitor each time. */
function generate(app: App, prompt: string, headers: Record<string, string> = {}) {
	return fetch(`${app.origin}/?index`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			origin: app.origin,
			...headers,
		},
		body: new URLSearchParams({ intent: 'generate', prompt, count: '1', length: '10' }),
	})
}

async function withApp(env: Record<string, string>, run: (app: App) => Promise<void>) {
	const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-limits-'))
	const app = await startBuiltApp({ dataDir, env })
	try {
		await run(app)
	} finally {
		await app.stop()
		rmSync(dataDir, { recursive: true, force: true })
	}
}

test('cookie-less generations from one address stop at its daily limit', async ({ page }) => {
	test.setTimeout(60_000)
	await withApp(
		{
			// Directly on the network: a forged X-Forwarded-For must not make a new address.
			TRUST_PROXY: '0',
			GENERATION_DAILY_LIMIT_IP: String(IP_LIMIT),
			GENERATION_DAILY_LIMIT_ANON: '1000',
			GEMINI_API_KEY: '',
			OPENAI_BASE_URL: '',
		},
		async (app) => {
			const statuses: number[] = []
			let refusal = ''
			for (let i = 0; i < 25; i++) {
				const response = await generate(app, `tema ${i}`, {
					'x-forwarded-for': `198.51.100.${i + 1}`,
				})
				statuses.push(response.status)
				// Each answer hands out a fresh visitor cookie the script simply drops.
				if (response.status === 429) refusal = await response.text()
				else await response.body?.cancel()
			}
			expect(statuses).toEqual([...Array(IP_LIMIT).fill(302), ...Array(25 - IP_LIMIT).fill(429)])
			// The form comes back with the message next to it and the visitor's input kept.
			expect(refusal).toContain(IP_MESSAGE)
			expect(refusal).toContain('tema 24')

			// A new browser from the same address is told before it tries.
			await page.goto(app.origin)
			await expect(page.getByText(IP_MESSAGE)).toBeVisible()
			await expect(page.getByRole('button', { name: 'Generar Frases' })).toBeDisabled()
		},
	)
})

test('each provider call, retries included, counts toward the global ceiling', async ({ page }) => {
	test.setTimeout(60_000)
	const gemini: FakeServer = await startFakeGemini()
	try {
		await withApp(
			{
				GEMINI_API_KEY: FAKE_GEMINI_KEY,
				GEMINI_BASE_URL: gemini.url,
				GENERATION_DAILY_LIMIT_GLOBAL: String(GLOBAL_LIMIT),
				GENERATION_DAILY_LIMIT_IP: '1000',
				GENERATION_DAILY_LIMIT_ANON: '1000',
			},
			async (app) => {
				// A failed call and its retry: two calls for one generation.
				gemini.enqueue(geminiUnavailable())
				expect((await generate(app, 'primera')).status).toBe(302)
				expect(gemini.requests.filter((r) => r.method === 'POST')).toHaveLength(2)
				expect((await generate(app, 'segunda')).status).toBe(302)
				expect(gemini.requests.filter((r) => r.method === 'POST')).toHaveLength(GLOBAL_LIMIT)

				const refused = await generate(app, 'tercera')
				expect(refused.status).toBe(429)
				expect(await refused.text()).toContain(GLOBAL_MESSAGE)
				// Refused before the provider: no call was made.
				expect(gemini.requests.filter((r) => r.method === 'POST')).toHaveLength(GLOBAL_LIMIT)

				await page.goto(app.origin)
				await expect(page.getByText(GLOBAL_MESSAGE)).toBeVisible()
				await expect(page.getByRole('button', { name: 'Generar Frases' })).toBeDisabled()
			},
		)
	} finally {
		await gemini.close()
	}
})
