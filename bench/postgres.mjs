// SQLite and PostgreSQL side by side, in one run on this machine (a throw-away PostgreSQL
// cluster on loopback, scripts/postgres-cluster.mjs):
// - server time (p50/p95, sequential) of the home page, the dashboard home and the saved
//   phrases list of a user with 1 000 phrases, next to /healthcheck as the machine's floor;
// - sustained generations per second (autocannon, 8 connections, 10 s, zero-latency fake
//   Gemini) with one app process on each engine, and with two processes on PostgreSQL
//   (the load split between them, as a proxy would).
import { createCookie } from '@remix-run/node'
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { startPostgresCluster } from '../scripts/postgres-cluster.mjs'
import { GENERATION_FORM, ms, startFakeGemini, timeSequential } from './lib.mjs'

const PHRASES = 1_000
const SESSION_SECRET = 'secreto-de-la-medicion-postgresql-0123456789'
const SECRETS_KEY = 'clave-de-la-medicion-postgresql-0123456789'
const LIMITS = {
	GENERATION_DAILY_LIMIT_ANON: '1000000',
	GENERATION_DAILY_LIMIT_USER: '1000000',
	GENERATION_DAILY_LIMIT_IP: '1000000',
}

const cluster = await startPostgresCluster()
const fake = await startFakeGemini(4398)
const cleanups = [() => cluster.stop(), () => fake.stop()]

async function start(engine, database = 'frasea_bench') {
	const dataDir = mkdtempSync(path.join(tmpdir(), `frasea-bench-${engine}-`))
	const env = { ...fake.env, ...LIMITS, SESSION_SECRET, SECRETS_KEY }
	if (engine === 'postgresql') env.DATABASE_URL = cluster.url(database)
	const app = await startBuiltApp({ dataDir, env })
	cleanups.unshift(async () => {
		await app.stop()
		rmSync(dataDir, { recursive: true, force: true })
	})
	return { ...app, dataDir, engine }
}

/** A user with PHRASES saved phrases and a session; returns the session cookie. */
async function seedUser(app) {
	const userId = randomUUID()
	const token = randomBytes(32).toString('base64url')
	const sessionId = createHash('sha256').update(token).digest('hex')
	const expires = new Date(Date.now() + 86_400_000)
	if (app.engine === 'postgresql') {
		const client = new pg.Client({ connectionString: cluster.url('frasea_bench') })
		await client.connect()
		await client.query(
			`INSERT INTO perfiles (id, nombre, correo, rol, fecha_creacion, fecha_actualizacion)
			 VALUES ($1, 'Medición', 'medicion@frasea.test', 'usuario', now(), now())`,
			[userId],
		)
		await client.query(
			`INSERT INTO frases (id, contenido, fecha_creacion, fecha_actualizacion, usuario_id)
			 SELECT 'frase-' || i, 'Frase número ' || i || ' para empezar el día con energía',
			        timestamp '2025-01-01' + i * interval '1 minute', now(), $1
			 FROM generate_series(1, $2) AS i`,
			[userId, PHRASES],
		)
		await client.query(
			'INSERT INTO sessions (id, user_id, expires_at, created_at, last_used_at) VALUES ($1, $2, $3, now(), now())',
			[sessionId, userId, expires],
		)
		await client.end()
	} else {
		const sqlDate = (date) => date.toISOString().replace('Z', '+00:00')
		const db = new Database(path.join(app.dataDir, 'frasea.db'))
		db.pragma('busy_timeout = 5000')
		const now = sqlDate(new Date())
		db.prepare(
			`INSERT INTO perfiles (id, nombre, correo, rol, fecha_creacion, fecha_actualizacion)
			 VALUES (?, 'Medición', 'medicion@frasea.test', 'usuario', ?, ?)`,
		).run(userId, now, now)
		db.prepare(
			`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
			 INSERT INTO frases (id, contenido, fecha_creacion, fecha_actualizacion, usuario_id)
			 SELECT 'frase-' || i, 'Frase número ' || i || ' para empezar el día con energía',
			        strftime('%Y-%m-%dT%H:%M:%S.000+00:00', '2025-01-01', '+' || i || ' minutes'), ?, ?
			 FROM n`,
		).run(PHRASES, now, userId)
		db.prepare(
			'INSERT INTO sessions (id, user_id, expires_at, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)',
		).run(sessionId, userId, sqlDate(expires), now, now)
		db.close()
	}
	return (await createCookie('fr_session', { secrets: [SESSION_SECRET] }).serialize(token)).split(
		';',
	)[0]
}

async function timePages(app, cookie) {
	const pages = [
		['/healthcheck (reference)', '/healthcheck', {}],
		['home', '/', {}],
		['dashboard home', '/dashboard', { cookie }],
		['saved phrases, first page', '/dashboard/frases', { cookie }],
	]
	const rows = []
	for (const [label, pathname, headers] of pages) {
		const timing = await timeSequential(
			async () => {
				const response = await fetch(`${app.origin}${pathname}`, { headers, redirect: 'manual' })
				if (response.status !== 200) throw new Error(`${pathname}: status ${response.status}`)
				await response.arrayBuffer()
			},
			{ count: 300, warmup: 30 },
		)
		rows.push([label, timing])
	}
	return rows
}

const generation = GENERATION_FORM

/** Generations per second over 10 s, the 8 connections split across the given apps. */
async function generationsPerSecond(apps) {
	const results = await Promise.all(
		apps.map((app) =>
			autocannon({
				url: `${app.origin}/?index`,
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.origin },
				body: generation,
				connections: 8 / apps.length,
				duration: 10,
			}),
		),
	)
	const completed = results.reduce((sum, result) => sum + (result['3xx'] ?? 0), 0)
	const failures = results.reduce(
		(sum, result) => sum + result.errors + result.non2xx - (result['3xx'] ?? 0),
		0,
	)
	if (failures > 0) throw new Error(`${failures} generations failed`)
	return completed / 10
}

try {
	const admin = new pg.Client({ connectionString: cluster.url() })
	await admin.connect()
	await admin.query('CREATE DATABASE frasea_bench')
	await admin.end()

	const sqlite = await start('sqlite')
	const postgres = await start('postgresql')
	const sqliteRows = await timePages(sqlite, await seedUser(sqlite))
	const postgresRows = await timePages(postgres, await seedUser(postgres))

	console.log(
		`Pages, server time over 300 sequential requests (a user with ${PHRASES} saved phrases)`,
	)
	console.log('  page                          SQLite p50 / p95        PostgreSQL p50 / p95')
	sqliteRows.forEach(([label, lite], index) => {
		const [, post] = postgresRows[index]
		console.log(
			`  ${label.padEnd(30)}${`${ms(lite.p50)} / ${ms(lite.p95)}`.padEnd(24)}${ms(post.p50)} / ${ms(post.p95)}`,
		)
	})

	const onSqlite = await generationsPerSecond([sqlite])
	const onOne = await generationsPerSecond([postgres])
	const second = await start('postgresql')
	const onTwo = await generationsPerSecond([postgres, second])
	console.log('Generations per second (autocannon, 8 connections, 10 s, zero-latency fake Gemini)')
	console.log(`  SQLite, one process:          ${onSqlite.toFixed(1)}`)
	console.log(`  PostgreSQL, one process:      ${onOne.toFixed(1)}`)
	console.log(
		`  PostgreSQL, two processes:    ${onTwo.toFixed(1)}  (on this machine's 2 cores, shared with PostgreSQL and the load generator)`,
	)
} finally {
	for (const cleanup of cleanups) await cleanup()
}
