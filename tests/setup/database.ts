import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, inject } from 'vitest'
import { pgQuery } from '../support/postgres'
import { TEMPLATE_DATABASE, testEngine } from './engine'
import { databaseOn } from './global-setup'

/**
 * Every test file gets its own data folder with a fresh, migrated database (a copy of the
 * SQLite template file, or a PostgreSQL database created from the template database), and
 * the environment the app reads is set before any of the file's modules load (Vitest runs
 * each file in its own process, and setup files first). A file that needs other values
 * sets them in `vi.hoisted`, which runs before its imports; files that never touch the
 * database only pay for a copy.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'frasea-test-'))
process.env.DATA_DIR = dir
process.env.SESSION_SECRET = 'primer-secreto-de-pruebas-1234,secreto-anterior-de-pruebas-5678'
process.env.ADMIN_EMAIL = 'jefa@frasea.test'
process.env.AUTH_RATE_LIMIT = '3'
// Tests write settings straight into the database and read them back at once: the copy of
// the configuration asks for its version on every use (snapshot.server.test.ts tests the
// interval itself).
process.env.CONFIG_CHECK_INTERVAL_MS = '0'

let dropDatabase = async () => {}
if (testEngine() === 'postgresql') {
	const serverUrl = inject('templateDatabase')
	// Required with PostgreSQL: every process must share it.
	process.env.SECRETS_KEY = 'clave-de-secretos-de-pruebas-0123456789'
	const database = `frasea_test_${randomBytes(6).toString('hex')}`
	await pgQuery(serverUrl, `CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DATABASE}`)
	process.env.DATABASE_URL = databaseOn(serverUrl, database)
	dropDatabase = async () => {
		await pgQuery(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
	}
} else {
	const databaseFile = path.join(dir, 'test.db')
	copyFileSync(inject('templateDatabase'), databaseFile)
	process.env.DATABASE_URL = `file:${databaseFile}`
}

afterAll(async () => {
	// The app's client (if the file used it) closes first: work it still has in flight, such
	// as housekeeping started by a request, finishes instead of losing its connection.
	const app = globalThis as typeof globalThis & {
		__fraseaPrisma?: { $disconnect(): Promise<void> }
	}
	await app.__fraseaPrisma?.$disconnect()
	rmSync(dir, { recursive: true, force: true })
	await dropDatabase()
})
