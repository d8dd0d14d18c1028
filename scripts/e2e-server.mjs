// Starts the built app for the end-to-end tests on loopback, on a brand-new data folder
// (database, secrets, uploads), so every Playwright run begins from a fresh database.
// Next to it run the test doubles the app is configured to use by URL:
// - an SMTP sink (smtp-server) that saves every message as an .eml file under
//   <data>/smtp-sink, where the tests read the links from;
// - an OIDC provider (oauth2-mock-server) standing in for Google. A test chooses who signs
//   in by adding `login_hint=<base64url JSON of {sub,email,email_verified,name}>` to the
//   authorize request (e2e/auth-helpers.ts does it); without one, a default identity.
// Their addresses are written to <data>/servers.json for the tests.
//
// With E2E_POSTGRES_URL (a URL of a PostgreSQL server where that user may create
// databases) the app runs on a brand-new PostgreSQL database there instead of SQLite, and
// its URL is written to servers.json too. PostgreSQL needs SESSION_SECRET and SECRETS_KEY
// from the environment: the caller sets them.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { OAuth2Server } from 'oauth2-mock-server'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'

const port = process.env.E2E_PORT ?? '3999'
const dataDir = path.resolve(`.cache/e2e-data-${port}`)
const mailDir = path.join(dataDir, 'smtp-sink')
rmSync(dataDir, { recursive: true, force: true })
mkdirSync(mailDir, { recursive: true })

// --- Database ---------------------------------------------------------------------------
let databaseUrl = `file:${path.join(dataDir, 'frasea.db')}`
if (process.env.E2E_POSTGRES_URL) {
	const server = new URL(process.env.E2E_POSTGRES_URL)
	const name = `frasea_e2e_${port}`
	const admin = new pg.Client({ connectionString: server.toString() })
	await admin.connect()
	try {
		// A previous run stopped halfway may have left it behind, sessions and all.
		await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
		await admin.query(`CREATE DATABASE ${name}`)
	} finally {
		await admin.end()
	}
	server.pathname = `/${name}`
	databaseUrl = server.toString()
}

// --- SMTP sink --------------------------------------------------------------------------
let mailCount = 0
const smtp = new SMTPServer({
	authOptional: true,
	disabledCommands: ['STARTTLS', 'AUTH'],
	logger: false,
	onData(stream, session, callback) {
		const chunks = []
		stream.on('data', (chunk) => chunks.push(chunk))
		stream.on('end', () => {
			const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',')
			const name = `${Date.now()}-${String(++mailCount).padStart(4, '0')}.eml`
			// The envelope recipient first, so tests can find a message without parsing it.
			writeFileSync(path.join(mailDir, name), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks)}`)
			callback()
		})
	},
})
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve))
const smtpPort = smtp.server.address().port

// --- OIDC provider ----------------------------------------------------------------------
const oidc = new OAuth2Server()
await oidc.issuer.keys.generate('RS256')
const identities = new Map()
oidc.service.on('beforeAuthorizeRedirect', (authorizeRedirectUri, req) => {
	const code = authorizeRedirectUri.url.searchParams.get('code')
	const hint = typeof req.query.login_hint === 'string' ? req.query.login_hint : null
	if (code && hint) {
		try {
			identities.set(code, JSON.parse(Buffer.from(hint, 'base64url').toString('utf8')))
		} catch {
			// A malformed hint signs in the default identity.
		}
	}
})
oidc.service.on('beforeTokenSigning', (token, req) => {
	const identity = identities.get(req.body.code) ?? {
		sub: 'google-default',
		email: 'google.default@frasea.test',
		email_verified: true,
		name: 'Usuaria Google',
	}
	Object.assign(token.payload, identity)
})
await oidc.start(0, '127.0.0.1')
const issuer = oidc.issuer.url

writeFileSync(
	path.join(dataDir, 'servers.json'),
	JSON.stringify({ smtpPort, mailDir, issuer, databaseUrl }, null, 2),
)

// --- The app ------------------------------------------------------------------------------
const child = spawn(process.execPath, ['server/index.js'], {
	stdio: 'inherit',
	env: {
		...process.env,
		NODE_ENV: 'production',
		HOST: '127.0.0.1',
		PORT: port,
		APP_URL: `http://127.0.0.1:${port}`,
		// The tests stand in for a reverse proxy: each sends its own X-Forwarded-For, so
		// per-address limits of one test don't spill into another.
		TRUST_PROXY: '1',
		// The browser-driven tests all come from 127.0.0.1; the per-address generation and
		// upload limits are tested on instances of their own.
		GENERATION_DAILY_LIMIT_IP: '1000000',
		UPLOAD_DAILY_LIMIT_IP: '1000000',
		DATA_DIR: dataDir,
		DATABASE_URL: databaseUrl,
		ADMIN_EMAIL: 'admin@frasea.test',
		SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
		MAIL_FROM: 'Frasea <no-reply@frasea.test>',
		GOOGLE_CLIENT_ID: 'frasea-e2e',
		GOOGLE_CLIENT_SECRET: 'frasea-e2e-secret',
		GOOGLE_ISSUER: issuer,
	},
})
async function shutdown(signal) {
	child.kill(signal)
	await Promise.allSettled([oidc.stop(), new Promise((resolve) => smtp.close(resolve))])
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutdown(signal))
child.on('exit', async (code) => {
	await Promise.allSettled([oidc.stop(), new Promise((resolve) => smtp.close(resolve))])
	process.exit(code ?? 0)
})
