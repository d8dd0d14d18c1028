// Builds the project's Dockerfile into the image the container check runs, in the
// foreground or in the background while the rest of `npm test` runs.
//
// In the background (`check.mjs prepare`, first in `npm test`) the build shares the CPU
// with the type check, the linter and the unit suites, which have time to spare; while the
// browser suites run (`check.mjs lower-priority` before them) it only takes what they leave
// idle (nice 19), so their timing is not disturbed. Its steps run with chroot isolation:
// plain processes of this one, whose priority can be changed while they run (runc would put
// them in cgroups of their own). The check at the end of `npm test` waits for it instead of
// building again. When `npm test` ends before that (a step failed), the build finishes at
// the lowest priority for the next run's cache: podman leaves its working containers
// behind when it is interrupted.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
	closeSync,
	existsSync,
	openSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ensureBaseImage } from './base-image.mjs'
import { cacheDir, podman } from './podman.mjs'

// One image, state and log per checkout: two worktrees on one machine build side by side.
const checkoutKey = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 10)
export const imageTag = `localhost/frasea-check:${checkoutKey}`
const stateFile = path.join(cacheDir, `build-${checkoutKey}.json`)
export const buildLog = path.join(cacheDir, `build-${checkoutKey}.log`)

/**
 * Builds the image (and the base image first when it is missing); resolves with the seconds
 * both took and those of the base. podman's output goes to `output` (the build log, printed
 * when the build fails).
 * @param {{ log?: (line: string) => void, output?: 'inherit' | number }} [options]
 */
export async function buildImage({ log = console.log, output = 'inherit' } = {}) {
	const started = performance.now()
	const base = await ensureBaseImage({ log })
	const previous = await imageId(imageTag)
	log(`Building the image ${imageTag} from the Dockerfile…`)
	// --format docker: the OCI format has no HEALTHCHECK. --jobs 2: the production
	// dependencies and the Vite build are independent stages.
	await podman(
		[
			'build',
			'--pull=never',
			'--format',
			'docker',
			'--jobs',
			'2',
			'--isolation',
			'chroot',
			'--build-arg',
			`NODE_IMAGE=${base.tag}`,
			'--tag',
			imageTag,
			'.',
		],
		{ stdio: output },
	)
	const seconds = (performance.now() - started) / 1000
	// The image this one replaces under the tag would stay behind, nameless.
	if (previous && previous !== (await imageId(imageTag))) {
		await podman(['rmi', previous], { allowFailure: true })
	}
	return { seconds, baseSeconds: base.seconds }
}

async function imageId(tag) {
	const { code, stdout } = await podman(['image', 'inspect', '--format', '{{.Id}}', tag], {
		allowFailure: true,
	})
	return code === 0 ? stdout.trim() : null
}

const alive = (pid) => {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}

/** The parent of a process (Linux /proc), or 0 once it is gone. */
function parentOf(pid) {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
		// The command name is in parentheses and may hold spaces: the parent id follows it.
		return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
	} catch {
		return 0
	}
}

/** Whether `pid` is this process or one of its ancestors. */
function isAncestor(pid) {
	for (let current = process.pid; current > 1; current = parentOf(current)) {
		if (current === pid) return true
	}
	return false
}

/** Sets the nice value of every thread of this process and of its descendants. */
function setTreePriority(nice) {
	const children = new Map()
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		const parent = parentOf(Number(entry))
		children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
	}
	const tree = [process.pid]
	for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []))
	for (const pid of tree) {
		let threads = []
		try {
			threads = readdirSync(`/proc/${pid}/task`).map(Number)
		} catch {
			continue // gone meanwhile
		}
		for (const thread of threads) {
			try {
				if (getPriority(thread) !== nice) setPriority(thread, nice)
			} catch {
				// gone meanwhile
			}
		}
	}
}

/**
 * @typedef {{ status: 'building' | 'built' | 'failed', pid: number, owner: number,
 *   startedAt: number, priority: 'shared' | 'low', seconds?: number, baseSeconds?: number
 * }} BuildState
 */

/** @returns {BuildState | null} */
function readState() {
	try {
		return JSON.parse(readFileSync(stateFile, 'utf8'))
	} catch {
		return null
	}
}

