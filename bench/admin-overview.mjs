// The admin pages on a site with 10 000 users, 100 000 saved phrases and 100 000 provider
// calls spread over 45 days (in several languages and variants, some rejected by the
// language check): server time per request (p50/p95) for Panel General (both
// tabs) and Usuarios (first page, a search, the last page), next to /healthcheck measured
// in the same run as the floor of the machine.
// Usage: npm run build (or BUILD_DIR=…), then node bench/admin-overview.mjs
import { createCookie } from '@remix-run/node'
import Database from 'better-sqlite3'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { ms, timeSequential } from './lib.mjs'

const USERS = 10_000
const PHRASES = 100_000
const EVENTS = 100_000
const SECRET = 'secreto-de-la-medicion-del-admin-0123456789'
const sqlDate = (date) => date.toISOString().replace('Z', '+00:00')

const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-bench-admin-'))
const app = await startBuiltApp({ dataDir, env: { SESSION_SECRET: SECRET } })
try {
	const db = new Database(path.join(dataDir, 'frasea.db'))
	db.pragma('busy_timeout = 5000')
	const now = sqlDate(new Date())
	db.prepare(
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		 INSERT INTO perfiles (id, nombre, correo, rol, correo_verificado_en, fecha_creacion, fecha_actualizacion)
		 SELECT 'u' || i, 'Persona ' || i, 'persona' || i || '@frasea.test',
		        CASE WHEN i = 1 THEN 'admin' ELSE 'usuario' END, ?,
		        strftime('%Y-%m-%dT%H:%M:%S.000+00:00', '2025-01-01', '+' || i || ' minutes'), ?
		 FROM n`,
	).run(USERS, now, now)
	db.prepare(
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		 INSERT INTO frases (id, contenido, fecha_creacion, fecha_actualizacion, usuario_id)
		 SELECT 'f' || i, 'Frase ' || i,
		        strftime('%Y-%m-%dT%H:%M:%S.000+00:00', 'now', '-' || (i % 60) || ' days', '-' || i || ' seconds'),
		        ?, 'u' || (1 + i % ${USERS})
		 FROM n`,
	).run(PHRASES, now)
	db.prepare(
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		 INSERT INTO generation_events (id, created_at, page, provider, model, latency_ms, outcome, error_kind,
		                                language, variant, rejected_phrases)
		 SELECT 'e' || i,
		        strftime('%Y-%m-%dT%H:%M:%S.000+00:00', 'now', '-' || (i % 45) || ' days', '-' || (i % 3600) || ' seconds'),
		        'home', CASE i % 3 WHEN 0 THEN 'gemini' WHEN 1 THEN 'openai' ELSE 'offline' END, 'modelo',
		        (i * 7919) % 5000,
		        CASE WHEN i % 17 = 0 OR i % 101 = 0 THEN 'error' ELSE 'success' END,
		        CASE WHEN i % 17 = 0 THEN 'unavailable' WHEN i % 101 = 0 THEN 'wrong_language' END,
		        CASE WHEN i % 5 = 4 THEN 'en' ELSE 'es' END,
		        CASE WHEN i % 5 = 4 THEN NULL ELSE (CASE i % 7 WHEN 0 THEN 'ar' WHEN 1 THEN 'es' WHEN 2 THEN 'mx' ELSE 'latam' END) END,
		        CASE WHEN i % 101 = 0 THEN 4 WHEN i % 53 = 0 THEN 1 ELSE 0 END
		 FROM n`,
	).run(EVENTS)
	db.exec('ANALYZE')
	const token = randomBytes(32).toString('base64url')
	db.prepare(
		'INSERT INTO sessions (id, user_id, expires_at, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)',
	).run(
		createHash('sha256').update(token).digest('hex'),
		'u1',
		sqlDate(new Date(Date.now() + 86_400_000)),
		now,
		now,
	)
	db.close()
	const cookie = (await createCookie('fr_session', { secrets: [SECRET] }).serialize(token)).split(
		';',
	)[0]

	const get = async (url, headers = {}) => {
		const response = await fetch(`${app.origin}${url}`, { headers, redirect: 'manual' })
		const body = await response.text()
		if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
		return body
	}
	// Prove the pages show what they should before timing them.
	if (!(await get('/admin/overview', { cookie })).includes('10.000')) {
		throw new Error('The overview lacks the user total.')
	}
	const statistics = await get('/admin/overview?tab=estadisticas', { cookie })
	if (!statistics.includes('Argentina (voseo)') || !statistics.includes('Respuestas rechazadas')) {
		throw new Error('The statistics lack the languages or the language check.')
	}
	if (!(await get('/admin/users?page=500', { cookie })).includes('Página 500 de 500')) {
		throw new Error('The last page of users is not page 500.')
	}

	const pages = [
		['Panel General, recent activity', '/admin/overview'],
		['Panel General, statistics', '/admin/overview?tab=estadisticas'],
		['Usuarios, first page', '/admin/users'],
		['Usuarios, search "persona99"', '/admin/users?q=persona99'],
		['Usuarios, last page', '/admin/users?page=500'],
	]
	const options = { count: 100, warmup: 10 }
	console.log(
		`Admin pages with ${USERS.toLocaleString('en')} users, ${PHRASES.toLocaleString('en')} phrases and ${EVENTS.toLocaleString('en')} provider calls`,
	)
	const health = await timeSequential(() => get('/healthcheck'), options)
	console.log(`  /healthcheck (floor): p50 ${ms(health.p50)}, p95 ${ms(health.p95)}`)
	for (const [label, url] of pages) {
		const timing = await timeSequential(() => get(url, { cookie }), options)
		console.log(`  ${label} (${url}): p50 ${ms(timing.p50)}, p95 ${ms(timing.p95)}`)
	}
} finally {
	await app.stop()
	rmSync(dataDir, { recursive: true, force: true })
}
