// Starts the built app (server/index.js) as a child process on loopback, for the specs
// that need an instance of their own (other settings, a crash, a restart), the benchmarks
// and Lighthouse. The caller owns the data folder, so an app can be started again on the
// same database. Nothing here builds: run `npm run build` first.
//
// `databaseUrl` puts the database elsewhere than the SQLite file in the data folder (a
// PostgreSQL URL, for instance); the data folder still holds whatever the app keeps on disk.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

export async function freePort() {
	const server = createServer()
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
	await new Promise((resolve) => server.close(resolve))
	return port
}

/**
 * @param {{ dataDir: string, databaseUrl?: string, port?: number, env?: Record<string, string>, stdout?: 'ignore' | 'inherit' }} options
 */
export async function startBuiltApp({ dataDir, databaseUrl, port, env = {}, stdout = 'ignore' }) {
	const buildDir = process.env.BUILD_DIR ?? 'build'
	if (!existsSync(`${buildDir}/server/index.js`)) {
		throw new Error('No build found: run `npm run build` first.')
	}
	port ??= await freePort()
	const origin = `http://127.0.0.1:${port}`
	// On a shared machine another server may hold the port: its answers would be taken for
	// this app's (a benchmark measuring someone else's build).
	if (
		await fetch(`${origin}/healthcheck`).then(
			() => true,
			() => false,
		)
	) {
		throw new Error(`Port ${port} is already in use: choose another (e.g. BENCH_PORT, E2E_PORT).`)
	}
	const child = spawn(process.execPath, ['server/index.js'], {
		stdio: ['ignore', stdout, 'inherit'],
		env: {
			...process.env,
			NODE_ENV: 'production',
			HOST: '127.0.0.1',
			PORT: String(port),
			APP_URL: origin,
			DATA_DIR: dataDir,
			DATABASE_URL: databaseUrl ?? `file:${path.join(dataDir, 'frasea.db')}`,
			...env,
		},
	})
	/** @type {Promise<number | null>} */
	const exited = new Promise((resolve) => child.once('exit', resolve))
	const deadline = Date.now() + 30_000
	for (;;) {
		if (child.exitCode !== null) throw new Error('The app exited while starting.')
		const ok = await fetch(`${origin}/healthcheck`).then(
			(response) => response.ok,
			() => false,
		)
		if (ok) break
		if (Date.now() > deadline) {
			child.kill()
			throw new Error('The app did not start.')
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	return {
		origin,
		port,
		child,
		exited,
		async stop() {
			if (child.exitCode === null) child.kill('SIGTERM')
			await exited
		},
	}
}
