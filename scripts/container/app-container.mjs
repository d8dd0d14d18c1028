// One app container as the check drives it: started under the memory limit a self-hoster
// would give it, waited for, asked over HTTP, measured through its cgroup, stopped.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { podman } from './podman.mjs'

export const MEMORY_LIMIT_MB = 512
/** Generous bounds for a busy machine: the app starts in seconds when the machine is idle. */
const START_TIMEOUT_MS = 180_000
const REQUEST_TIMEOUT_MS = 180_000

/**
 * @typedef {{ name: string, origin: string, startSeconds: number, appStartSeconds: number }} RunningApp
 */

/**
 * Starts a container from `image` in the background, under the memory limit, with
 * `volume` (a named volume or a host folder) on /data. `port` is the host port: published
 * from the container's 3000, or, with `hostNetwork`, the port the app itself listens on
 * (on loopback).
 * @param {{ image: string, name: string, volume: string, port?: number, env?: Record<string, string>, hostNetwork?: boolean }} options
 */
export async function runContainer({ image, name, volume, port, env = {}, hostNetwork = false }) {
	const network = hostNetwork
		? ['--network', 'host', '--env', `PORT=${port}`, '--env', 'HOST=127.0.0.1']
		: port
			? ['--publish', `127.0.0.1:${port}:3000`]
			: []
	await podman([
		'run',
		'--detach',
		'--name',
		name,
		'--memory',
		`${MEMORY_LIMIT_MB}m`,
		'--memory-swap',
		`${MEMORY_LIMIT_MB}m`,
		'--volume',
		`${volume}:/data`,
		...network,
		...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
		image,
	])
}

/**
 * Starts the app's container (runContainer) and waits until its /healthcheck answers 200.
 * @param {{ image: string, name: string, port: number, volume: string, env?: Record<string, string>, hostNetwork?: boolean }} options
 * @returns {Promise<RunningApp>}
 */
export async function startApp(options) {
	const { name, port } = options
	const started = performance.now()
	await runContainer(options)
	const origin = `http://127.0.0.1:${port}`
	const deadline = Date.now() + START_TIMEOUT_MS
	for (;;) {
		const ok = await fetch(`${origin}/healthcheck`, { signal: AbortSignal.timeout(5000) }).then(
			(response) => response.ok,
			() => false,
		)
		if (ok) break
		if (!(await isRunning(name))) {
			throw new Error(`${name} exited while starting:\n${await logs(name)}`)
		}
		if (Date.now() > deadline) {
			throw new Error(
				`${name} did not answer /healthcheck within ${START_TIMEOUT_MS / 1000} s:\n${await logs(name)}`,
			)
		}
		await sleep(100)
	}
	const ready = Date.now()
	// podman's own part (creating the container, its network) apart from the app's.
	const processStarted = Number(await inspect(name, '{{.State.StartedAt.UnixMilli}}'))
	return {
		name,
		origin,
		startSeconds: (performance.now() - started) / 1000,
		appStartSeconds: (ready - processStarted) / 1000,
	}
}

/** A field of a container, or with `image` of an image (their fields differ). */
export async function inspect(name, format, kind = 'container') {
	return (await podman([kind, 'inspect', '--format', format, name])).stdout.trim()
}

async function isRunning(name) {
	return (await inspect(name, '{{.State.Running}}')) === 'true'
}

/** @param {string} name */
export async function logs(name) {
	const { stdout, stderr } = await podman(['logs', name], { allowFailure: true })
	return `${stdout}${stderr}`.trim()
}

/**
 * Stops the container as `docker stop` would, giving it 5 s before SIGKILL; resolves with
 * how long it took and the app's own exit status (137 would mean it had to be killed).
 * @param {string} name
 */
export async function stopApp(name) {
	const started = performance.now()
	const { code } = await podman(['stop', '--time', '5', name], { allowFailure: true })
	const seconds = (performance.now() - started) / 1000
	const exitCode = Number(await inspect(name, '{{.State.ExitCode}}'))
	return { code, seconds, exitCode }
}

/** Removes containers and volumes, ignoring those that are not there. */
export async function removeAll({ containers = [], volumes = [] }) {
	// One at a time: podman stops at a name that is already gone.
	for (const name of containers) await podman(['rm', '--force', name], { allowFailure: true })
	for (const name of volumes)
		await podman(['volume', 'rm', '--force', name], { allowFailure: true })
}

/**
 * The container's memory cgroup files (cgroup v1: memory.max_usage_in_bytes, which can be
 * reset; v2: memory.peak), or null when this host has neither.
 * @param {string} name
 */
export async function memoryCounter(name) {
	const cgroup = await inspect(name, '{{.State.CgroupPath}}')
	for (const [file, resettable] of [
		[`/sys/fs/cgroup/memory${cgroup}/memory.max_usage_in_bytes`, true],
		[`/sys/fs/cgroup${cgroup}/memory.peak`, false],
	]) {
		if (existsSync(file)) {
			return {
				reset: () => resettable && writeFileSync(file, '0'),
				peakMb: () => Number(readFileSync(file, 'utf8').trim()) / 2 ** 20,
			}
		}
	}
	return null
}

/**
 * A request to the app with a bounded wait, as a visitor's browser would send it.
 * @param {string} url
 * @param {RequestInit} [init]
 */
export function request(url, init = {}) {
	return fetch(url, {
		redirect: 'manual',
		signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
		...init,
	})
}
