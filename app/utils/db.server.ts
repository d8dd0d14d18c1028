import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import { applyMigrations } from '../db/migrate.server'
import { PrismaClient } from '../generated/prisma/client'
import { getEnv } from './env.server'

// Wait this long for a lock held by another process before failing with SQLITE_BUSY.
const BUSY_TIMEOUT_MS = 5000

// Vite dev re-evaluates server modules on every change: keep one client and one start-up
// check per process on globalThis instead of opening a new connection each time.
const state = globalThis as typeof globalThis & {
	__fraseaPrisma?: PrismaClient
	__fraseaDatabaseReady?: Promise<void>
}

function createClient() {
	// `timeout` becomes better-sqlite3's busy_timeout on the adapter's own connection.
	const adapter = new PrismaBetterSqlite3({ url: getEnv().databaseUrl, timeout: BUSY_TIMEOUT_MS })
	return new PrismaClient({ adapter })
}

export const prisma = (state.__fraseaPrisma ??= createClient())

/**
 * Brings the database up to date (pending migrations, WAL journal, busy timeout, foreign
 * keys) once per process. Await it before serving requests.
 */
export function ensureDatabase(): Promise<void> {
	state.__fraseaDatabaseReady ??= prepareDatabase().catch((error: unknown) => {
		state.__fraseaDatabaseReady = undefined
		throw error
	})
	return state.__fraseaDatabaseReady
}

async function prepareDatabase() {
	const { applied } = await applyMigrations(getEnv().databaseUrl)
	if (applied.length > 0) {
		console.log(`Database: applied ${applied.length} migration(s): ${applied.join(', ')}`)
	}
	// journal_mode is stored in the file; busy_timeout and foreign_keys belong to the
	// connection, so they go through Prisma's own connection (the adapter keeps one).
	// PRAGMA statements that report a value must be read as queries.
	await prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL')
	await prisma.$queryRawUnsafe(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
	await prisma.$executeRawUnsafe('PRAGMA foreign_keys = ON')
}
