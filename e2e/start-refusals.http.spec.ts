/**
 * What an operator sees when the app cannot start: the process exits with status 1 and the
 * reasons alone, before it listens, instead of serving on a database or configuration it
 * cannot use.
 */
import { spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { freePort, startBuiltApp } from '../scripts/app-process.mjs'
import { expect, test } from './fixtures'

/**
 * Starts the built server and waits for it to exit; its stderr is what the operator reads.
 * `user` runs it as another uid and gid (only root may).
 */
async function startExpectingExit(
	env: Record<string, string>,
	user: { uid?: number; gid?: number } = {},
) {
	const port = await freePort()
	const child = spawn(process.execPath, ['server/index.js'], {
		...user,
		stdio: ['ignore', 'ignore', 'pipe'],
		env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
	})
	let stderr = ''
	child.stderr.on('data', (chunk) => (stderr += chunk))
	const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
	return { code, stderr }
}

test('a database migrated by a newer version stops the start, naming the migration', async () => {
	const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-ahead-'))
	try {
		const app = await startBuiltApp({ dataDir })
		await app.stop()
		const db = new Database(path.join(dataDir, 'frasea.db'))
		db.prepare(
			`INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count)
			VALUES ('newer', 'abc', '29991231000000_from_the_future', 1, 1)`,
		).run()
		db.close()

		const { code, stderr } = await startExpectingExit({
			DATA_DIR: dataDir,
			DATABASE_URL: `file:${path.join(dataDir, 'frasea.db')}`,
		})
		expect(code).toBe(1)
		expect(stderr).toContain('Frasea cannot start.')
		expect(stderr).toContain('29991231000000_from_the_future')
		// The reasons, not a stack trace.
		expect(stderr).not.toMatch(/\n\s+at /)
	} finally {
		rmSync(dataDir, { recursive: true, force: true })
	}
})

test('PostgreSQL without the shared secrets stops the start, naming both, and never prints the URL', async () => {
	const { code, stderr } = await startExpectingExit({
		DATABASE_URL: 'postgres://frasea:contraseña-secreta@127.0.0.1:1/frasea',
		SESSION_SECRET: '',
		SECRETS_KEY: '',
	})
	expect(code).toBe(1)
	expect(stderr).toMatch(/SESSION_SECRET: is required with a PostgreSQL DATABASE_URL/)
	expect(stderr).toMatch(/SECRETS_KEY: is required with a PostgreSQL DATABASE_URL/)
	expect(stderr).not.toContain('contraseña-secreta')
})

test('a data folder the process cannot write stops the start with one line naming it, the uid and the chown to run', async () => {
	// The parent stays open to everyone: only the data folder itself is closed.
	const parent = mkdtempSync(path.join(tmpdir(), 'frasea-readonly-'))
	chmodSync(parent, 0o755)
	const dataDir = path.join(parent, 'data')
	mkdirSync(dataDir, { mode: 0o755 })
	// Root writes anywhere: as root the app runs as nobody on this root-owned folder, as a
	// container's uid 1000 does on a root-owned bind mount. Otherwise the folder is closed.
	const asRoot = process.getuid?.() === 0
	const user = asRoot
		? { uid: 65534, gid: 65534 }
		: { uid: process.getuid?.(), gid: process.getgid?.() }
	if (!asRoot) chmodSync(dataDir, 0o555)
	try {
		const { code, stderr } = await startExpectingExit(
			{ DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(dataDir, 'frasea.db')}` },
			asRoot ? user : {},
		)
		expect(code).toBe(1)
		const lines = stderr.trim().split('\n')
		expect(lines).toHaveLength(1)
		expect(lines[0]).toContain(`uid ${user.uid} no puede escribir en ${dataDir}`)
		expect(lines[0]).toContain(`uid ${user.uid} cannot write to ${dataDir}`)
		expect(lines[0]).toContain(`chown -R ${user.uid}:${user.gid} ${dataDir}`)
	} finally {
		rmSync(parent, { recursive: true, force: true })
	}
})
