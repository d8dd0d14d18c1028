// Shared pieces of the benchmark scripts: start the built app on loopback with a fresh
// data folder, and summarise latencies. The scripts build nothing: run `npm run build` first.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startBuiltApp } from '../scripts/app-process.mjs'

export async function startApp({ port = 3998, env = {} } = {}) {
	const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-bench-'))
	const app = await startBuiltApp({ dataDir, port, env })
	return {
		origin: app.origin,
		pid: app.child.pid,
		async stop() {
			await app.stop()
			rmSync(dataDir, { recursive: true, force: true })
		},
	}
}

export function percentile(sorted, p) {
	if (sorted.length === 0) return NaN
	const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
	return sorted[Math.max(0, index)]
}

/** Times `count` sequential runs of `fn` (after `warmup` untimed ones), in milliseconds. */
export async function timeSequential(fn, { count = 500, warmup = 50 } = {}) {
	for (let i = 0; i < warmup; i++) await fn()
	const samples = []
	for (let i = 0; i < count; i++) {
		const start = performance.now()
		await fn()
		samples.push(performance.now() - start)
	}
	samples.sort((a, b) => a - b)
	return { p50: percentile(samples, 50), p95: percentile(samples, 95), count }
}

/** The home page's generation form as a browser posts it: four phrases with emojis. */
export const GENERATION_FORM = new URLSearchParams({
	intent: 'generate',
	prompt: 'el café de los lunes',
	language: 'español es',
	type: 'motivacionales',
	count: '4',
	length: '25',
	includeEmojis: 'on',
}).toString()

export const ms = (value) => `${value.toFixed(2)} ms`
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/**
 * Starts the fake Gemini server (tests/fakes/fake-gemini.ts) with no added latency (more
 * of its command-line options in `args`) and returns the app environment that points at it.
 */
export async function startFakeGemini(port, args = []) {
	const fake = spawn(
		process.execPath,
		[
			'node_modules/tsx/dist/cli.mjs',
			'tests/fakes/fake-gemini.ts',
			'--port',
			String(port),
			'--latency',
			'0',
			...args,
		],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	)
	await new Promise((resolve, reject) => {
		fake.stdout.once('data', resolve)
		fake.once('exit', () => reject(new Error('The fake Gemini server did not start.')))
	})
	return {
		env: { GEMINI_API_KEY: 'fake-gemini-key', GEMINI_BASE_URL: `http://127.0.0.1:${port}` },
		stop: () => fake.kill(),
	}
}

/** One GET of `pathname`, its body read whole; its time in milliseconds. */
export async function timedGet(origin, pathname, headers) {
	const start = performance.now()
	const response = await fetch(`${origin}${pathname}`, { headers })
	await response.arrayBuffer()
	if (!response.ok) throw new Error(`${pathname}: ${response.status}`)
	return performance.now() - start
}

/**
 * /healthcheck (the machine's floor) and the anonymous home page alternately on one
 * connection, `rounds` times or until `until()` says stop: each one's times.
 */
export async function probePages(origin, { rounds = Infinity, until = () => false } = {}) {
	const samples = { '/healthcheck': [], '/': [] }
	for (let round = 0; round < rounds && !until(); round++) {
		for (const pathname of Object.keys(samples))
			samples[pathname].push(await timedGet(origin, pathname))
	}
	return samples
}
