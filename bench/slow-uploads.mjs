// Slow unfinished uploads: many multipart posts from one address that each send most of a
// large image and then stall, never finishing. Reports the app process's resident memory
// before, while they hang and after they are gone, and what each connection was answered.
// The app runs behind one proxy (TRUST_PROXY=1), so the connections can claim addresses.
//
//   node bench/slow-uploads.mjs            60 connections × 15 MB from one address
//   SLOW_UPLOADS=20 SLOW_UPLOAD_MB=10 node bench/slow-uploads.mjs
//   SLOW_UPLOAD_ADDRESSES=60 node bench/slow-uploads.mjs     each from an address of its own
//
// Fails (exit code 1) when the stalled uploads grow the process by more than the bodies
// the server lets in at once (BODIES_IN_FLIGHT: the addresses' shares, within the process
// total) plus 32 MB.
import { readFileSync } from 'node:fs'
import { tsImport } from 'tsx/esm/api'
import { startApp } from './lib.mjs'

const { stalledUpload } = await tsImport('../e2e/http-client.ts', import.meta.url)
const { BODIES_IN_FLIGHT } = await tsImport('../app/utils/form-data.server.ts', import.meta.url)

const connections = Number(process.env.SLOW_UPLOADS ?? 60)
const megabytes = Number(process.env.SLOW_UPLOAD_MB ?? 15)
const addresses = Number(process.env.SLOW_UPLOAD_ADDRESSES ?? 1)
const maxGrowth =
	Math.min(addresses * BODIES_IN_FLIGHT.perAddress, BODIES_IN_FLIGHT.perProcess) + 32 * 1024 * 1024

const app = await startApp({
	port: Number(process.env.BENCH_PORT ?? 3994),
	env: { TRUST_PROXY: '1' },
})
const rss = () =>
	Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${app.pid}/status`, 'utf8'))?.[1]) * 1024
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

try {
	// Warm up (the first requests compile and allocate), then measure.
	for (let i = 0; i < 3; i++) await fetch(`${app.origin}/`)
	await sleep(500)
	const before = rss()
	const started = performance.now()
	const url = new URL('/?index', app.origin)
	const uploads = await Promise.all(
		Array.from({ length: connections }, (_, index) =>
			stalledUpload(
				url,
				{ origin: app.origin, 'x-forwarded-for': `198.51.100.${(index % addresses) + 1}` },
				megabytes * 1024 * 1024,
			),
		),
	)
	const seconds = ((performance.now() - started) / 1000).toFixed(1)
	await sleep(2000)
	const during = rss()
	const answers = new Map()
	for (const upload of uploads) {
		const key = upload.status ? String(upload.status) : upload.closed ? 'closed' : 'hanging'
		answers.set(key, (answers.get(key) ?? 0) + 1)
	}
	const waiting = uploads.filter((upload) => !upload.status && !upload.closed)
	const sent = waiting.reduce((sum, upload) => sum + upload.sent, 0)
	const health = (await fetch(`${app.origin}/healthcheck`)).status
	for (const upload of uploads) upload.destroy()
	await sleep(3000)
	const after = rss()
	const refusal = uploads.find((upload) => upload.text)?.text
	const from = addresses === 1 ? 'one address' : `${addresses} addresses`
	console.log(`Slow unfinished uploads: ${connections} × ${megabytes} MB from ${from}`)
	console.log(
		`  sent by the ${waiting.length} still waiting: ${mb(sent)} (all out in ${seconds} s)`,
	)
	console.log(`  answers: ${[...answers].map(([key, count]) => `${key} × ${count}`).join(', ')}`)
	if (refusal) console.log(`  a refusal says: ${JSON.stringify(refusal.slice(0, 160))}`)
	console.log(
		`  RSS before: ${mb(before)}, while they hang: ${mb(during)} (+${mb(during - before)}), ` +
			`3 s after they are gone: ${mb(after)}`,
	)
	console.log(`  /healthcheck while they hung: ${health}`)
	if (during - before > maxGrowth) {
		console.log(`  FAIL: memory grew by more than ${mb(maxGrowth)}`)
		process.exitCode = 1
	}
} finally {
	await app.stop()
}
