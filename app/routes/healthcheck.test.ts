import { mkdtempSync } from 'node:fs'
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, test, vi } from 'vitest'

const state = globalThis as { __fraseaPrisma?: { $disconnect(): Promise<void> } }

/** The route as a new process on `databaseUrl` would load it (its own env and client). */
async function loaderOn(databaseUrl: string | undefined) {
	await state.__fraseaPrisma?.$disconnect().catch(() => {})
	delete state.__fraseaPrisma
	if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl
	process.env.SECRETS_KEY ??= 'clave-de-secretos-de-pruebas-0123456789'
	vi.resetModules()
	return (await import('./healthcheck')).loader
}

afterEach(() => {
	vi.restoreAllMocks()
	vi.useRealTimers()
})

test('answers 200 OK and names the engine in a header when the database responds', async () => {
	// The test's own migrated database: SQLite, or PostgreSQL in the PostgreSQL pass.
	const engine = process.env.DATABASE_URL?.startsWith('file:') ? 'sqlite' : 'postgresql'
	const loader = await loaderOn(undefined)
	const response = await loader()
	expect(response.status).toBe(200)
	expect(await response.text()).toBe('OK')
	expect(response.headers.get('cache-control')).toBe('no-store')
	expect(response.headers.get('x-database-engine')).toBe(engine)
	expect(response.headers.get('server-timing')).toMatch(/^db;dur=\d+\.\d$/)
})

test('answers 503 when the database does not respond', async () => {
	vi.spyOn(console, 'error').mockImplementation(() => {})
	// A database the server cannot open: a file inside a folder that does not exist.
	const dir = mkdtempSync(path.join(tmpdir(), 'frasea-health-'))
	const loader = await loaderOn(`file:${path.join(dir, 'missing', 'folder', 'frasea.db')}`)
	const response = await loader()
	expect(response.status).toBe(503)
	expect(response.headers.get('cache-control')).toBe('no-store')
	expect(await response.text()).toBe('ERROR')
	expect(response.headers.get('x-database-engine')).toBe('sqlite')
})

test('answers 503 within its time limit when PostgreSQL hangs, without its password', async () => {
	const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
	// Accepts connections and never answers.
	const sockets: Socket[] = []
	const server = createServer((socket) => sockets.push(socket))
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	try {
		const loader = await loaderOn(`postgres://frasea:contrasena-secreta@127.0.0.1:${port}/frasea`)
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
		const pending = loader()
		await vi.advanceTimersByTimeAsync(3000)
		const response = await pending
		expect(response.status).toBe(503)
		expect(response.headers.get('x-database-engine')).toBe('postgresql')
		const everything = [
			await response.text(),
			...response.headers.values(),
			...logged.mock.calls.flat().map((value) => String(value)),
		].join('\n')
		expect(everything).not.toContain('contrasena-secreta')
	} finally {
		for (const socket of sockets) socket.destroy()
		await new Promise((resolve) => server.close(resolve))
	}
})
