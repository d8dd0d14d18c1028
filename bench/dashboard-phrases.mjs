// The dashboard's lists for one user with 10 000 saved phrases and 10 000 history rows:
// server time per request (p50/p95) for /dashboard/frases (first page, a search, the last
// page in the other order, edit mode), /dashboard/historial (first page, a search, the
// last page) and the home, next to /healthcheck measured in the same run as the floor of
// the machine; then the whole history export, with the app's memory before and after.
// Target (issue "User dashboard"): p50 under 50 ms for each page; the export streams.
import { createCookie } from '@remix-run/node'
import Database from 'better-sqlite3'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { kb, ms, timeSequential } from './lib.mjs'

const PHRASES = 10_000
const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`
const SECRET = 'secreto-de-la-medicion-del-panel-0123456789'
const sqlDate = (date) => date.toISOString().replace('Z', '+00:00')

const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-bench-dashboard-'))
const app = await startBuiltApp({ dataDir, env: { SESSION_SECRET: SECRET } })
try {
	// The app has migrated its database by now (the healthcheck answered): fill it directly,
	// as the user and the session sign-in would have written them.
	const db = new Database(path.join(dataDir, 'frasea.db'))
	db.pragma('busy_timeout = 5000')
	const userId = randomUUID()
	const now = new Date()
	db.prepare(
		`INSERT INTO perfiles (id, nombre, correo, rol, fecha_creacion, fecha_actualizacion)
		 VALUES (?, 'Medición', 'medicion@frasea.test', 'usuario', ?, ?)`,
	).run(userId, sqlDate(now), sqlDate(now))
	db.prepare(
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		 INSERT INTO frases (id, contenido, fecha_creacion, fecha_actualizacion, usuario_id)
		 SELECT 'frase-' || i,
		        'Frase número ' || i || CASE WHEN i % 10 = 0 THEN ' sobre el mar y la calma' ELSE ' para empezar el día con energía' END,
		        strftime('%Y-%m-%dT%H:%M:%S.000+00:00', '2025-01-01', '+' || i || ' minutes'),
		        strftime('%Y-%m-%dT%H:%M:%S.000+00:00', 'now'),
		        ?
		 FROM n`,
	).run(PHRASES, userId)
	db.prepare(
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		 INSERT INTO historial_frases (id, contenido, usuario_id, fecha_creacion, prompt_original, configuracion)
		 SELECT 'historia-' || i,
		        'Frase generada número ' || i || CASE WHEN i % 10 = 0 THEN ' sobre el mar' ELSE ' sobre la montaña' END,
		        ?,
		        strftime('%Y-%m-%dT%H:%M:%S.000+00:00', '2025-01-01', '+' || i || ' minutes'),
		        'la naturaleza',
		        '{"language":"español es","type":"motivacionales","length":25}'
		 FROM n`,
	).run(PHRASES, userId)
	const token = randomBytes(32).toString('base64url')
	db.prepare(
		'INSERT INTO sessions (id, user_id, expires_at, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)',
	).run(
		createHash('sha256').update(token).digest('hex'),
		userId,
		sqlDate(new Date(now.getTime() + 86_400_000)),
		sqlDate(now),
		sqlDate(now),
	)
	db.close()
	const cookie = (await createCookie('fr_session', { secrets: [SECRET] }).serialize(token)).split(
		';',
	)[0]

	const pages = [
		['first page', '/dashboard/frases'],
		['search "mar" (1 000 matches)', '/dashboard/frases?q=mar'],
		['last page, oldest first, list', '/dashboard/frases?orden=antiguas&vista=lista&pagina=417'],
		['edit mode on a page', '/dashboard/frases?editar=frase-9990'],
		['history, first page', '/dashboard/historial'],
		['history, search "mar"', '/dashboard/historial?q=mar'],
		['history, last page, oldest first', '/dashboard/historial?orden=antiguas&pagina=417'],
		['dashboard home', '/dashboard'],
	]
	const get = async (url, headers = {}) => {
		const response = await fetch(`${app.origin}${url}`, { headers, redirect: 'manual' })
		const body = await response.text()
		if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
		return body
	}
	// Prove the pages show what they should before timing them.
	const first = await get(pages[0][1], { cookie })
	if (!first.includes(`${PHRASES} frases guardadas`)) throw new Error('The page lacks the total.')
	if (!(await get(pages[2][1], { cookie })).includes('Página 417 de 417')) {
		throw new Error('The last page is not page 417.')
	}

	const options = { count: 200, warmup: 20 }
	console.log(
		`Dashboard lists with ${PHRASES.toLocaleString('en')} saved phrases and as many history rows`,
	)
	const health = await timeSequential(() => get('/healthcheck'), options)
	console.log(`  /healthcheck (floor): p50 ${ms(health.p50)}, p95 ${ms(health.p95)}`)
	for (const [label, url] of pages) {
		const timing = await timeSequential(() => get(url, { cookie }), options)
		console.log(
			`  ${label} (${url}): p50 ${ms(timing.p50)}, p95 ${ms(timing.p95)}  (target p50 < 50 ms)`,
		)
	}

	// The whole history as a file: its size, how long it takes, and the app's resident
	// memory around it (read from /proc: the export must not hold the file in memory).
	const rss = () =>
		Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${app.child.pid}/status`, 'utf8'))?.[1]) * 1024
	const before = rss()
	let peak = before
	const watcher = setInterval(() => (peak = Math.max(peak, rss())), 5)
	const start = performance.now()
	const exported = await get('/dashboard/historial/exportar', { cookie })
	const elapsed = performance.now() - start
	clearInterval(watcher)
	const count = exported.trim().split('\n\n').length
	if (count !== PHRASES) throw new Error(`The export holds ${count} phrases, not ${PHRASES}.`)
	console.log(
		`  history export (${count} phrases, ${kb(Buffer.byteLength(exported))}): ${ms(elapsed)}; app memory ${mb(before)} before, ${mb(peak)} at most during`,
	)
} finally {
	await app.stop()
	rmSync(dataDir, { recursive: true, force: true })
}