/** @param {BuildState} state */
const writeState = (state) => writeFileSync(stateFile, JSON.stringify(state))

/**
 * Starts the build in a detached process that lives as long as `owner` (the shell running
 * `npm test`) and returns at once.
 */
export function startBackgroundBuild(owner, checkScript) {
	const previous = readState()
	if (previous?.status === 'building' && alive(previous.pid)) return previous
	const logFd = openSync(buildLog, 'w')
	const child = spawn(process.execPath, [checkScript, 'build-in-background', String(owner)], {
		detached: true,
		stdio: ['ignore', logFd, logFd],
	})
	closeSync(logFd)
	child.unref()
	const state = /** @type {BuildState} */ ({
		status: 'building',
		pid: /** @type {number} */ (child.pid),
		owner,
		startedAt: Date.now(),
		priority: 'shared',
	})
	writeState(state)
	return state
}

/** From now on the background build of this `npm test`, if any, takes only idle CPU. */
export function lowerBackgroundPriority() {
	const state = readState()
	if (state?.status === 'building' && isAncestor(state.owner)) {
		writeState({ ...state, priority: 'low' })
	}
}

/** Nice values of the background build: beside the unit suites, beside the browser suites. */
const NICE = { shared: 0, low: 19 }

/** The detached process's work: build and record the outcome, at the priority asked for. */
export async function buildInBackground(owner) {
	let abandoned = false
	const govern = () => {
		// npm test ended before its check: nobody waits for this build any more.
		if (!abandoned && !alive(owner)) {
			abandoned = true
			rmSync(stateFile, { force: true })
		}
		setTreePriority(NICE[abandoned ? 'low' : (readState()?.priority ?? 'shared')])
	}
	govern()
	const governor = setInterval(govern, 1000)
	try {
		const { seconds, baseSeconds } = await buildImage()
		if (!abandoned)
			writeState({
				.../** @type {BuildState} */ (readState()),
				status: 'built',
				seconds,
				baseSeconds,
			})
	} catch (error) {
		console.error(error instanceof Error ? error.message : error)
		if (!abandoned) writeState({ .../** @type {BuildState} */ (readState()), status: 'failed' })
	} finally {
		clearInterval(governor)
	}
}

/**
 * The image for the check: the one the background build of this `npm test` made (waiting
 * for it if needed), else one built now. Resolves with how it came about, for the figures.
 * @param {(line: string) => void} log
 */
export async function imageForCheck(log) {
	let state = readState()
	const ours = state !== null && isAncestor(state.owner)
	let waited = 0
	if (state?.status === 'building' && alive(state.pid)) {
		// Another run's build of this checkout is left alone: wait, then build on its cache.
		log(
			ours
				? `Waiting for the image build started at the beginning of npm test (log: ${buildLog})…`
				: `Waiting for another run's image build of this checkout to end (log: ${buildLog})…`,
		)
		const waitStart = performance.now()
		while (state?.status === 'building' && alive(state.pid)) {
			await sleep(1000)
			state = readState()
		}
		waited = (performance.now() - waitStart) / 1000
	}
	if (ours) {
		rmSync(stateFile, { force: true })
		if (state?.status === 'built') {
			const { seconds = 0, baseSeconds = 0 } = state
			return { built: 'background', seconds, baseSeconds, waited }
		}
		if (existsSync(buildLog)) process.stderr.write(readFileSync(buildLog, 'utf8').slice(-6000))
		throw new Error(
			`The image build started at the beginning of npm test failed (log: ${buildLog}).`,
		)
	}
	// A state whose npm test is gone has nobody to read it.
	if (state && !alive(state.owner)) rmSync(stateFile, { force: true })
	const logFd = openSync(buildLog, 'w')
	try {
		const { seconds, baseSeconds } = await buildImage({ log, output: logFd })
		log(`Built in ${seconds.toFixed(0)} s (log: ${buildLog}).`)
		return { built: 'now', seconds, baseSeconds, waited }
	} catch (error) {
		process.stderr.write(readFileSync(buildLog, 'utf8').slice(-6000))
		throw error
	} finally {
		closeSync(logFd)
	}
}
