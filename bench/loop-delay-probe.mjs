// Preloaded into the app's process by bench/burst.mjs (NODE_OPTIONS=--import): measures how
// late the main thread's event loop runs a 10 ms timer, the wait every request queued behind
// a synchronous job shares. Every 100 ms it writes what it measured since the last reset to
// BENCH_LOOP_DELAY_FILE as JSON (milliseconds late); the bench resets it between phases by
// creating `<file>.reset`. Render workers load it too and measure nothing: only the main
// thread answers requests.
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const file = process.env.BENCH_LOOP_DELAY_FILE
const TICK_MS = 10

if (isMainThread && file) {
	let lateness = []
	let last = performance.now()
	const tick = setInterval(() => {
		const now = performance.now()
		lateness.push(Math.max(0, now - last - TICK_MS))
		last = now
	}, TICK_MS)
	const report = setInterval(() => {
		if (existsSync(`${file}.reset`)) {
			lateness = []
			rmSync(`${file}.reset`, { force: true })
		}
		const sorted = [...lateness].sort((a, b) => a - b)
		const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0
		const snapshot = {
			at: Date.now(),
			count: sorted.length,
			p50: at(0.5),
			p99: at(0.99),
			max: sorted.at(-1) ?? 0,
		}
		// Written whole, then moved in: the bench never reads half a snapshot.
		writeFileSync(`${file}.partial`, JSON.stringify(snapshot))
		renameSync(`${file}.partial`, file)
	}, 100)
	tick.unref()
	report.unref()
}
