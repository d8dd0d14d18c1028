/**
 * Crash safety, on the built app started by this spec (not the shared e2e server):
 * - users save phrases concurrently, the server is killed with SIGKILL mid-way and started
 *   again on the same database: every save it acknowledged is there, and SQLite's
 *   `PRAGMA integrity_check` is ok;
 * - on SIGTERM the server stops taking connections but finishes the requests in flight
 *   (a generation waiting on a slow provider), then exits.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { startFakeGemini } from '../tests/fakes/fake-gemini'
import { PASSWORD } from './auth-helpers'
import { expect, test } from './fixtures'

test.skip(({ js }) => !js, 'no browser involved: one run is enough')
test.describe.configure({ mode: 'serial' })

type App = Awaited<ReturnType<typeof startBuiltApp>>

function startApp(dataDir: string, env: Record<string, string> = {}): Promise<App> {
	return startBuiltApp({
		dataDir,
		env: {
			AUTH_RATE_LIMIT: '10000',
			GENERATION_DAILY_LIMIT_USER: '100000',
			GENERATION_DAILY_LIMIT_ANON: '100000',
			GENERATION_DAILY_LIMIT_IP: '100000',
			...env,
		},
	})
}

/** POSTs a form; resolves to the response, or null when the connection died. */
async function post(app: App, pathname: string, fields: Record<string, string>, cookie = '') {
	try {
		return await fetch(`${app.origin}${pathname}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.origin, cookie },
			body: new URLSearchParams(fields),
		})
	} catch {
		return null
	}
}

async function registerUser(app: App, index: number) {
	const email = `crash-${index}-${Date.now().toString(36)}@frasea.test`
	const response = await post(app, '/register', {
		name: `Usuario ${index}`,
		email,
		password: PASSWORD,
		confirmPassword: PASSWORD,
	})
	const cookie = response?.headers
		.getSetCookie()
		.map((value) => value.split(';')[0])
		.find((value) => value?.startsWith('fr_session='))
	expect(cookie, 'a session').toBeTruthy()
	return { email, cookie: cookie as string }
}

test('a SIGKILL while users save phrases loses no acknowledged save and leaves the database intact', async () => {
	test.setTimeout(90_000)
	const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-crash-'))
	try {
		let app = await startApp(dataDir)
		const users = await Promise.all([1, 2, 3, 4].map((index) => registerUser(app, index)))
		const acknowledged = new Map<string, string[]>(users.map((user) => [user.email, []]))
		let killed = false

		// Each user, in a loop until the crash: a batch of 12, then for each phrase an edit
		// to a unique text and a save of it. A save counts once the server answered it.
		const work = users.map(async (user, index) => {
			for (let round = 0; !killed; round++) {
				const generated = await post(
					app,
					'/facebook',
					{ intent: 'generate', prompt: 'el mar', count: '12' },
					user.cookie,
				)
				const batch = /lote=([\w-]+)/.exec(generated?.headers.get('location') ?? '')?.[1]
				if (!batch) return
				for (let position = 0; position < 12 && !killed; position++) {
					const content = `Frase ${index}-${round}-${position} guardada antes del fallo`
					const edited = await post(
						app,
						'/facebook',
						{ intent: 'update-phrase', batch, position: String(position), content },
						user.cookie,
					)
					if (edited?.status !== 302) return
					const saved = await post(
						app,
						'/facebook',
						{ intent: 'save-phrase', batch, position: String(position) },
						user.cookie,
					)
					if (saved?.status === 302) acknowledged.get(user.email)?.push(content)
					else return
				}
			}
		})
		await new Promise((resolve) => setTimeout(resolve, 2_500))
		app.child.kill('SIGKILL')
		killed = true
		await app.exited
		await Promise.all(work)
		const total = [...acknowledged.values()].reduce((sum, list) => sum + list.length, 0)
		expect(total, 'saves acknowledged before the crash').toBeGreaterThan(10)
		test.info().annotations.push({ type: 'acknowledged saves', description: String(total) })

		app = await startApp(dataDir)
		try {
			const db = new Database(path.join(dataDir, 'frasea.db'), { readonly: true })
			try {
				expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
				for (const [email, contents] of acknowledged) {
					const stored = new Set(
						(
							db
								.prepare(
									'SELECT f.contenido AS content FROM frases f JOIN perfiles p ON p.id = f.usuario_id WHERE p.correo = ?',
								)
								.all(email) as Array<{ content: string }>
						).map((row) => row.content),
					)
					const missing = contents.filter((content) => !stored.has(content))
					expect(missing, `${email}: acknowledged saves missing after the crash`).toEqual([])
				}
			} finally {
				db.close()
			}
			// And the restarted app serves its users.
			const dashboard = await fetch(`${app.origin}/dashboard`, {
				headers: { cookie: users[0]?.cookie ?? '' },
				redirect: 'manual',
			})
			expect(dashboard.status).toBe(200)
		} finally {
			app.child.kill('SIGTERM')
			await app.exited
		}
	} finally {
		rmSync(dataDir, { recursive: true, force: true })
	}
})

test('on SIGTERM the server finishes the requests in flight, refuses new ones, and exits', async () => {
	test.setTimeout(60_000)
	const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-sigterm-'))
	// A provider that takes 2 s to answer keeps a generation in flight.
	const gemini = await startFakeGemini({ latencyMs: 2_000 })
	try {
		const app = await startApp(dataDir, {
			GEMINI_API_KEY: 'fake-gemini-key',
			GEMINI_BASE_URL: gemini.url,
		})
		const inFlight = [1, 2, 3].map(() =>
			post(app, '/?index', { intent: 'generate', prompt: 'la despedida', count: '2' }),
		)
		await expect.poll(() => gemini.requests.length, { timeout: 10_000 }).toBe(3)
		const signalledAt = Date.now()
		app.child.kill('SIGTERM')
		await new Promise((resolve) => setTimeout(resolve, 300))
		// No new connections once the signal arrived.
		const late = await fetch(`${app.origin}/healthcheck`).then(
			(response) => response.status,
			() => 'refused',
		)
		expect(late).toBe('refused')
		for (const response of await Promise.all(inFlight)) {
			expect(response?.status, 'the generation in flight completed').toBe(302)
			expect(response?.headers.get('location')).toMatch(/\?lote=/)
		}
		const code = await Promise.race([
			app.exited,
			new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000)),
		])
		expect(code, 'the process exits once the work is done').not.toBe('still running')
		const elapsed = Date.now() - signalledAt
		expect(elapsed).toBeLessThan(10_000)
		test.info().annotations.push({ type: 'exit after SIGTERM', description: `${elapsed} ms` })
	} finally {
		await gemini.close()
		rmSync(dataDir, { recursive: true, force: true })
	}
})
