// The outbox under a big announcement: 10 000 confirmed accounts, one announcement posted
// through the admin form (queued with one INSERT … SELECT), sent by the app's background
// sender to a local SMTP server (smtp-server on loopback, counting what it accepts). Reports
// how long queuing took, mails per second until the last one arrived, the app's memory, and
// /healthcheck and the anonymous home page (alternating on one connection) idle and while
// it sends: p50, p95 and the slowest request.
// The bulk pace is raised (MAIL_BULK_PER_MINUTE) so the figure is the sender's own speed;
// with the default of 60 a minute, 10 000 mails take about 2 h 47 min by design.
// BUILD_DIR picks the build; BENCH_PORT the port; BENCH_MAILS the number of accounts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import { createCookie } from '@remix-run/node'
import { SMTPServer } from 'smtp-server'
import { tsImport } from 'tsx/esm/api'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { percentile, probePages } from './lib.mjs'

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000)
const IDLE_ROUNDS = 300

const { hashToken, randomToken } = await tsImport('../app/auth/tokens.server.ts', import.meta.url)

// --- The relay: accepts everything, keeps only counts ----------------------------------
let received = 0
let firstAt = 0
let lastAt = 0
const messageIds = new Set()
const relay = new SMTPServer({
	authOptional: true,
	disabledCommands: ['STARTTLS', 'AUTH'],
	logger: false,
	onData(stream, _session, callback) {
		let head = ''
		stream.on('data', (chunk) => {
			if (head.length < 4096) head += chunk.toString('utf8')
		})
		stream.on('end', () => {
			const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1]
			if (id) messageIds.add(id)
			received++
			lastAt = performance.now()
			firstAt ||= lastAt
			callback()
		})
	},
})
await new Promise((resolve) => relay.listen(0, '127.0.0.1', resolve))
const relayPort = relay.server.address().port

// --- The app ------------------------------------------------------------------------------
const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-bench-mail-'))
const secret = randomBytes(24).toString('base64url')
const app = await startBuiltApp({
	dataDir,
	port: Number(process.env.BENCH_PORT ?? 3987),
	env: {
		SESSION_SECRET: secret,
		SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
		MAIL_FROM: 'Frasea <no-reply@frasea.test>',
		MAIL_BULK_PER_MINUTE: '1000000',
		ADMIN_EMAIL: 'admin@frasea.test',
	},
})

/** Resident memory of the app's process, in MB: now, and its peak so far. */
function memory() {
	const status = readFileSync(`/proc/${app.child.pid}/status`, 'utf8')
	const field = (name) =>
		Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024
	return { rss: field('VmRSS'), peak: field('VmHWM') }
}

const probe = (options) => probePages(app.origin, options)

function summary(values) {
	const sorted = [...values].sort((a, b) => a - b)
	const f = (value) => `${value.toFixed(1)} ms`
	return sorted.length
		? `p50 ${f(percentile(sorted, 50))}, p95 ${f(percentile(sorted, 95))}, max ${f(sorted.at(-1))} (${sorted.length})`
		: 'no samples'
}

const sqlDate = (date) => date.toISOString().replace('Z', '+00:00')

/** 10 000 confirmed accounts with the default settings, and a signed-in admin. */
async function seed() {
	const db = new Database(path.join(dataDir, 'frasea.db'))
	db.pragma('busy_timeout = 5000')
	const now = sqlDate(new Date())
	const insert = db.prepare(
		`INSERT INTO perfiles (id, nombre, correo, rol, correo_verificado_en, fecha_creacion, fecha_actualizacion)
		 VALUES (?, ?, ?, ?, ?, ?, ?)`,
	)
	db.transaction(() => {
		insert.run('bench-admin', 'Admin', 'admin@frasea.test', 'admin', now, now, now)
		for (let i = 0; i < MAILS - 1; i++) {
			insert.run(`bench-${i}`, `Lectora ${i}`, `lectora${i}@frasea.test`, 'usuario', now, now, now)
		}
	})()
	const token = randomToken()
	db.prepare(
		'INSERT INTO sessions (id, user_id, expires_at, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)',
	).run(hashToken(token), 'bench-admin', sqlDate(new Date(Date.now() + 86_400_000)), now, now)
	db.close()
	const cookie = await createCookie('fr_session', { secrets: [secret] }).serialize(token)
	return cookie.split(';')[0]
}

