// Image cards: server time per request for a 1080×1080 card drawn from scratch (a phrase
// without emoji and one with colour emoji, alternating), the same card from the in-memory
// cache, and the ZIP of all 10 sizes.
// Targets (issues "Image cards" and 23): render p50 < 40 ms, with emoji within 1.5× of
// without, cached p50 < 3 ms, ZIP < 500 ms.
// Card URLs are signed as the pages sign them (app/cards/url-signature.server.ts, loaded
// through tsx), with a session secret the bench gives the app. About three new cards a
// second stay inside the per-address render allowance (app/cards/limits.ts).
import { randomBytes } from 'node:crypto'
import { tsImport } from 'tsx/esm/api'
import { ms, percentile, startApp, timeSequential } from './lib.mjs'

const { signCardPath } = await tsImport('../app/cards/url-signature.server.ts', import.meta.url)
const { RENDER_VERSION } = await tsImport('../app/cards/urls.server.ts', import.meta.url)
const secret = randomBytes(24).toString('base64url')
const app = await startApp({
	port: Number(process.env.BENCH_PORT ?? 3991),
	env: { SESSION_SECRET: secret },
})
const text =
	'La calma del mar te recuerda que cada ola llega a su tiempo: respira, confía y sigue adelante.'
// The same phrase with emoji from five of the font's subsets: ZWJ, skin tone and a flag.
const emojiText =
	'La calma del mar 🌊 te recuerda que cada ola llega a su tiempo 😌: respira, confía 👍🏽 y sigue adelante ✨ 👨‍👩‍👧 🇪🇸'
const cardUrl = (seed, path = '/tarjetas/imagen.jpg', phrase = text) =>
	`${app.origin}${signCardPath(path, new URLSearchParams({ t: phrase, sd: String(seed), v: RENDER_VERSION }), secret)}`

async function get(url) {
	const response = await fetch(url)
	if (!response.ok) throw new Error(`${url}: ${response.status}`)
	return response.arrayBuffer()
}

async function timed(fn) {
	const start = performance.now()
	await fn()
	return performance.now() - start
}

/** Plain and emoji cards one after the other, each a new seed, so the machine's load falls on both alike. */
async function alternating(count, warmup, nextSeed) {
	const plain = []
	const emoji = []
	for (let index = 0; index < warmup + count; index++) {
		const a = await timed(() => get(cardUrl(nextSeed())))
		const b = await timed(() => get(cardUrl(nextSeed(), undefined, emojiText)))
		if (index < warmup) continue
		plain.push(a)
		emoji.push(b)
	}
	const summary = (samples) => {
		samples.sort((x, y) => x - y)
		return { p50: percentile(samples, 50), p95: percentile(samples, 95), count: samples.length }
	}
	return { plain: summary(plain), emoji: summary(emoji) }
}

try {
	// Every request a new seed: nothing comes from the cache.
	let seed = 1
	// The process's very first card starts a render worker (fonts registered, emoji read).
	const cold = await timed(() => get(cardUrl(seed++, undefined, emojiText)))
	const renders = await alternating(60, 5, () => seed++)
	const cached = await timeSequential(() => get(cardUrl(1)), { count: 500, warmup: 20 })
	const zip = await timeSequential(() => get(cardUrl(seed++, '/tarjetas/todas.zip')), {
		count: 10,
		warmup: 2,
	})

	const ratio = renders.emoji.p50 / renders.plain.p50
	console.log('Image cards')
	console.log(
		`  1080×1080 card, drawn and encoded (${renders.plain.count} requests): p50 ${ms(renders.plain.p50)}, p95 ${ms(renders.plain.p95)}  (target p50 < 40 ms)`,
	)
	console.log(
		`  The same with colour emoji (${renders.emoji.count} requests): p50 ${ms(renders.emoji.p50)}, p95 ${ms(renders.emoji.p95)}; ${ratio.toFixed(2)}× without  (target ≤ 1.5×)`,
	)
	console.log(`  The first card after start, with emoji (a render worker starts): ${ms(cold)}`)
	console.log(
		`  The same card from the cache (${cached.count} requests): p50 ${ms(cached.p50)}, p95 ${ms(cached.p95)}  (target p50 < 3 ms)`,
	)
	console.log(
		`  ZIP of the 10 sizes (${zip.count} requests): p50 ${ms(zip.p50)}, p95 ${ms(zip.p95)}  (target < 500 ms)`,
	)
	if (ratio > 1.5) process.exitCode = 1
} finally {
	await app.stop()
}
