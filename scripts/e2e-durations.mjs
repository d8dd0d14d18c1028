// What the end-to-end run spent its time on, from the JSON report every Playwright run
// writes (.cache/e2e-report.json; see playwright.config.ts):
//
//   node scripts/e2e-durations.mjs [report.json] [--top N] [--compare other-report.json]
//
// Prints the run's wall time, the sum and the median and 90th percentile of the tests'
// durations, the slowest tests, the files that cost the most, and every test that did not
// pass. With --compare, the slowest tests of the first report side by side with the same
// tests in the other one.
import { readFileSync } from 'node:fs'

const args = process.argv.slice(2)
const option = (name) => {
	const at = args.indexOf(name)
	return at === -1 ? undefined : args.splice(at, 2)[1]
}
const top = Number(option('--top') ?? 15)
const compareWith = option('--compare')
const file = args[0] ?? '.cache/e2e-report.json'

/** Every test result of a report: project, file:line, title, duration, status. */
function results(path) {
	const report = JSON.parse(readFileSync(path, 'utf8'))
	const rows = []
	const walk = (suite) => {
		for (const child of suite.suites ?? []) walk(child)
		for (const spec of suite.specs ?? []) {
			for (const test of spec.tests) {
				for (const result of test.results) {
					rows.push({
						id: `[${test.projectName}] ${spec.file} › ${spec.title}`,
						file: spec.file,
						ms: result.duration,
						status: result.status,
					})
				}
			}
		}
	}
	for (const suite of report.suites) walk(suite)
	return { rows, wallMs: report.stats.duration, workers: report.config.workers }
}

const percentile = (values, p) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`

const { rows, wallMs, workers } = results(file)
const durations = rows.map((row) => row.ms)
console.log(
	`${file}: ${rows.length} tests on ${workers} worker(s), wall ${minutes(wallMs)}, ` +
		`sum ${minutes(durations.reduce((sum, ms) => sum + ms, 0))}, ` +
		`median ${seconds(percentile(durations, 50))}, p90 ${seconds(percentile(durations, 90))}, ` +
		`max ${seconds(Math.max(...durations))}`,
)

const slowest = [...rows].sort((a, b) => b.ms - a.ms).slice(0, top)
const other = compareWith ? new Map(results(compareWith).rows.map((row) => [row.id, row])) : null
console.log(`\nSlowest ${top}${other ? ` (then in ${compareWith})` : ''}:`)
for (const row of slowest) {
	const then = other?.get(row.id)
	const versus = other ? `  ${then ? seconds(then.ms).padStart(8) : '       –'}` : ''
	console.log(`${seconds(row.ms).padStart(8)}${versus}  ${row.status.padEnd(9)} ${row.id}`)
}

const byFile = new Map()
for (const row of rows) byFile.set(row.file, (byFile.get(row.file) ?? 0) + row.ms)
console.log('\nFiles by total time:')
for (const [name, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, top)) {
	console.log(`${seconds(ms).padStart(8)}  ${name}`)
}

const failed = rows.filter((row) => row.status !== 'passed' && row.status !== 'skipped')
console.log(failed.length ? '\nNot passed:' : '\nEvery test passed or was skipped.')
for (const row of failed)
	console.log(`${seconds(row.ms).padStart(8)}  ${row.status.padEnd(9)} ${row.id}`)
