// A throw-away PostgreSQL cluster on loopback for the tests, the benchmarks and creating
// migrations: initdb into a temporary folder, start `postgres` on a free port, hand out
// databases, and remove everything on stop. Uses the server binaries of Debian's
// `postgresql` package (installed with apt-get when missing and we are root on Debian), or
// whatever `pg_config --bindir` / PATH offer. initdb and postgres refuse to run as root, so
// as root they run as the `postgres` user.
//
//   node scripts/postgres-cluster.mjs <command…>   runs the command with TEST_POSTGRES_URL
//                                                 set to a superuser URL of a new cluster
//                                                 (or to the server it already names)
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import {
	chmodSync,
	chownSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './app-process.mjs'

const isRoot = process.getuid?.() === 0

function findBinDir() {
	const debian = '/usr/lib/postgresql'
	if (existsSync(debian)) {
		const versions = readdirSync(debian)
			.filter((name) => existsSync(path.join(debian, name, 'bin', 'initdb')))
			.sort((a, b) => Number(b) - Number(a))
		if (versions[0]) return path.join(debian, versions[0], 'bin')
	}
	const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
	const bindir = pgConfig.status === 0 ? pgConfig.stdout.trim() : ''
	if (bindir && existsSync(path.join(bindir, 'initdb'))) return bindir
	const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' })
	return which.status === 0 ? path.dirname(which.stdout.trim()) : null
}

/** The server binaries' folder, installing Debian's postgresql package when it can. */
export function ensurePostgresBinaries() {
	const found = findBinDir()
	if (found) return found
	const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : ''
	const debianLike = /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(osRelease)
	if (isRoot && debianLike) {
		console.log(
			'PostgreSQL is missing: installing it from Debian packages (apt-get install postgresql)…',
		)
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
		spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
		spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env })
		const installed = findBinDir()
		if (installed) return installed
	}
	throw new Error(`The PostgreSQL tests need a PostgreSQL server (initdb and postgres) and did not find one.
Install it, then run the tests again:
  - Debian/Ubuntu:     sudo apt-get install postgresql
  - macOS (Homebrew):  brew install postgresql@16
Or point TEST_POSTGRES_URL at a server where that user may create databases.`)
}

/**
 * Starts a new cluster. Returns its superuser URL (`url(database)`), a way to create
 * databases, and `stop()`, which shuts it down and deletes its folder.
 */
export async function startPostgresCluster() {
	const bin = ensurePostgresBinaries()
	const dir = mkdtempSync(path.join(tmpdir(), 'frasea-pg-'))
	const dataDir = path.join(dir, 'data')
	const asOwner = (command, args, options = {}) =>
		isRoot
			? spawn('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], options)
			: spawn(path.join(bin, command), args, options)
	if (isRoot) {
		const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
		const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
		chownSync(dir, uid, gid)
	}
	chmodSync(dir, 0o700)
	await finished(
		asOwner(
			'initdb',
			[
				'-D',
				dataDir,
				'-A',
				'trust',
				'-U',
				'postgres',
				'--no-sync',
				'-E',
				'UTF8',
				'--locale=C.UTF-8',
			],
			{
				stdio: ['ignore', 'ignore', 'inherit'],
			},
		),
		'initdb',
	)
	const port = await freePort()
	const server = asOwner(
		'postgres',
		[
			'-D',
			dataDir,
			'-p',
			String(port),
			'-k',
			dir,
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
			'-c',
			'max_connections=300',
		],
		{ stdio: ['ignore', 'ignore', 'pipe'] },
	)
	let log = ''
	server.stderr.on('data', (chunk) => {
		log = (log + chunk).slice(-4000)
	})
	const base = `postgres://postgres@127.0.0.1:${port}`
	const deadline = Date.now() + 20_000
	while (
		spawnSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status !== 0
	) {
		if (server.exitCode !== null || Date.now() > deadline) {
			server.kill('SIGKILL')
			rmSync(dir, { recursive: true, force: true })
			throw new Error(`PostgreSQL did not start:\n${log}`)
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	const exited = new Promise((resolve) => server.once('exit', resolve))
	return {
		port,
		url: (database = 'postgres') => `${base}/${database}`,
		async stop() {
			// SIGINT is PostgreSQL's "fast" shutdown: open connections are closed. It goes to
			// the server itself (postmaster.pid), not to runuser in front of it.
			if (server.exitCode === null) {
				const pid = Number(
					readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
				)
				process.kill(pid || server.pid, 'SIGINT')
			}
			await exited
			rmSync(dir, { recursive: true, force: true })
		},
	}
}

function finished(child, name) {
	return new Promise((resolve, reject) => {
		child.once('error', reject)
		child.once('exit', (code) =>
			code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}`)),
		)
	})
}

// CLI: run a command next to a new cluster.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const [command, ...args] = process.argv.slice(2)
	if (!command) {
		console.error('Usage: node scripts/postgres-cluster.mjs <command…>')
		process.exit(2)
	}
	// A server the caller already has (TEST_POSTGRES_URL) is used as it is.
	const cluster = process.env.TEST_POSTGRES_URL ? null : await startPostgresCluster()
	const child = spawn(command, args, {
		stdio: 'inherit',
		env: { ...process.env, TEST_POSTGRES_URL: cluster?.url() ?? process.env.TEST_POSTGRES_URL },
	})
	const forward = (signal) => child.kill(signal)
	process.on('SIGINT', forward)
	process.on('SIGTERM', forward)
	const code = await new Promise((resolve) =>
		child.once('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))),
	)
	await cluster?.stop()
	process.exit(code)
}
