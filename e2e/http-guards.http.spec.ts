/**
 * The HTTP server's guards (server/index.js), each attacked over real HTTP:
 * - a forged Host header never reaches an e-mailed link (reset-link poisoning);
 * - a huge chunked body is refused with a 413 the moment it crosses the cap, and the
 *   server's memory stays flat;
 * - slow uploads that never finish hold a bounded share of memory per address, and a body
 *   that stops arriving is closed with a 408;
 * - a forged X-Forwarded-For is ignored unless TRUST_PROXY says a proxy is there;
 * - a cross-site write is refused with a 403, whatever header gives it away;
 * - static files carry the security headers too.
 * Instances with other settings are started by this spec on fresh data folders.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { BODIES_IN_FLIGHT, BODY_TIMEOUTS } from '../app/utils/form-data.server'
import { baseURL } from '../playwright.config'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { PASSWORD, randomIp, uniqueEmail, waitForMail } from './auth-helpers'
import { expect, fromOurPages, test } from './fixtures'
import { postStreaming, stalledUpload } from './http-client'

type Reply = {
	status: number
	headers: Record<string, string | string[] | undefined>
	text: string
}

/** A raw HTTP request: unlike fetch, it lets the test forge the Host header. */
function send(
	origin: string,
	pathname: string,
	{
		method = 'POST',
		headers = {},
		body,
	}: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
	const url = new URL(pathname, origin)
	return new Promise((resolve, reject) => {
		const request = httpRequest(
			{ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
			(response) => {
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () =>
					resolve({
						status: response.statusCode ?? 0,
						headers: response.headers,
						text: Buffer.concat(chunks).toString('utf8'),
					}),
				)
			},
		)
		request.on('error', reject)
		request.end(body)
	})
}

const form = (fields: Record<string, string>) => ({
	'content-type': 'application/x-www-form-urlencoded',
	body: new URLSearchParams(fields).toString(),
})

async function register(origin: string, email: string, headers: Record<string, string> = {}) {
	const { body, ...formHeaders } = form({
		name: 'Víctima',
		email,
		password: PASSWORD,
		confirmPassword: PASSWORD,
		sitio_web_empresa: '',
	})
	const reply = await send(origin, '/register', {
		headers: { ...formHeaders, origin, ...headers },
		body,
	})
	expect(reply.status, 'registered').toBe(302)
}

test('a forged Host never reaches the reset link: it points at APP_URL', async () => {
	const email = uniqueEmail('poison')
	const ip = randomIp()
	await register(baseURL, email, { 'x-forwarded-for': ip })

	const { body, ...formHeaders } = form({ email, sitio_web_empresa: '' })
	// The attacker's request: the victim's address, a Host of theirs, and an Origin that
	// matches that Host (what a script, not a browser, can send).
	const forgedOrigin = await send(baseURL, '/forgot-password', {
		headers: {
			...formHeaders,
			host: 'evil.example',
			origin: 'http://evil.example',
			'x-forwarded-for': ip,
		},
		body,
	})
	expect(forgedOrigin.status).toBe(403)

	const forgedHost = await send(baseURL, '/forgot-password', {
		headers: {
			...formHeaders,
			host: 'evil.example',
			'x-forwarded-host': 'evil.example',
			origin: baseURL,
			'x-forwarded-for': ip,
		},
		body,
	})
	expect(forgedHost.status).toBeLessThan(400)
	// The registration sent a confirmation first; the reset mail is the second.
	const mail = await waitForMail(email, 2)
	expect(mail.text).toContain(`${baseURL}/reset-password?token=`)
	expect(mail.text + mail.html).not.toContain('evil.example')
})

