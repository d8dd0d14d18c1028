// Generation: the server's own time per generation (p50/p95, sequential) and sustained
// generations per second under concurrent load (autocannon), against a zero-latency fake
// Gemini server on loopback. Target (issue "Phrase generation"): p50 under 15 ms.
import autocannon from 'autocannon'
import { GENERATION_FORM, ms, startApp, startFakeGemini, timeSequential } from './lib.mjs'

const fakePort = 4399
const fake = await startFakeGemini(fakePort)

const app = await startApp({
	env: {
		...fake.env,
		GENERATION_DAILY_LIMIT_ANON: '1000000',
		GENERATION_DAILY_LIMIT_IP: '1000000',
	},
})
const body = GENERATION_FORM
const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: app.origin }

try {
	const sequential = await timeSequential(
		async () => {
			const response = await fetch(`${app.origin}/?index`, {
				method: 'POST',
				body,
				headers,
				redirect: 'manual',
			})
			if (response.status !== 302) throw new Error(`Unexpected status ${response.status}`)
			await response.arrayBuffer()
		},
		{ count: 300, warmup: 30 },
	)
	const load = await autocannon({
		url: `${app.origin}/?index`,
		method: 'POST',
		headers,
		body,
		connections: 8,
		duration: 10,
	})
	const redirects = load['3xx'] ?? 0
	console.log('Generation (POST / with a zero-latency fake Gemini)')
	console.log(
		`  Server time over ${sequential.count} sequential generations: p50 ${ms(sequential.p50)}, p95 ${ms(sequential.p95)}  (target p50 < 15 ms)`,
	)
	console.log(
		`  Under load (autocannon, 8 connections, 10 s): ${load.requests.average.toFixed(0)} generations/s, latency p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, ${redirects} completed, ${load.errors} errors, ${load.non2xx - redirects} unexpected statuses`,
	)
	if (load.errors > 0 || load.non2xx !== redirects) process.exitCode = 1
} finally {
	await app.stop()
	fake.stop()
}
