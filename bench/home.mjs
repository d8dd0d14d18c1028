// Home page: server time per request (p50/p95) and the JavaScript the page ships.
// Targets (issue "Foundation"): HTML p50 under 15 ms; under 100 KB of gzip JavaScript.
import { gzipSync } from 'node:zlib'
import { kb, ms, startApp, timeSequential } from './lib.mjs'

const app = await startApp()
try {
	const html = await (await fetch(`${app.origin}/`)).text()
	const time = (path) =>
		timeSequential(async () => {
			const response = await fetch(`${app.origin}${path}`)
			await response.arrayBuffer()
		})
	const timing = await time('/')
	// The same machine's floor in the same run: machines differ in speed from day to day.
	const reference = await time('/healthcheck')

	// Every module the browser loads on first visit: module scripts, modulepreloads and the
	// static imports of the inline bootstrap script.
	const urls = new Set()
	for (const match of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g))
		urls.add(match[1])
	for (const match of html.matchAll(/import\s*(?:[^'"]*from\s*)?["']([^"']+\.js)["']/g))
		urls.add(match[1])
	let raw = 0
	let gzip = 0
	for (const url of urls) {
		const body = Buffer.from(await (await fetch(new URL(url, app.origin))).arrayBuffer())
		raw += body.length
		gzip += gzipSync(body, { level: 6 }).length
	}

	console.log('Home page (/)')
	console.log(
		`  HTML server time over ${timing.count} sequential requests: p50 ${ms(timing.p50)}, p95 ${ms(timing.p95)}  (target p50 < 15 ms)`,
	)
	console.log(
		`  Reference, /healthcheck in the same run: p50 ${ms(reference.p50)}, p95 ${ms(reference.p95)}`,
	)
	console.log(
		`  JavaScript: ${urls.size} files, ${kb(raw)} raw, ${kb(gzip)} gzip  (target < 100 KB gzip)`,
	)
	console.log(`  HTML: ${kb(Buffer.byteLength(html))} raw, ${kb(gzipSync(html).length)} gzip`)
} finally {
	await app.stop()
}