test.describe('an instance without APP_URL, directly on the network', () => {
	let app: Awaited<ReturnType<typeof startBuiltApp>>
	let dataDir: string

	test.beforeAll(async () => {
		dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-guards-'))
		app = await startBuiltApp({
			dataDir,
			// No APP_URL, no proxy: what a self-hoster gets by default.
			env: { APP_URL: '', TRUST_PROXY: '0', AUTH_RATE_LIMIT: '3' },
		})
	})
	test.afterAll(async () => {
		await app?.stop()
		rmSync(dataDir, { recursive: true, force: true })
	})

	test('links point at http://localhost:PORT, whatever Host the request carried', async () => {
		const email = uniqueEmail('poison-default')
		await register(app.origin, email, { 'x-forwarded-for': randomIp() })
		const { body, ...formHeaders } = form({ email, sitio_web_empresa: '' })
		// Without APP_URL the site's origin is the request's own, so a forged Host with a
		// matching Origin passes the same-origin check; the link must still be ours.
		const reply = await send(app.origin, '/forgot-password', {
			headers: { ...formHeaders, host: 'evil.example', origin: 'http://evil.example' },
			body,
		})
		expect(reply.status).toBeLessThan(400)
		const outbox = path.join(dataDir, 'outbox')
		let mails: string[] = []
		await expect
			.poll(
				() =>
					(mails = (existsSync(outbox) ? readdirSync(outbox) : []).map((name) =>
						readFileSync(path.join(outbox, name), 'utf8'),
					)).length,
			)
			.toBeGreaterThanOrEqual(2)
		const reset = mails.find((mail) => mail.includes('/reset-password?token='))
		expect(reset, 'a reset mail').toBeTruthy()
		expect(reset).toContain(`http://localhost:${app.port}/reset-password?token=`)
		expect(reset).not.toContain('evil.example')
	})

	test('a forged X-Forwarded-For is ignored: every attempt counts against the real address', async () => {
		const statuses: number[] = []
		for (let attempt = 0; attempt < 4; attempt++) {
			const { body, ...formHeaders } = form({
				email: uniqueEmail(`xff-${attempt}`),
				password: 'incorrecta',
				sitio_web_empresa: '',
			})
			const reply = await send(app.origin, '/login', {
				headers: {
					...formHeaders,
					origin: app.origin,
					'x-forwarded-for': randomIp(),
					'x-real-ip': randomIp(),
				},
				body,
			})
			statuses.push(reply.status)
		}
		// AUTH_RATE_LIMIT=3 a minute per address: the fourth is refused although each
		// attempt claimed another address.
		expect(statuses).toEqual([400, 400, 400, 429])
	})

	test('a LAN self-hoster without APP_URL can still post from the page', async () => {
		const { body, ...formHeaders } = form({ theme: 'dark', redirectTo: '/about' })
		const reply = await send(app.origin, '/resources/theme', {
			headers: { ...formHeaders, origin: app.origin },
			body,
		})
		expect(reply.status).toBe(302)
		expect(reply.headers.location).toBe('/about')
	})
})

/** The resident memory of a process, in bytes (Linux). */
function rssOf(pid: number | undefined) {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8')
	return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024
}

test('a 300 MB chunked body is refused as soon as it crosses the cap, and memory stays flat', async () => {
	test.setTimeout(60_000)
	const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-body-'))
	const app = await startBuiltApp({ dataDir })
	const rss = () => rssOf(app.child.pid)
	try {
		// Warm up (first requests compile and allocate), then measure.
		await fetch(`${app.origin}/`)
		const before = rss()
		const url = new URL('/?index&_tarjeta=gusta&n=1', app.origin)
		const reply = await postStreaming(
			url,
			{ origin: app.origin, 'content-type': 'application/x-www-form-urlencoded' },
			{ chunked: 300 * 1024 * 1024 },
			1024 * 1024,
		)
		const written = reply.sent
		expect(reply.status).toBe(413)
		expect(reply.text).toContain('demasiado grande')
		// Answered long before 300 MB went through (the cap is 256 KB; socket buffers add some).
		expect(written, 'bytes sent before the answer').toBeLessThan(32 * 1024 * 1024)
		expect(rss() - before, 'memory growth').toBeLessThan(40 * 1024 * 1024)
		// And the server is fine.
		expect((await fetch(`${app.origin}/healthcheck`)).status).toBe(200)
	} finally {
		await app.stop()
		rmSync(dataDir, { recursive: true, force: true })
	}
})

