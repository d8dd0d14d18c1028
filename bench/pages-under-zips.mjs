// Does the one process keep answering while cards are drawn? In one run against the
// production build, side by side:
// - /healthcheck (the machine's floor) and the anonymous home page, alternating on one
//   connection: p50, p95 and the slowest request, first idle, then while 16 visitors from
//   different addresses (TRUST_PROXY=1, X-Forwarded-For) download 30 distinct ZIPs that
//   are not cached (every size drawn);
// - the ZIPs' answers and times, and the process's resident memory (its peak, VmHWM,
//   includes the render workers: they are threads of the same process).
// Targets (issue "Render workers"): under load the slowest /healthcheck and home page stay
// within a small multiple of idle (under 500 ms); idle home p50 at most 3x /healthcheck's.
// BUILD_DIR picks the build (compare two builds by running this once for each);
// BENCH_PORT the port; CARD_RENDER_CONCURRENCY and the rest of the environment pass on.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { tsImport } from 'tsx/esm/api'
import { percentile, startApp } from './lib.mjs'

const CLIENTS = 16
const ZIPS = 30
const IDLE_ROUNDS = 300

const { signCardPath } = await tsImport('../app/cards/url-signature.server.ts', import.meta.url)
const secret = randomBytes(24).toString('base64url')
const app = await startApp({
	port: Number(process.env.BENCH_PORT ?? 3989),
	env: { SESSION_SECRET: secret, TRUST_PROXY: '1' },
})

/** Resident memory of the app's process, in MB: now, and its peak so far. */
function memory() {
	const status = readFileSync(`/proc/${app.pid}/status`, 'utf8')
	const field = (name) =>
		Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024
	return { rss: field('VmRSS'), peak: field('VmHWM') }
}

async function timed(path, headers) {
	const start = performance.now()
	const response = await fetch(`${app.origin}${path}`, { headers })
	await response.arrayBuffer()
	if (!response.ok) throw new Error(`${path}: ${response.status}`)
	return performance.now() - start
}

/** /healthcheck and / alternately, `rounds` times or until `until()` says stop. */
async function probe({ rounds = Infinity, until = () => false } = {}) {
	const samples = { '/healthcheck': [], '/': [] }
	for (let round = 0; round < rounds && !until(); round++) {
		for (const path of Object.keys(samples)) samples[path].push(await timed(path))
	}
	return samples
}

function summary(values) {
	const sorted = [...values].sort((a, b) => a - b)
	const f = (value) => `${value.toFixed(1)} ms`
	return {
		p50: sorted.length ? percentile(sorted, 50) : NaN,
		text: sorted.length
			? `p50 ${f(percentile(sorted, 50))}, p95 ${f(percentile(sorted, 95))}, max ${f(sorted.at(-1))} (${sorted.length})`
			: 'no samples',
	}
}

const zipPath = (seed) =>
	signCardPath(
		'/tarjetas/todas.zip',
		new URLSearchParams({
			t: 'La calma del mar te recuerda que cada ola llega a su tiempo: respira y sigue.',
			sd: String(seed),
			v: '3',
		}),
		secret,
	)

try {
	const load = [loadavg()[0]]
	await probe({ rounds: 30 }) // warm-up
	const startMemory = memory()
	const idle = await probe({ rounds: IDLE_ROUNDS })

	// 16 visitors, each from its own address, take the next of 30 ZIPs until none is left.
	const firstSeed = 1 + Math.floor(Math.random() * 1e6)
	let next = 0
	let done = false
	const zips = []
	const visitors = Array.from({ length: CLIENTS }, async (_, client) => {
		const headers = { 'x-forwarded-for': `198.51.100.${client + 1}` }
		while (next < ZIPS) {
			const seed = firstSeed + next++
			const start = performance.now()
			const response = await fetch(`${app.origin}${zipPath(seed)}`, { headers })
			const bytes = (await response.arrayBuffer()).byteLength
			zips.push({ status: response.status, ms: performance.now() - start, bytes })
		}
	})
	let peakRss = 0
	const sampler = setInterval(() => (peakRss = Math.max(peakRss, memory().rss)), 50)
	const loadStart = performance.now()
	const busy = probe({ until: () => done })
	await Promise.all(visitors)
	const wall = performance.now() - loadStart
	done = true
	const underLoad = await busy
	clearInterval(sampler)
	const endMemory = memory()
	load.push(loadavg()[0])

	console.log(`Pages while ZIPs are drawn (build: ${process.env.BUILD_DIR ?? 'build'})`)
	console.log(
		`  CARD_RENDER_CONCURRENCY=${process.env.CARD_RENDER_CONCURRENCY ?? 'default'}, machine load average ${load.map((value) => value.toFixed(1)).join(' → ')}`,
	)
	for (const [label, path] of [
		['/healthcheck', '/healthcheck'],
		['/ (anonymous)', '/'],
	]) {
		console.log(`  ${label}`)
		console.log(`    idle:             ${summary(idle[path]).text}`)
		console.log(`    under ZIP load:   ${summary(underLoad[path]).text}`)
	}
	const ratio = summary(idle['/']).p50 / summary(idle['/healthcheck']).p50
	console.log(`  Idle home p50 / healthcheck p50: ${ratio.toFixed(2)}x  (target at most 3x)`)
	const statuses = {}
	for (const zip of zips) statuses[zip.status] = (statuses[zip.status] ?? 0) + 1
	const served = zips.filter((zip) => zip.status === 200)
	console.log(
		`  ZIPs: ${zips.length} asked by ${CLIENTS} visitors, answers ${JSON.stringify(statuses)}; served ones ${summary(served.map((zip) => zip.ms)).text}; all done in ${(wall / 1000).toFixed(1)} s`,
	)
	console.log(
		`  Memory (RSS): ${startMemory.rss.toFixed(0)} MB idle, ${peakRss.toFixed(0)} MB highest sampled under load, ${endMemory.peak.toFixed(0)} MB peak (VmHWM), ${endMemory.rss.toFixed(0)} MB after`,
	)
} finally {
	await app.stop()
}