function outboxStatus() {
	const db = new Database(path.join(dataDir, 'frasea.db'), { readonly: true })
	try {
		return db.prepare('SELECT status, COUNT(*) AS n FROM mail_outbox GROUP BY status').all()
	} finally {
		db.close()
	}
}

try {
	const cookie = await seed()
	const load = [loadavg()[0]]
	await probe({ rounds: 30 })
	const idle = await probe({ rounds: IDLE_ROUNDS })
	const idleMemory = memory()

	// The admin's form, as the page posts it.
	const page = await fetch(`${app.origin}/admin/announcements`, { headers: { cookie } })
	const requestKey = /name="requestKey" value="([\w-]+)"/.exec(await page.text())?.[1]
	if (!requestKey) throw new Error('The announcements page did not load for the admin.')
	const postedAt = performance.now()
	const posted = await fetch(`${app.origin}/admin/announcements`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			cookie,
			origin: app.origin,
			'content-type': 'application/x-www-form-urlencoded',
		},
		body: new URLSearchParams({
			intent: 'enviar',
			subject: 'Novedades de Frasea',
			body: 'Ya puedes crear tarjetas para LinkedIn: https://frasea.example/novedades\n\nUn saludo',
			audience: 'nuevas-funciones',
			requestKey,
		}),
	})
	const queuedMs = performance.now() - postedAt
	if (posted.status !== 302) throw new Error(`Sending the announcement answered ${posted.status}`)

	let peakRss = 0
	const sampler = setInterval(() => (peakRss = Math.max(peakRss, memory().rss)), 100)
	const deadline = Date.now() + 15 * 60_000
	const busy = probe({ until: () => received >= MAILS || Date.now() > deadline })
	const underLoad = await busy
	clearInterval(sampler)
	const doneMemory = memory()
	load.push(loadavg()[0])
	// The last rows are marked sent just after the relay has them.
	await new Promise((resolve) => setTimeout(resolve, 1000))
	const statuses = outboxStatus()

	const sendSeconds = (lastAt - postedAt) / 1000
	console.log(
		`Mail: ${MAILS} announcement mails to a local SMTP server (build: ${process.env.BUILD_DIR ?? 'build'})`,
	)
	console.log(`  machine load average ${load.map((value) => value.toFixed(1)).join(' → ')}`)
	console.log(`  queued in ${queuedMs.toFixed(0)} ms (the admin's POST, one INSERT … SELECT)`)
	console.log(
		`  received ${received} (${messageIds.size} distinct Message-IDs) in ${sendSeconds.toFixed(1)} s after the POST: ${(received / sendSeconds).toFixed(0)} mails/s; first after ${((firstAt - postedAt) / 1000).toFixed(2)} s`,
	)
	console.log(`  outbox afterwards: ${statuses.map((row) => `${row.status} ${row.n}`).join(', ')}`)
	for (const [label, pathname] of [
		['/healthcheck', '/healthcheck'],
		['/ (anonymous)', '/'],
	]) {
		console.log(`  ${label}`)
		console.log(`    idle:            ${summary(idle[pathname])}`)
		console.log(`    while sending:   ${summary(underLoad[pathname])}`)
	}
	console.log(
		`  Memory (RSS): ${idleMemory.rss.toFixed(0)} MB idle, ${peakRss.toFixed(0)} MB highest sampled while sending, ${doneMemory.peak.toFixed(0)} MB peak (VmHWM)`,
	)
	if (received < MAILS || messageIds.size !== received) process.exitCode = 1
} finally {
	await app.stop()
	await new Promise((resolve) => relay.close(resolve))
	rmSync(dataDir, { recursive: true, force: true })
}
