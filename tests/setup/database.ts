import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, inject } from 'vitest'

/**
 * Every test file gets its own data folder with a fresh, migrated database, and the
 * environment the app reads is set before any of the file's modules load (Vitest runs
 * each file in its own process, and setup files first). A file that needs other values
 * sets them in `vi.hoisted`, which runs before its imports; files that never touch the
 * database only pay for a file copy.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'frasea-test-'))
const databaseFile = path.join(dir, 'test.db')
copyFileSync(inject('templateDatabase'), databaseFile)

process.env.DATA_DIR = dir
process.env.DATABASE_URL = `file:${databaseFile}`
process.env.SESSION_SECRET = 'primer-secreto-de-pruebas-1234,secreto-anterior-de-pruebas-5678'
process.env.ADMIN_EMAIL = 'jefa@frasea.test'
process.env.AUTH_RATE_LIMIT = '3'

afterAll(() => rmSync(dir, { recursive: true, force: true }))
