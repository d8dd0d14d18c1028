/**
 * What the PostgreSQL specs need beside the shared helpers (e2e/auth-helpers.ts): SQL on a
 * PostgreSQL database through `pg`, databases of their own on the test cluster, accounts
 * written straight to the database, and app processes started on such a database.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { hashPassword } from '../../app/auth/password.server'
import { startBuiltApp } from '../../scripts/app-process.mjs'
import { newTestUser, type TestUser, type UserOptions } from '../auth-helpers'
import { pgQuery } from '../../tests/support/postgres'
import { SHARED_SECRETS } from './secrets'

export { pgQuery, SHARED_SECRETS }

export const ADMIN_EMAIL = 'admin@frasea.test'

/** The superuser URL of the test cluster (scripts/postgres-cluster.mjs sets it). */
export function clusterUrl(): string {
	const url = process.env.TEST_POSTGRES_URL
	if (!url) {
		throw new Error(
			'TEST_POSTGRES_URL is not set: run these specs with `npm run test:e2e:postgres`, which starts a PostgreSQL cluster for them.',
		)
	}
	return url
}

/** The shared e2e app's database (scripts/e2e-server.mjs wrote its URL next to its data). */
export function sharedDatabaseUrl(): string {
	const dataDir = path.resolve(`.cache/e2e-data-${process.env.E2E_PORT}`)
	const servers = JSON.parse(readFileSync(path.join(dataDir, 'servers.json'), 'utf8')) as {
		databaseUrl: string
	}
	if (!/^postgres(ql)?:\/\//.test(servers.databaseUrl)) {
		throw new Error(`The e2e server runs on ${servers.databaseUrl}, not on PostgreSQL.`)
	}
	return servers.databaseUrl
}

/** A brand-new, empty database on the test cluster (the app migrates it at start). */
export async function createDatabase(label: string) {
	const name = `frasea_${label}_${randomBytes(4).toString('hex')}`
	await pgQuery(clusterUrl(), `CREATE DATABASE ${name}`)
	const url = new URL(clusterUrl())
	url.pathname = `/${name}`
	return {
		url: url.toString(),
		async drop() {
			await pgQuery(clusterUrl(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
		},
	}
}

/**
 * An account as registration leaves it (profile and bcrypt password), for the set-ups the
 * forms cannot make: ADMIN_EMAIL's account with its address already confirmed.
 */
export async function createUserPg(
	databaseUrl: string,
	options: UserOptions = {},
): Promise<TestUser> {
	const user = newTestUser(options)
	const now = new Date()
	await pgQuery(
		databaseUrl,
		`INSERT INTO perfiles (id, nombre, correo, rol, correo_verificado_en, fecha_creacion, fecha_actualizacion)
		 VALUES ($1, $2, $3, $4, $5, $6, $6)`,
		[
			user.id,
			user.name,
			user.email,
			options.admin ? 'admin' : 'usuario',
			(options.confirmed ?? true) ? now : null,
			now,
		],
	)
	await pgQuery(databaseUrl, 'INSERT INTO passwords (user_id, hash) VALUES ($1, $2)', [
		user.id,
		await hashPassword(user.password),
	])
	return user
}

export type PostgresApp = Awaited<ReturnType<typeof startBuiltApp>> & { dataDir: string }

/**
 * Starts the built app on a PostgreSQL database, with a data folder of its own (so nothing
 * one process keeps on disk can reach another) and the shared secrets.
 */
export async function startPostgresApp(
	databaseUrl: string,
	env: Record<string, string> = {},
): Promise<PostgresApp> {
	const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-pg-app-'))
	try {
		const app = await startBuiltApp({
			dataDir,
			databaseUrl,
			env: {
				...SHARED_SECRETS,
				ADMIN_EMAIL,
				// The offline engine, no mail: these apps stand on their own.
				GEMINI_API_KEY: '',
				OPENAI_BASE_URL: '',
				OPENAI_MODEL: '',
				SMTP_URL: '',
				...env,
			},
		})
		return {
			...app,
			dataDir,
			async stop() {
				await app.stop()
				rmSync(dataDir, { recursive: true, force: true })
			},
		}
	} catch (error) {
		rmSync(dataDir, { recursive: true, force: true })
		throw error
	}
}