test.describe('slow unfinished uploads', () => {
	const MB = 1024 * 1024
	let app: Awaited<ReturnType<typeof startBuiltApp>>
	let dataDir: string

	test.beforeAll(async () => {
		dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-slow-'))
		// Behind one proxy, so each test's connections come from an address of its own.
		app = await startBuiltApp({ dataDir, env: { TRUST_PROXY: '1' } })
	})
	test.afterAll(async () => {
		await app?.stop()
		rmSync(dataDir, { recursive: true, force: true })
	})

	test('from one address, they are refused past its share and memory stays flat', async () => {
		test.setTimeout(90_000)
		const url = new URL('/?index', app.origin)
		const ip = randomIp()
		const headers = { origin: app.origin, 'x-forwarded-for': ip }
		for (let i = 0; i < 3; i++) await fetch(`${app.origin}/`)
		const before = rssOf(app.child.pid)
		// 20 uploads of 15 MB that never finish: 300 MB if the server kept them all.
		const uploads = await Promise.all(
			Array.from({ length: 20 }, () => stalledUpload(url, headers, 15 * MB)),
		)
		const waiting = uploads.filter((upload) => upload.status === 0 && !upload.closed)
		const refused = uploads.filter((upload) => upload.status !== 0)
		await Promise.all(refused.map((upload) => upload.settled))
		try {
			// A real upload still gets in; the rest are answered at once, with the reason.
			expect(waiting.length, 'uploads let in').toBeGreaterThanOrEqual(1)
			expect(waiting.length * 15 * MB).toBeLessThanOrEqual(BODIES_IN_FLIGHT.perAddress)
			expect(refused).toHaveLength(uploads.length - waiting.length)
			for (const upload of refused) {
				expect(upload.status).toBe(429)
				expect(upload.text).toContain('Ya hay demasiados envíos en curso desde tu conexión')
				// Refused before its body was read: far less than the 15 MB went out.
				expect(upload.sent).toBeLessThan(8 * MB)
			}
			expect(rssOf(app.child.pid) - before, 'memory growth').toBeLessThan(
				BODIES_IN_FLIGHT.perAddress + 32 * MB,
			)
			// Another address is not held back by this one, and the server answers.
			const other = await stalledUpload(url, { ...headers, 'x-forwarded-for': randomIp() }, MB)
			expect(other.status, 'another address gets in').toBe(0)
			other.destroy()
			expect((await fetch(`${app.origin}/healthcheck`)).status).toBe(200)
		} finally {
			for (const upload of uploads) upload.destroy()
		}
		// Once they are gone, their share is free again.
		await expect
			.poll(async () => {
				const again = await stalledUpload(url, headers, MB)
				again.destroy()
				return again.status
			})
			.toBe(0)
	})

	test('an upload that stops arriving is closed with a 408 and the reason', async () => {
		test.setTimeout(BODY_TIMEOUTS.idleMs + 30_000)
		const url = new URL('/?index', app.origin)
		const headers = { origin: app.origin, 'x-forwarded-for': randomIp() }
		const started = Date.now()
		const upload = await stalledUpload(url, headers, 100 * 1024)
		const timedOut = new Promise<'no answer'>((resolve) =>
			setTimeout(() => resolve('no answer'), BODY_TIMEOUTS.idleMs + 15_000),
		)
		try {
			expect(await Promise.race([upload.settled, timedOut])).not.toBe('no answer')
			expect(upload.status).toBe(408)
			expect(upload.text).toContain('El envío se ha detenido')
			expect(Date.now() - started).toBeGreaterThanOrEqual(BODY_TIMEOUTS.idleMs - 1000)
		} finally {
			upload.destroy()
		}
	})
})

