// Image cards: server time per request for a 1080×1080 card drawn from scratch, the same
// card from the in-memory cache, and the ZIP of all 10 sizes.
// Targets (issue "Image cards"): render p50 < 40 ms, cached p50 < 3 ms, ZIP < 500 ms.
// Card URLs are signed as the pages sign them (app/cards/url-signature.server.ts, loaded
// through tsx), with a session secret the bench gives the app. Two seeds a second stay well
// inside the per-address render allowance (app/cards/limits.ts).
import { randomBytes } from 'node:crypto'
import { tsImport } from 'tsx/esm/api'
import { ms, startApp, timeSequential } from './lib.mjs'

const { signCardPath } = await tsImport('../app/cards/url-signature.server.ts', import.meta.url)
const secret = randomBytes(24).toString('base64url')
const app = await startApp({
	port: Number(process.env.BENCH_PORT ?? 3991),
	env: { SESSION_SECRET: secret },
})
const text =
	'La calma del mar te recuerda que cada ola llega a su tiempo: respira, confía y sigue adelante.'
const cardUrl = (seed, path = '/tarjetas/imagen.jpg') =>
	`${app.origin}${signCardPath(path, new URLSearchParams({ t: text, sd: String(seed), v: '2' }), secret)}`

async function get(url) {
	const response = await fetch(url)
	if (!response.ok) throw new Error(`${url}: ${response.status}`)
	return response.arrayBuffer()
}

try {
	// Every request a new seed: nothing comes from the cache.
	let seed = 1
	const render = await timeSequential(() => get(cardUrl(seed++)), { count: 60, warmup: 5 })
	const cached = await timeSequential(() => get(cardUrl(1)), { count: 500, warmup: 20 })
	const zip = await timeSequential(() => get(cardUrl(seed++, '/tarjetas/todas.zip')), {
		count: 10,
		warmup: 2,
	})

	console.log('Image cards')
	console.log(
		`  1080×1080 card, drawn and encoded (${render.count} requests): p50 ${ms(render.p50)}, p95 ${ms(render.p95)}  (target p50 < 40 ms)`,
	)
	console.log(
		`  The same card from the cache (${cached.count} requests): p50 ${ms(cached.p50)}, p95 ${ms(cached.p95)}  (target p50 < 3 ms)`,
	)
	console.log(
		`  ZIP of the 10 sizes (${zip.count} requests): p50 ${ms(zip.p50)}, p95 ${ms(zip.p95)}  (target < 500 ms)`,
	)
} finally {
	await app.stop()
}
