// Lighthouse (mobile settings, the package's defaults) on the built app: /, /instagram,
// /facebook, /login and the dashboard of a freshly registered user. Prints the four scores
// and the key metrics per page, writes each full report to .cache/lighthouse/, and exits
// non-zero when a page misses a target (performance ≥ 95, the other three 100).
// Each page runs LIGHTHOUSE_RUNS times (default 3) and the median run is reported, as
// Lighthouse recommends: on a busy 2-core machine single runs vary by several points.
// Needs a build (`npm run build`, or BUILD_DIR for another folder) and Chromium
// (CHROME_PATH, default /usr/bin/chromium). Usage: npm run lighthouse [-- /path ...]
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { startApp } from '../bench/lib.mjs'

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }
const METRICS = [
	['first-contentful-paint', 'FCP'],
	['largest-contentful-paint', 'LCP'],
	['total-blocking-time', 'TBT'],
	['cumulative-layout-shift', 'CLS'],
]
// Pages behind the login guard are audited signed in.
const isPrivate = (page) => /^\/(dashboard|profile|admin)(\/|$)/.test(page)
const requested = process.argv.slice(2).filter((arg) => arg.startsWith('/'))
const pages = requested.length
	? requested
	: ['/', '/instagram', '/facebook', '/login', '/dashboard']
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
const reportDir = path.resolve('.cache/lighthouse')
mkdirSync(reportDir, { recursive: true })

/** Registers a user through the real form and returns its session cookie. */
async function signIn(origin) {
	const email = `lighthouse-${Date.now().toString(36)}@frasea.test`
	const password = 'contraseña segura 2026'
	const response = await fetch(`${origin}/register`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
		body: new URLSearchParams({
			name: 'Lighthouse',
			email,
			password,
			confirmPassword: password,
		}),
	})
	const session = response.headers
		.getSetCookie()
		.map((cookie) => cookie.split(';')[0])
		.find((cookie) => cookie?.startsWith('fr_session='))
	if (response.status !== 302 || !session) {
		throw new Error(`Registration failed (${response.status}): no session cookie.`)
	}
	return session
}

const app = await startApp({ port: 3997 })
const chrome = await chromeLauncher.launch({
	chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
	chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
})
let failed = false
try {
	const cookie = pages.some(isPrivate) ? await signIn(app.origin) : null
	for (const page of pages) {
		// Warm the server (first render compiles nothing, but opens the database and caches).
		await (await fetch(`${app.origin}${page}`)).arrayBuffer()
		const results = []
		for (let run = 0; run < runs; run++) {
			const result = await lighthouse(`${app.origin}${page}`, {
				port: chrome.port,
				output: 'json',
				logLevel: 'error',
				onlyCategories: Object.keys(TARGETS),
				extraHeaders: isPrivate(page) && cookie ? { cookie } : undefined,
			})
			if (!result) throw new Error(`Lighthouse returned nothing for ${page}`)
			results.push(result)
		}
		const valid = results.filter((result) => !result.lhr.runtimeError)
		const { lhr, report } = valid.length
			? (valid.find((result) => result.lhr === computeMedianRun(valid.map((r) => r.lhr))) ??
				valid[0])
			: results[0]
		const file = path.join(reportDir, `${page.replace(/\W+/g, '_') || 'home'}.json`)
		writeFileSync(file, Array.isArray(report) ? report[0] : report)
		if (lhr.runtimeError) {
			failed = true
			console.log(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
			continue
		}
		const scores = Object.keys(TARGETS).map((id) => {
			const score = Math.round((lhr.categories[id]?.score ?? 0) * 100)
			const title = lhr.categories[id]?.title ?? id
			const ok = score >= TARGETS[id]
			if (!ok) failed = true
			return `${title} ${score}${ok ? '' : ` (target ${TARGETS[id]})`}`
		})
		const metrics = METRICS.map(([id, label]) =>
			`${label} ${lhr.audits[id]?.displayValue ?? '?'}`.replace(/\u00a0/g, ' '),
		)
		console.log(`${page}\n  ${scores.join(' · ')}\n  ${metrics.join(' · ')}`)
		// What cost points, so a miss can be acted on without opening the report.
		for (const id of Object.keys(TARGETS)) {
			for (const ref of lhr.categories[id]?.auditRefs ?? []) {
				const audit = lhr.audits[ref.id]
				if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
					if (id === 'performance' && audit.score >= 0.9) continue
					console.log(`    - ${id}: ${audit.title} (${audit.displayValue ?? audit.score})`)
				}
			}
		}
	}
	console.log(
		`Median of ${runs} run(s) per page; full reports: ${path.relative(process.cwd(), reportDir)}/`,
	)
} finally {
	chrome.kill()
	await app.stop()
}
if (failed) process.exitCode = 1
