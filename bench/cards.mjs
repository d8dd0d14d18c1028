// Image cards: server time per request for a 1080×1080 card drawn from scratch, the same
// card from the in-memory cache, and the ZIP of all 10 sizes.
// Targets (issue "Image cards"): render p50 < 40 ms, cached p50 < 3 ms, ZIP < 500 ms.
import { ms, startApp, timeSequential } from './lib.mjs'

const app = await startApp({ port: Number(process.env.BENCH_PORT ?? 3991) })
const text =
	'La calma del mar te recuerda que cada ola llega a su tiempo: respira, confía y sigue adelante.'
const cardUrl = (seed, path = '/tarjetas/imagen.jpg') =>
	`${app.origin}${path}?${new URLSearchParams({ t: text, sd: String(seed), v: '2' })}`

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
