// Driver adapter factories for the schema engine, one per database engine, each remembering
// its connections so they can be closed (the engine does not close them when freed).
import { randomBytes } from 'node:crypto'
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import {
	type SqlDriverAdapter,
	type SqlMigrationAwareDriverAdapterFactory,
	type SqlQuery,
} from '@prisma/driver-adapter-utils'
import pg from 'pg'

export type TrackedFactory = SqlMigrationAwareDriverAdapterFactory & {
	/** Closes every connection the engine opened (and drops a PostgreSQL shadow database). */
	close(): Promise<void>
}

/** SQLite through better-sqlite3; the shadow database lives in memory. */
export function sqliteFactory(dbFile: string): TrackedFactory {
	const factory = new PrismaBetterSqlite3({ url: dbFile, timeout: 5000 })
	const connections: SqlDriverAdapter[] = []
	return {
		provider: factory.provider,
		adapterName: factory.adapterName,
		async connect() {
			const connection = await factory.connect()
			connections.push(connection)
			return connection
		},
		async connectToShadowDb() {
			const connection = withScriptFallback(await factory.connectToShadowDb())
			connections.push(connection)
			return connection
		},
		async close() {
			await Promise.allSettled(connections.map((connection) => connection.dispose()))
		},
	}
}

/**
 * Replaying the migration history on the shadow database sends each migration.sql as one
 * query; better-sqlite3 refuses to prepare more than one statement, so such a query runs
 * as a script instead.
 */
function withScriptFallback(adapter: SqlDriverAdapter): SqlDriverAdapter {
	const asScript = async <T>(query: SqlQuery, run: () => Promise<T>, empty: T): Promise<T> => {
		try {
			return await run()
		} catch (error) {
			if (query.args.length > 0 || !isMultiStatementError(error)) throw error
			await adapter.executeScript(query.sql)
			return empty
		}
	}
	return {
		provider: adapter.provider,
		adapterName: adapter.adapterName,
		queryRaw: (query) =>
			asScript(query, () => adapter.queryRaw(query), {
				columnNames: [],
				columnTypes: [],
				rows: [],
			}),
		executeRaw: (query) => asScript(query, () => adapter.executeRaw(query), 0),
		executeScript: (script) => adapter.executeScript(script),
		startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
		dispose: () => adapter.dispose(),
	}
}

/**
 * The PostgreSQL adapter cuts a script at every semicolon, which cuts a function body
 * (`$$ … ; … $$`, as a trigger needs) in two. The simple query protocol runs a whole script,
 * statement after statement, as psql would.
 */
function withWholeScripts(adapter: SqlDriverAdapter, connections: pg.Pool): SqlDriverAdapter {
	return {
		provider: adapter.provider,
		adapterName: adapter.adapterName,
		queryRaw: (query) => adapter.queryRaw(query),
		executeRaw: (query) => adapter.executeRaw(query),
		executeScript: async (script) => {
			await connections.query(script)
		},
		startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
		dispose: () => adapter.dispose(),
	}
}

function isMultiStatementError(error: unknown) {
	return error instanceof Error && /more than one statement/i.test(error.message)
}

/**
 * PostgreSQL through node-postgres. The shadow database (needed only to create migrations
 * and to check them against the schema) is created next to the live one by a role with
 * CREATEDB, and dropped after its pool is closed.
 */
export function postgresFactory(databaseUrl: string): TrackedFactory {
	const pools: pg.Pool[] = []
	const shadows: string[] = []
	const pool = (config: pg.PoolConfig) => {
		const created = new pg.Pool({ ...config, max: 2 })
		created.on('connect', readCharAsText)
		// An idle connection dropped by the server must not crash the process.
		created.on('error', () => {})
		pools.push(created)
		return created
	}
	const connect = async () => {
		const connectionPool = pool({ connectionString: databaseUrl })
		return withWholeScripts(await new PrismaPg(connectionPool).connect(), connectionPool)
	}
	return {
		provider: 'postgres',
		adapterName: '@prisma/adapter-pg',
		connect,
		async connectToShadowDb() {
			const name = `frasea_shadow_${randomBytes(6).toString('hex')}`
			const admin = new pg.Client({ connectionString: databaseUrl })
			await admin.connect()
			try {
				await admin.query(`CREATE DATABASE "${name}"`)
			} finally {
				await admin.end()
			}
			shadows.push(name)
			// Separate fields: node-postgres lets a connection string win over `database`, which
			// would replay the history on the live database.
			const shadowPool = pool({ ...connectionFields(databaseUrl), database: name })
			return withWholeScripts(await new PrismaPg(shadowPool).connect(), shadowPool)
		},
		async close() {
			await Promise.allSettled(pools.map((each) => each.end()))
			if (shadows.length === 0) return
			const admin = new pg.Client({ connectionString: databaseUrl })
			await admin.connect()
			try {
				for (const name of shadows) await admin.query(`DROP DATABASE IF EXISTS "${name}"`)
			} finally {
				await admin.end()
			}
		},
	}
}

/** Host, port, user, password and database of a postgres:// URL, as separate fields. */
export function connectionFields(databaseUrl: string): pg.ClientConfig {
	const url = new URL(databaseUrl)
	const host = url.searchParams.get('host') ?? decodeURIComponent(url.hostname)
	return {
		host: host || undefined,
		port: url.port ? Number(url.port) : undefined,
		user: url.username ? decodeURIComponent(url.username) : undefined,
		password: url.password ? decodeURIComponent(url.password) : undefined,
		database: decodeURIComponent(url.pathname.slice(1)) || undefined,
	}
}

const CHAR_OID = 18
const TEXT_OID = 25

/**
 * The engine's introspection reads catalog columns of PostgreSQL's one-byte `"char"` type,
 * which the adapter has no column type for; node-postgres already hands them over as
 * strings, so they are declared as text.
 */
function readCharAsText(client: pg.PoolClient) {
	const query = client.query.bind(client) as (...args: unknown[]) => unknown
	const relabel = (result: unknown) => {
		for (const each of [result].flat()) {
			for (const field of (each as pg.QueryResult | undefined)?.fields ?? []) {
				if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID
			}
		}
		return result
	}
	;(client as { query: unknown }).query = (...args: unknown[]) => {
		const callback = args.at(-1)
		if (typeof callback === 'function') {
			return query(...args.slice(0, -1), (error: unknown, result: unknown) =>
				callback(error, error ? result : relabel(result)),
			)
		}
		const answer = query(...args)
		return answer instanceof Promise ? answer.then(relabel) : answer
	}
}