test.describe('cross-site writes are refused with a 403', () => {
	const writes: Array<{ path: string; fields: Record<string, string> }> = [
		{ path: '/login', fields: { email: 'a@frasea.test', password: 'x' } },
		{ path: '/register', fields: { name: 'x', email: 'b@frasea.test', password: PASSWORD } },
		{ path: '/forgot-password', fields: { email: 'c@frasea.test' } },
		{ path: '/logout', fields: {} },
		{ path: '/resources/theme', fields: { theme: 'dark', redirectTo: '/' } },
		{ path: '/?index', fields: { intent: 'generate', prompt: 'csrf', count: '1' } },
		{ path: '/tarjetas/no-existe', fields: {} },
	]
	const attacks: Array<[string, Record<string, string>]> = [
		['another Origin', { origin: 'https://evil.example' }],
		['Origin null', { origin: 'null' }],
		['an Origin matching a forged Host', { origin: 'http://evil.example', host: 'evil.example' }],
		['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
		['a foreign Referer only', { referer: 'https://evil.example/page' }],
		['no origin information at all', {}],
	]
	for (const [label, headers] of attacks) {
		test(label, async () => {
			for (const write of writes) {
				const { body, ...formHeaders } = form(write.fields)
				const reply = await send(baseURL, write.path, {
					headers: { ...formHeaders, ...headers },
					body,
				})
				expect(reply.status, `${write.path}`).toBe(403)
				expect(reply.text, `${write.path}`).toContain('no se ha enviado desde Frasea')
			}
		})
	}

	test('the same writes from our own pages pass the check', async () => {
		const passing: Array<Record<string, string>> = [
			fromOurPages,
			{ 'sec-fetch-site': 'same-origin' },
			{ referer: `${baseURL}/login` },
		]
		for (const headers of passing) {
			const { body, ...formHeaders } = form({ theme: 'light', redirectTo: '/' })
			const reply = await send(baseURL, '/resources/theme', {
				headers: { ...formHeaders, ...headers },
				body,
			})
			expect(reply.status).toBe(302)
		}
	})
})

test('static files carry the security headers', async () => {
	const html = await (await fetch(`${baseURL}/about`)).text()
	const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0]
	expect(asset, 'a script asset on the page').toBeTruthy()
	for (const file of ['/favicon.ico', asset as string]) {
		const response = await fetch(`${baseURL}${file}`)
		expect(response.status, file).toBe(200)
		expect(response.headers.get('x-content-type-options'), file).toBe('nosniff')
		expect(response.headers.get('content-security-policy'), file).toContain(
			"frame-ancestors 'none'",
		)
		expect(response.headers.get('x-frame-options'), file).toBe('DENY')
		expect(response.headers.get('cross-origin-resource-policy'), file).toBe('same-origin')
	}
	const immutable = await fetch(`${baseURL}${asset}`)
	expect(immutable.headers.get('cache-control')).toContain('immutable')
})

test('a write answered without reading its body leaves the connection fit for the next request', async () => {
	// One kept-alive connection for both requests, as a browser would reuse it.
	const agent = new Agent({ keepAlive: true, maxSockets: 1 })
	const url = new URL(baseURL)
	const ask = (method: string, pathname: string, body?: Buffer) =>
		new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
			const request = httpRequest(
				{
					agent,
					host: url.hostname,
					port: url.port,
					path: pathname,
					method,
					headers: body
						? { ...fromOurPages, 'content-type': 'application/x-www-form-urlencoded' }
						: {},
				},
				(response) => {
					response.resume()
					response.on('end', () =>
						resolve({ status: response.statusCode ?? 0, socket: request.socket }),
					)
				},
			)
			request.on('error', reject)
			request.end(body)
		})
	try {
		// A guest posting to a signed-in page is redirected before the body is read.
		const first = await ask('POST', '/dashboard/no-existe', Buffer.alloc(200 * 1024, 0x61))
		expect(first.status).toBe(302)
		const second = await ask('GET', '/healthcheck')
		expect(second.status).toBe(200)
		expect(second.socket, 'the same connection served both').toBe(first.socket)
	} finally {
		agent.destroy()
	}
})
