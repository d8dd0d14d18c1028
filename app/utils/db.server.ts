import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import { applyMigrations } from '../db/migrate.server'
import { PrismaClient } from '../generated/prisma/client'
import { PrismaClient as PostgresPrismaClient } from '../generated/prisma-postgresql/client'
import { getEnv } from './env.server'

// Wait this long for a lock held by another process before failing with SQLITE_BUSY.
const BUSY_TIMEOUT_MS = 5000

// Vite dev re-evaluates server modules on every change: keep one client and one start-up
// check per process on globalThis instead of opening a new connection each time.
const state = globalThis as typeof globalThis & {
	__fraseaPrisma?: PrismaClient
	__fraseaDatabaseReady?: Promise<void>
}

/**
 * One client for the engine DATABASE_URL names. Both clients are generated from the same
 * data model, so they answer the same calls; the app is typed against the SQLite one.
 */
function createClient(): PrismaClient {
	const { databaseUrl, databaseEngine } = getEnv()
	if (databaseEngine === 'postgresql') {
		const adapter = new PrismaPg(
			{ connectionString: databaseUrl },
			{
				// A connection the server drops while idle is replaced by the pool; it must not
				// take the process down.
				onPoolError: (error) => console.error(`Database pool: ${error.message}`),
			},
		)
		return new PostgresPrismaClient({ adapter }) as unknown as PrismaClient
	}
	// `timeout` becomes better-sqlite3's busy_timeout on the adapter's own connection.
	const adapter = new PrismaBetterSqlite3({ url: databaseUrl, timeout: BUSY_TIMEOUT_MS })
	return new PrismaClient({ adapter })
}

export const prisma = (state.__fraseaPrisma ??= createClient())

/** The engine the app runs on, for the few queries whose SQL differs between the two. */
export const databaseEngine = () => getEnv().databaseEngine

/**
 * Brings the database up to date (pending migrations; on SQLite also the WAL journal,
 * busy timeout and foreign keys) once per process. Await it before serving requests.
 */
export function ensureDatabase(): Promise<void> {
	state.__fraseaDatabaseReady ??= prepareDatabase().catch((error: unknown) => {
		state.__fraseaDatabaseReady = undefined
		throw error
	})
	return state.__fraseaDatabaseReady
}

async function prepareDatabase() {
	const { databaseUrl, databaseEngine } = getEnv()
	const { applied } = await applyMigrations(databaseUrl)
	if (applied.length > 0) {
		console.log(`Database: applied ${applied.length} migration(s): ${applied.join(', ')}`)
	}
	if (databaseEngine !== 'sqlite') return
	// journal_mode is stored in the file; busy_timeout and foreign_keys belong to the
	// connection, so they go through Prisma's own connection (the adapter keeps one).
	// PRAGMA statements that report a value must be read as queries.
	await prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL')
	await prisma.$queryRawUnsafe(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
	await prisma.$executeRawUnsafe('PRAGMA foreign_keys = ON')
}
