// The whole test command on a busy machine: `npm run test:stress` runs `npm test` while
// CPU-bound processes (one by default; STRESS_PROCESSES=n for more) spin beside it for the
// whole run, the way CI machines are shared. Its verdict must be the same as on a quiet
// machine. Any arguments replace `npm test`, e.g. `npm run test:stress -- npx playwright test`.
import { spawn } from 'node:child_process'

const count = Number(process.env.STRESS_PROCESSES ?? 1)
const command = process.argv.length > 2 ? process.argv.slice(2) : ['npm', 'test']

const spinners = Array.from({ length: count }, () =>
	spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
)
const stopSpinners = () => {
	for (const spinner of spinners) spinner.kill('SIGKILL')
}
process.on('exit', stopSpinners)
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		stopSpinners()
		process.exit(130)
	})
}

console.log(`test:stress: ${count} busy process(es) beside \`${command.join(' ')}\``)
const started = Date.now()
const run = spawn(command[0], command.slice(1), { stdio: 'inherit' })
run.on('exit', (code, signal) => {
	stopSpinners()
	const minutes = ((Date.now() - started) / 60_000).toFixed(1)
	console.log(`test:stress: ${signal ?? `exit ${code}`} after ${minutes} min under load`)
	process.exit(code ?? 1)
})
