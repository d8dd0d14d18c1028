// `npm run bench`: every benchmark in bench/, one after the other (they share the machine's
// two cores, so running them at once would skew all of them). Fails if any fails.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'

const order = ['home.mjs', 'generation.mjs', 'cards.mjs', 'load.mjs']
/** Modules the benchmarks load, not benchmarks. */
const notBenchmarks = new Set(['lib.mjs', 'all.mjs', 'loop-delay-probe.mjs'])
const files = readdirSync('bench')
	.filter((file) => file.endsWith('.mjs') && !notBenchmarks.has(file))
	.sort(
		(a, b) =>
			(order.indexOf(a) + 1 || order.length + 1) - (order.indexOf(b) + 1 || order.length + 1),
	)

const failed = []
for (const file of files) {
	const { status } = spawnSync(process.execPath, [`bench/${file}`], { stdio: 'inherit' })
	if (status !== 0) failed.push(file)
	console.log()
}
if (failed.length) {
	console.error(`Failed: ${failed.join(', ')}`)
	process.exitCode = 1
}
