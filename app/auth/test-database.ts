import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * For Vitest files that touch the database: points the environment at a fresh SQLite file
 * in a temporary folder and migrates it. Call it (top-level await) before importing any
 * module that reads the environment or opens Prisma; import those dynamically afterwards.
 * Vitest runs every test file in its own process, so nothing leaks between files.
 */
export async function setUpTestDatabase() {
	const dir = mkdtempSync(path.join(tmpdir(), 'frasea-auth-'))
	process.env.DATA_DIR = dir
	process.env.DATABASE_URL = `file:${path.join(dir, 'test.db')}`
	process.env.SESSION_SECRET = 'primer-secreto-de-pruebas-1234,secreto-anterior-de-pruebas-5678'
	process.env.ADMIN_EMAIL = 'jefa@frasea.test'
	process.env.AUTH_RATE_LIMIT = '3'
	const { ensureDatabase, prisma } = await import('~/utils/db.server')
	await ensureDatabase()
	return {
		prisma,
		async cleanUp() {
			await prisma.$disconnect()
			rmSync(dir, { recursive: true, force: true })
		},
	}
}
