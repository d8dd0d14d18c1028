/**
 * Crash safety, on the built app started by this spec (not the shared e2e server):
 * - users save phrases concurrently, the server is killed with SIGKILL mid-way and started
 *   again on the same database: every save it acknowledged is there, and SQLite's
 *   `PRAGMA integrity_check` is ok;
 * - on SIGTERM the server stops taking connections but finishes the requests in flight
 *   (generations whose provider calls are held until the test has seen the refusal), then
 *   exits on its own.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { FAKE_GEMINI_KEY, startFakeGemini } from '../tests/fakes/fake-gemini'
import { PASSWORD } from './auth-helpers'
import { expect, test } from './fixtures'

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

/** Saves the users must have acknowledged before the crash: enough to prove a real load. */
const SAVES_BEFORE_CRASH = 20

test('a SIGKILL while users save phrases loses no acknowledged save and leaves the database intact', async () => {
	test.setTimeout(120_000)
	const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-crash-'))
	try {
		let app = await startApp(dataDir)
		const users = await Promise.all([1, 2, 3, 4].map((index) => registerUser(app, index)))
		const acknowledged = new Map<string, string[]>(users.map((user) => [user.email, []]))
		/** Anything but a clean answer before the crash: each one fails the test below. */
		const problems: string[] = []
		let killed = false
		let total = 0
		let enough: () => void = () => {}
		const reachedEnough = new Promise<void>((resolve) => (enough = resolve))

		/**
		 * A request of the loop: its response, or null once the server is gone. Before the
		 * crash every request must get the answer it expects; after it, only a dead connection
		 * (or an answer the server still sent) can come back.
		 */
		const expectAnswer = (label: string, response: Response | null, status: number) => {
			if (response?.status === status) return true
			if (response === null && killed) return false
			problems.push(
				`${label}: ${response === null ? 'the connection died before the crash' : `status ${response.status}`}`,
			)
			return false
		}

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
				if (!expectAnswer(`user ${index} generation`, generated, 302)) return
				const batch = /lote=([\w-]+)/.exec(generated?.headers.get('location') ?? '')?.[1]
				if (!batch) {
					problems.push(
						`user ${index} generation: no batch in ${generated?.headers.get('location')}`,
					)
					return
				}
				for (let position = 0; position < 12 && !killed; position++) {
					const content = `Frase ${index}-${round}-${position} guardada antes del fallo`
					const edited = await post(
						app,
						'/facebook',
						{ intent: 'update-phrase', batch, position: String(position), content },
						user.cookie,
					)
					if (!expectAnswer(`user ${index} edit`, edited, 302)) return
					const saved = await post(
						app,
						'/facebook',
						{ intent: 'save-phrase', batch, position: String(position) },
						user.cookie,
					)
					if (!expectAnswer(`user ${index} save`, saved, 302)) return
					acknowledged.get(user.email)?.push(content)
					if (++total >= SAVES_BEFORE_CRASH) enough()
				}
			}
		})
		// The crash comes once enough saves were acknowledged (however slow the machine is),
		// while the other users still have requests in flight. Should every user stop first,
		// the problems below say why.
		await Promise.race([reachedEnough, Promise.all(work)])
		killed = true
		app.child.kill('SIGKILL')
		await app.exited
		await Promise.all(work)
		expect(problems, 'every request before the crash was answered as expected').toEqual([])
		expect(total, 'saves acknowledged before the crash').toBeGreaterThanOrEqual(SAVES_BEFORE_CRASH)
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

/**
 * The fake Gemini behind a gate: every call is held until `open()`, so a generation stays in
 * flight for exactly as long as the test needs, however slow the machine is.
 */
async function gatedProvider(target: string) {
	const held: Array<() => void> = []
	let opened = false
	const server = createServer((req, res) => {
		const forward = async () => {
			const chunks: Buffer[] = []
			for await (const chunk of req) chunks.push(chunk as Buffer)
			const headers = new Headers()
			for (const [name, value] of Object.entries(req.headers)) {
				if (typeof value === 'string' && name !== 'host' && name !== 'content-length') {
					headers.set(name, value)
				}
			}
			const answer = await fetch(`${target}${req.url}`, {
				method: req.method,
				headers,
				body: chunks.length ? Buffer.concat(chunks) : undefined,
			})
			res.writeHead(answer.status, { 'content-type': 'application/json' })
			res.end(Buffer.from(await answer.arrayBuffer()))
		}
		const go = () => void forward().catch(() => res.destroy())
		if (opened) go()
		else held.push(go)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}`,
		held: () => held.length,
		open() {
			opened = true
			for (const go of held.splice(0)) go()
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

/** Whether a new TCP connection to the port is refused (nobody listens any more). */
function refusesConnections(port: number) {
	return new Promise<boolean>((resolve) => {
		const socket = connect(port, '127.0.0.1', () => {
			socket.destroy()
			resolve(false)
		})
		socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
	})
}

test('on SIGTERM the server finishes the requests in flight, refuses new ones, and exits', async () => {
	test.setTimeout(60_000)
	const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-sigterm-'))
	const gemini = await startFakeGemini()
	// Provider calls wait at the gate until the test has seen the server refuse newcomers.
	const gate = await gatedProvider(gemini.url)
	try {
		const app = await startApp(dataDir, {
			GEMINI_API_KEY: FAKE_GEMINI_KEY,
			GEMINI_BASE_URL: gate.url,
		})
		let settled = 0
		const inFlight = [1, 2, 3].map(() =>
			post(app, '/?index', { intent: 'generate', prompt: 'la despedida', count: '2' }).finally(
				() => settled++,
			),
		)
		await expect.poll(() => gate.held(), { timeout: 20_000 }).toBe(3)
		app.child.kill('SIGTERM')
		// No new connections once the signal arrived, while the three are still held. (The
		// wait ends well before the server's own 10-second safety net would end the process.)
		await expect
			.poll(() => refusesConnections(app.port), {
				message: 'new connections are refused after SIGTERM',
				timeout: 8_000,
			})
			.toBe(true)
		expect(settled, 'the generations are still in flight').toBe(0)
		expect(app.child.exitCode, 'still running while work is in flight').toBeNull()

		gate.open()
		for (const response of await Promise.all(inFlight)) {
			expect(response?.status, 'the generation in flight completed').toBe(302)
			expect(response?.headers.get('location')).toMatch(/\?lote=/)
			await response?.body?.cancel()
		}
		// A clean exit (0) comes only once every connection closed; the server's own
		// 10-second safety net would exit with 1.
		expect(await app.exited, 'the process exits on its own once the work is done').toBe(0)
	} finally {
		await gate.close()
		await gemini.close()
		rmSync(dataDir, { recursive: true, force: true })
	}
})
