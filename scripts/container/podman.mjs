// Podman as the container check uses it: rootful, with a containers.conf of our own (chosen
// with CONTAINERS_CONF, so nothing under /etc changes) and a cache folder outside the
// repository for the base image's downloads and the background build's log.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'

/** Where the check keeps what outlives a run: never inside the repository. */
export const cacheDir = path.join(
	process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'),
	'frasea-container',
)

const onPath = (command) =>
	spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0

/** What this machine lacks for the check, as words for one line; empty when nothing. */
export function missingTools() {
	const missing = ['podman', 'runc', 'mmdebstrap'].filter((tool) => !onPath(tool))
	if (process.getuid?.() !== 0) missing.push('root (the check runs rootful podman)')
	return missing
}

/**
 * The environment for every podman call. runc, because crun refuses a host whose cgroups
 * are half v1, half v2 ("cgroups in hybrid mode not supported"); open-file and process
 * limits no higher than a root without CAP_SYS_RESOURCE may set (podman's defaults are
 * higher, and runc then fails with "error setting rlimit").
 */
export function podmanEnv() {
	mkdirSync(cacheDir, { recursive: true })
	const conf = path.join(cacheDir, 'containers.conf')
	writeFileSync(
		conf,
		`[containers]
default_ulimits = ["nofile=16384:16384", "nproc=16384:16384"]

[engine]
runtime = "runc"
`,
	)
	return { ...process.env, CONTAINERS_CONF: conf }
}

let env

/**
 * Runs podman and resolves with its output; rejects with its stderr on a non-zero exit
 * unless `allowFailure` (then the caller reads `code`).
 * @param {string[]} args
 * @param {{ input?: string | Buffer | import('node:stream').Readable, allowFailure?: boolean, stdio?: 'pipe' | 'inherit' | number }} [options]
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function podman(args, { input, allowFailure = false, stdio = 'pipe', nice = false } = {}) {
	env ??= podmanEnv()
	const [command, commandArgs] = nice ? ['nice', ['-n', '19', 'podman', ...args]] : ['podman', args]
	return new Promise((resolve, reject) => {
		const child = spawn(command, commandArgs, {
			env,
			stdio: [input === undefined ? 'ignore' : 'pipe', stdio, stdio],
		})
		let stdout = ''
		let stderr = ''
		child.stdout?.on('data', (chunk) => (stdout += chunk))
		child.stderr?.on('data', (chunk) => (stderr += chunk))
		if (typeof input === 'object' && 'pipe' in input) input.pipe(child.stdin)
		else if (input !== undefined) child.stdin?.end(input)
		child.once('error', reject)
		child.once('close', (code) => {
			const result = { code: code ?? 1, stdout, stderr }
			if (code === 0 || allowFailure) resolve(result)
			else reject(new Error(`podman ${args.join(' ')} exited with ${code}:\n${stderr.trim()}`))
		})
	})
}
