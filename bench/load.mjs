// Load: four kinds of traffic at once against the built app on loopback, for a bounded time
// (LOAD_SECONDS, default 10): the home page, generations against a zero-latency fake
// Gemini, image cards drawn from scratch (a new seed each request, so nothing comes from
// the cache) and a signed-in user's dashboard. Reports throughput, p50/p99 latency and
// errors per target; any error or unexpected status fails the run (exit code 1).
// The app runs as behind one reverse proxy (TRUST_PROXY=1) and every card request comes
// from another address, as real visitors would: one address alone would meet its per-minute
// render allowance. Card URLs are signed as the pages sign them.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import autocannon from 'autocannon'
import { tsImport } from 'tsx/esm/api'
import { GENERATION_FORM, startApp, startFakeGemini } from './lib.mjs'

const { signCardPath } = await tsImport('../app/cards/url-signature.server.ts', import.meta.url)
const secret = randomBytes(24).toString('base64url')

const seconds = Number(process.env.LOAD_SECONDS ?? 10)
const fakePort = Number(process.env.BENCH_FAKE_PORT ?? 4398)

const fake = await startFakeGemini(fakePort)

const app = await startApp({
	port: Number(process.env.BENCH_PORT ?? 3995),
	env: {
		...fake.env,
		GENERATION_DAILY_LIMIT_ANON: '1000000',
		GENERATION_DAILY_LIMIT_USER: '1000000',
		SESSION_SECRET: secret,
		TRUST_PROXY: '1',
		GENERATION_DAILY_LIMIT_IP: '1000000',
	},
})

/** A user for the dashboard, registered through the real form. */
async function sessionCookie() {
	const password = 'contraseña segura 2026'
	const response = await fetch(`${app.origin}/register`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.origin },
		body: new URLSearchParams({
			name: 'Carga',
			email: `load-${Date.now().toString(36)}@frasea.test`,
			password,
			confirmPassword: password,
		}),
	})
	const cookie = response.headers
		.getSetCookie()
		.map((value) => value.split(';')[0])
		.find((value) => value?.startsWith('fr_session='))
	if (!cookie) throw new Error(`Registration failed (${response.status})`)
	return cookie
}

// The card route belongs to the "Image cards" work; without it the card target is skipped.
const hasCards = existsSync('app/routes/tarjetas.imagen[.]jpg.tsx')
const cardText =
	'La calma del mar te recuerda que cada ola llega a su tiempo: respira, confía y sigue adelante.'
let seed = 0

const targets = [
	{ name: 'Home page (GET /)', path: '/', connections: 3, expect: '2xx' },
	{
		name: 'Generation (POST /, fake Gemini)',
		path: '/?index',
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.origin },
		body: GENERATION_FORM,
		connections: 3,
		expect: '3xx',
	},
	hasCards && {
		name: 'Card render (GET /tarjetas/imagen.jpg)',
		path: '/tarjetas/imagen.jpg',
		connections: 2,
		expect: '2xx',
		setupRequest: (request) => ({
			...request,
			path: signCardPath(
				'/tarjetas/imagen.jpg',
				new URLSearchParams({ t: cardText, sd: String(++seed), v: '3' }),
				secret,
			),
			headers: { ...request.headers, 'x-forwarded-for': `198.51.100.${seed % 250}` },
		}),
	},
	{
		name: 'Dashboard (GET /dashboard, signed in)',
		path: '/dashboard',
		headers: { cookie: await sessionCookie() },
		connections: 2,
		expect: '2xx',
	},
].filter(Boolean)

let failed = false
try {
	const results = await Promise.all(
		targets.map((target) =>
			autocannon({
				url: `${app.origin}${target.path}`,
				method: target.method ?? 'GET',
				headers: target.headers,
				body: target.body,
				connections: target.connections,
				duration: seconds,
				requests: target.setupRequest ? [{ setupRequest: target.setupRequest }] : undefined,
			}),
		),
	)
	const connections = targets.reduce((sum, target) => sum + target.connections, 0)
	console.log(
		`Load (autocannon, ${targets.length} targets at once, ${connections} connections, ${seconds} s, loopback)`,
	)
	results.forEach((result, index) => {
		const target = targets[index]
		const expected = result[target.expect] ?? 0
		const unexpected = result.requests.total - expected
		const errors = result.errors + result.timeouts
		if (errors > 0 || unexpected > 0 || result.requests.total === 0) failed = true
		console.log(
			`  ${target.name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests, ${errors} errors, ${unexpected} unexpected statuses`,
		)
	})
	if (!hasCards) console.log('  Card render: skipped (no card route in this build)')
} finally {
	await app.stop()
	fake.stop()
}
if (failed) {
	console.error('Load: errors or unexpected statuses (see above).')
	process.exitCode = 1
}
