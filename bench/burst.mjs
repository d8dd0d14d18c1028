// Does the one process keep answering while cards are drawn? In one run against the
// production build, side by side:
// - /healthcheck (the machine's floor) and the anonymous home page, alternating on one
//   connection: p50, p95 and the slowest request, first idle, then while 16 visitors from
//   different addresses (TRUST_PROXY=1, X-Forwarded-For) download 30 distinct ZIPs that
//   are not cached (every size drawn);
// - the ZIPs' answers (served, refused) and times, the main thread's event-loop delay
//   (bench/loop-delay-probe.mjs, preloaded into the app) and the process's resident memory
//   (its peak, VmHWM, includes the render workers: they are threads of the same process).
// Targets: during the burst the slowest /healthcheck at most max(250 ms, 10x its idle p95)
// and the slowest home page max(500 ms, 10x its idle p95), their p95s within 5x and 4x of
// idle; idle home p50 at most 3x /healthcheck's. Each is printed with its verdict.
// BUILD_DIR picks the build (compare two builds by running this once for each);
// BENCH_PORT the port; CARD_RENDER_CONCURRENCY and the rest of the environment pass on.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { percentile, probePages, startApp } from './lib.mjs'

const CLIENTS = 16
const ZIPS = 30
const IDLE_ROUNDS = 300

const { signCardPath } = await tsImport('../app/cards/url-signature.server.ts', import.meta.url)
const secret = randomBytes(24).toString('base64url')
const probeDir = mkdtempSync(path.join(tmpdir(), 'frasea-burst-'))
const loopDelayFile = path.join(probeDir, 'loop-delay.json')
const probeModule = fileURLToPath(new URL('./loop-delay-probe.mjs', import.meta.url))
const app = await startApp({
	port: Number(process.env.BENCH_PORT ?? 3989),
	env: {
		SESSION_SECRET: secret,
		TRUST_PROXY: '1',
		BENCH_LOOP_DELAY_FILE: loopDelayFile,
		NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${probeModule}`.trim(),
	},
})

/** Starts a new event-loop measurement in the app (see bench/loop-delay-probe.mjs). */
async function resetLoopDelay() {
	writeFileSync(`${loopDelayFile}.reset`, '')
	await readLoopDelay()
}

/** The app's event-loop delay since the last reset, once its probe has written it again. */
async function readLoopDelay() {
	const asked = Date.now()
	for (;;) {
		await sleep(50)
		let written = 0
		try {
			written = statSync(loopDelayFile).mtimeMs
		} catch {
			continue
		}
		if (written > asked + 100) return JSON.parse(readFileSync(loopDelayFile, 'utf8'))
	}
}

/** Resident memory of the app's process, in MB: now, and its peak so far. */
function memory() {
	const status = readFileSync(`/proc/${app.pid}/status`, 'utf8')
	const field = (name) =>
		Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024
	return { rss: field('VmRSS'), peak: field('VmHWM') }
}

const probe = (options) => probePages(app.origin, options)

function summary(values) {
	const sorted = [...values].sort((a, b) => a - b)
	const f = (value) => `${value.toFixed(1)} ms`
	return {
		p50: sorted.length ? percentile(sorted, 50) : NaN,
		p95: sorted.length ? percentile(sorted, 95) : NaN,
		max: sorted.length ? sorted.at(-1) : NaN,
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
	await resetLoopDelay()
	const idle = await probe({ rounds: IDLE_ROUNDS })
	const idleLoop = await readLoopDelay()
	await resetLoopDelay()

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
	const busyLoop = await readLoopDelay()
	clearInterval(sampler)
	const endMemory = memory()
	load.push(loadavg()[0])

	console.log(`Pages while ZIPs are drawn (build: ${process.env.BUILD_DIR ?? 'build'})`)
	console.log(
		`  CARD_RENDER_CONCURRENCY=${process.env.CARD_RENDER_CONCURRENCY ?? 'default'}, machine load average ${load.map((value) => value.toFixed(1)).join(' → ')}`,
	)
	const verdict = (ok) => (ok ? 'met' : 'MISSED')
	for (const [label, page, floor, p95Factor] of [
		['/healthcheck', '/healthcheck', 250, 5],
		['/ (anonymous)', '/', 500, 4],
	]) {
		const before = summary(idle[page])
		const during = summary(underLoad[page])
		const slowest = Math.max(floor, 10 * before.p95)
		console.log(`  ${label}`)
		console.log(`    idle:             ${before.text}`)
		console.log(`    under ZIP load:   ${during.text}`)
		console.log(
			`    slowest ${during.max.toFixed(0)} ms, target at most ${slowest.toFixed(0)} ms: ${verdict(during.max <= slowest)}; p95 ${(during.p95 / before.p95).toFixed(1)}x idle, target at most ${p95Factor}x: ${verdict(during.p95 <= p95Factor * before.p95)}`,
		)
	}
	const ratio = summary(idle['/']).p50 / summary(idle['/healthcheck']).p50
	console.log(
		`  Idle home p50 / healthcheck p50: ${ratio.toFixed(2)}x, target at most 3x: ${verdict(ratio <= 3)}`,
	)
	const loop = (delay) =>
		`p50 ${delay.p50.toFixed(1)} ms, p99 ${delay.p99.toFixed(1)} ms, max ${delay.max.toFixed(1)} ms`
	console.log(`  Main thread's event-loop delay (how late a 10 ms timer ran)`)
	console.log(`    idle:             ${loop(idleLoop)}`)
	console.log(`    under ZIP load:   ${loop(busyLoop)}`)
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
	rmSync(probeDir, { recursive: true, force: true })
}
