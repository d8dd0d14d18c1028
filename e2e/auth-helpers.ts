import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { createCookie } from '@remix-run/node'
import { expect, type BrowserContext, type Page } from '@playwright/test'
import { hashPassword } from '../app/auth/password.server'
import { hashToken, randomToken } from '../app/auth/tokens.server'
import { generateRecoveryCodes, hashRecoveryCode } from '../app/auth/recovery-codes.server'
import { generateTotpSecret } from '../app/auth/totp.server'
import { bindKey } from '../app/settings/bound-key.server'
import { encryptSecret, keyFromSecret } from '../app/settings/secrets.server'
import { baseURL } from '../playwright.config'
import { parseMessage } from '../tests/support/mime'
import { expectHydration, projectHasJs } from './fixtures'

/**
 * What scripts/e2e-server.mjs started next to the app: the SMTP sink (its messages are
 * .eml files in `mailDir`) and the OIDC provider standing in for Google (`issuer`).
 */
type Servers = { smtpPort: number; mailDir: string; issuer: string }

const dataDir = path.resolve(`.cache/e2e-data-${process.env.E2E_PORT ?? 3999}`)

let servers: Servers | undefined
export function testServers(): Servers {
	servers ??= JSON.parse(readFileSync(path.join(dataDir, 'servers.json'), 'utf8')) as Servers
	return servers
}

/**
 * A running app the tests reach: the shared e2e server, or an instance a spec started on
 * its own data folder (e2e/own-app.ts).
 */
export type AppTarget = { dataDir: string; baseURL: string }

export const sharedApp: AppTarget = { dataDir, baseURL }

/** Runs SQL on an app's database (for set-ups the UI has no way to make, e.g. role admin). */
export function sqlIn(target: AppTarget, statement: string, ...params: unknown[]) {
	const db = new Database(path.join(target.dataDir, 'frasea.db'))
	db.pragma('busy_timeout = 5000')
	try {
		return db.prepare(statement).run(...params)
	} finally {
		db.close()
	}
}

export function sqlGetIn<T>(
	target: AppTarget,
	statement: string,
	...params: unknown[]
): T | undefined {
	const db = new Database(path.join(target.dataDir, 'frasea.db'), { readonly: true })
	db.pragma('busy_timeout = 5000')
	try {
		return db.prepare(statement).get(...params) as T | undefined
	} finally {
		db.close()
	}
}

/** Every row a query returns, from the database of `target`. */
export function sqlAllIn<T>(target: AppTarget, statement: string, ...params: unknown[]): T[] {
	const db = new Database(path.join(target.dataDir, 'frasea.db'), { readonly: true })
	db.pragma('busy_timeout = 5000')
	try {
		return db.prepare(statement).all(...params) as T[]
	} finally {
		db.close()
	}
}

/** SQL on the shared e2e server's database. */
export function sql(statement: string, ...params: unknown[]) {
	return sqlIn(sharedApp, statement, ...params)
}

export function sqlGet<T>(statement: string, ...params: unknown[]): T | undefined {
	return sqlGetIn<T>(sharedApp, statement, ...params)
}

/** An address no other test uses. */
export function uniqueEmail(label: string) {
	return `${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@frasea.test`
}

export const PASSWORD = 'contraseña segura 2026'

/** A documentation-range IPv4 address, as if a reverse proxy reported this visitor. */
export function randomIp() {
	return `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`
}

// --- Accounts written straight to the database ---------------------------------------------

export type UserOptions = {
	/** Role admin (with a confirmed e-mail, as the admin area requires). */
	admin?: boolean
	name?: string
	email?: string
	password?: string
	/** Whether the e-mail is confirmed; true unless asked otherwise. */
	confirmed?: boolean
}

export type TestUser = { id: string; email: string; name: string; password: string }

/** How Prisma's SQLite adapter stores a DateTime. */
export const sqlDate = (date: Date) => date.toISOString().replace('Z', '+00:00')

/**
 * An account as registration leaves it (profile and bcrypt password, the same hash the app
 * computes), without driving the form: for tests about something else than signing up.
 * Unconfirmed accounts get no confirmation link; ask for one through the page if needed.
 */
export async function createUser(options: UserOptions = {}): Promise<TestUser> {
	return createUserIn(sharedApp, options)
}

/** A new account's id and values: those given, else a unique address and the test password. */
export function newTestUser(options: UserOptions = {}): TestUser {
	return {
		id: randomUUID(),
		email: options.email ?? uniqueEmail('usuario'),
		name: options.name ?? 'Usuaria de Prueba',
		password: options.password ?? PASSWORD,
	}
}

export async function createUserIn(
	target: AppTarget,
	options: UserOptions = {},
): Promise<TestUser> {
	const user = newTestUser(options)
	const hash = await hashPassword(user.password)
	const now = sqlDate(new Date())
	const confirmed = options.confirmed ?? true
	sqlIn(
		target,
		`INSERT INTO perfiles (id, nombre, correo, rol, correo_verificado_en, fecha_creacion, fecha_actualizacion)
		 VALUES (?, ?, ?, ?, ?, ?, ?)`,
		user.id,
		user.name,
		user.email,
		options.admin ? 'admin' : 'usuario',
		confirmed ? now : null,
		now,
		now,
	)
	sqlIn(target, 'INSERT INTO passwords (user_id, hash) VALUES (?, ?)', user.id, hash)
	return user
}

/**
 * The key the app encrypts stored secrets with: the e2e apps set no SECRETS_KEY, so it is
 * the one generated into their data folder (made here first if the app has not yet; the
 * app then reads it, as two processes of its own would).
 */
function secretsKeyOf(target: AppTarget) {
	const file = path.join(target.dataDir, 'secrets-key')
	try {
		writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' })
	} catch {
		// The app generated it already.
	}
	return keyFromSecret(readFileSync(file, 'utf8').trim())
}

/**
 * A provider key as an admin's "Guardar API Key" stores it in this app: encrypted under its
 * key, bound to the address it may be sent to.
 */
export function sealKeyIn(target: AppTarget, key: string, address: string) {
	return encryptSecret(bindKey(key, address), secretsKeyOf(target))
}

/**
 * Two-factor on for an account, as its setup leaves it, without the profile's forms: a
 * real secret stored encrypted under the app's key, and ten recovery codes stored hashed.
 * Returns the secret (base32, from which a test computes codes as an authenticator app
 * would) and the recovery codes as they were shown.
 */
export function enableTwoFactorIn(target: AppTarget, userId: string) {
	const secret = generateTotpSecret()
	const recoveryCodes = generateRecoveryCodes()
	const now = sqlDate(new Date())
	sqlIn(
		target,
		'INSERT INTO two_factor (user_id, secret, enabled_at, created_at) VALUES (?, ?, ?, ?)',
		userId,
		encryptSecret(secret, secretsKeyOf(target)),
		now,
		now,
	)
	for (const code of recoveryCodes) {
		sqlIn(
			target,
			'INSERT INTO recovery_codes (id, user_id, code_hash, created_at) VALUES (?, ?, ?, ?)',
			randomUUID(),
			userId,
			hashRecoveryCode(code),
			now,
		)
	}
	return { secret, recoveryCodes }
}

/** Lifetime of a new session (app/auth/session.server.ts). */
const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000

/**
 * The cookie-signing secret the app generated in its data folder at first use (the e2e
 * server sets no SESSION_SECRET). A first page request makes it exist.
 */
export async function sessionSecret(target: AppTarget) {
	const file = path.join(target.dataDir, 'session-secret')
	if (!existsSync(file)) await fetch(`${target.baseURL}/login`)
	return readFileSync(file, 'utf8').trim()
}

/**
 * Signs a browser context in as a user, as sign-in does: a session row keyed by the SHA-256
 * of a random token, and the token in the signed session cookie (`__Host-` only on HTTPS).
 */
export async function signInAs(
	context: BrowserContext,
	userId: string,
	options: { userAgent?: string } = {},
) {
	await signInAsIn(sharedApp, context, userId, options)
}

export async function signInAsIn(
	target: AppTarget,
	context: BrowserContext,
	userId: string,
	options: { userAgent?: string } = {},
) {
	const token = randomToken()
	const now = new Date()
	const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
	sqlIn(
		target,
		'INSERT INTO sessions (id, user_id, expires_at, created_at, last_used_at, user_agent) VALUES (?, ?, ?, ?, ?, ?)',
		hashToken(token),
		userId,
		sqlDate(expiresAt),
		sqlDate(now),
		sqlDate(now),
		options.userAgent ?? null,
	)
	const secure = target.baseURL.startsWith('https:')
	const name = secure ? '__Host-fr_session' : 'fr_session'
	const serialized = await createCookie(name, { secrets: [await sessionSecret(target)] }).serialize(
		token,
	)
	const value = serialized.slice(name.length + 1).split(';')[0] ?? ''
	await context.addCookies([
		{
			name,
			value,
			url: target.baseURL,
			httpOnly: true,
			secure,
			sameSite: 'Lax',
			expires: Math.floor(expiresAt.getTime() / 1000),
		},
	])
}

// --- Mail -------------------------------------------------------------------------------

export type ReceivedMail = { file: string; to: string; subject: string; text: string; html: string }

/** A message the SMTP sink (or an app's own outbox) holds, read with tests/support/mime.ts. */
function parseMail(file: string): ReceivedMail {
	const mail = parseMessage(readFileSync(file, 'utf8'))
	return {
		file,
		// The SMTP sink records the envelope; an app's own outbox keeps the To header.
		to: mail.header('X-Envelope-To') || mail.header('To'),
		subject: mail.subject,
		text: mail.text,
		html: mail.html,
	}
}

/**
 * Every message to an address, oldest first: from the shared server's SMTP sink, or from
 * the outbox of an app started without SMTP_URL (`from`).
 */
export function mailsTo(address: string, from?: AppTarget): ReceivedMail[] {
	const mailDir = from ? path.join(from.dataDir, 'outbox') : testServers().mailDir
	if (!existsSync(mailDir)) return []
	return readdirSync(mailDir)
		.filter((name) => name.endsWith('.eml'))
		.sort()
		.map((name) => parseMail(path.join(mailDir, name)))
		.filter((mail) => mail.to.split(',').includes(address))
}

/** Waits for the `count`-th message to an address (see `mailsTo`) and returns it. */
export async function waitForMail(
	address: string,
	count = 1,
	from?: AppTarget,
): Promise<ReceivedMail> {
	let mails: ReceivedMail[] = []
	await expect
		.poll(() => (mails = mailsTo(address, from)).length, {
			message: `mail #${count} to ${address}`,
			timeout: 10_000,
		})
		.toBeGreaterThanOrEqual(count)
	return mails[count - 1] as ReceivedMail
}

/**
 * Waits for a message to an address whose subject starts with `subject`, and returns the
 * newest such. Mails go out in the background, so a confirmation sent at registration may
 * arrive after a reset mail asked for right afterwards: counting messages is not enough.
 */
export async function waitForMailAbout(address: string, subject: string): Promise<ReceivedMail> {
	let found: ReceivedMail | undefined
	await expect
		.poll(() => (found = mailsTo(address).findLast((mail) => mail.subject.startsWith(subject))), {
			message: `a mail "${subject}…" to ${address}`,
			timeout: 10_000,
		})
		.toBeDefined()
	return found as ReceivedMail
}

/** The link to `pathname` in a message, as a path the test's baseURL can open. */
export function linkIn(mail: ReceivedMail, pathname: string) {
	const match = new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=[\\w-]+`).exec(mail.text)
	expect(match, `a ${pathname} link in "${mail.subject}"`).not.toBeNull()
	const url = new URL(match?.[0] ?? '')
	return url.pathname + url.search
}

// --- Google (the OIDC mock) -----------------------------------------------------------------

export type GoogleIdentity = { sub: string; email: string; email_verified?: boolean; name?: string }

/**
 * The next Google sign-in on this page comes back as this identity: the authorize request
 * to the OIDC mock gets a login_hint that scripts/e2e-server.mjs turns into the ID token.
 */
export async function signInWithGoogleAs(page: Page, identity: GoogleIdentity) {
	const { issuer } = testServers()
	const hint = Buffer.from(JSON.stringify({ email_verified: true, ...identity })).toString(
		'base64url',
	)
	const withHint = (location: string) => {
		const url = new URL(location)
		url.searchParams.set('login_hint', hint)
		return url.toString()
	}
	// With JavaScript, Remix sends the browser to the provider with a new request.
	await page.route(`${issuer}/authorize?**`, (route) =>
		route.continue({ url: withHint(route.request().url()) }),
	)
	// Without it, the form's POST answers with a redirect, which routes do not see: rewrite it.
	await page.route('**/auth/google', async (route) => {
		const response = await route.fetch({ maxRedirects: 0 })
		const location = response.headers()['location']
		if (!location?.startsWith(`${issuer}/authorize`)) return route.fulfill({ response })
		await route.fulfill({
			response,
			headers: { ...response.headers(), location: withHint(location) },
		})
	})
}

// --- Forms ------------------------------------------------------------------------------

export async function fillRegister(
	page: Page,
	values: { name: string; email: string; password: string; confirmPassword?: string },
) {
	const form = page.locator('form#register')
	await form.getByLabel('Nombre completo').fill(values.name)
	await form.getByLabel('Correo electrónico').fill(values.email)
	await form.getByLabel('Contraseña', { exact: true }).fill(values.password)
	await form.getByLabel('Confirmar contraseña').fill(values.confirmPassword ?? values.password)
}

/**
 * From now on this page stands for another person behind the reverse proxy. The suite's
 * browsers all connect from 127.0.0.1, and one address may register, sign in or ask for a
 * reset only AUTH_RATE_LIMIT times a minute, which parallel specs would otherwise exceed.
 */
export async function comeFromNewAddress(page: Page) {
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
}

/** Registers through the form, on the shared server or on another app (`at`). */
export async function register(
	page: Page,
	values: { name: string; email: string; password?: string },
	at?: AppTarget,
) {
	await comeFromNewAddress(page)
	await page.goto(`${at?.baseURL ?? ''}/register`)
	// With JavaScript, typing before hydration would race React taking over the fields.
	await expectHydration(page, projectHasJs())
	await fillRegister(page, { ...values, password: values.password ?? PASSWORD })
	await page.locator('form#register').getByRole('button', { name: 'Crear cuenta' }).click()
	await expect(page).toHaveURL(/\/(dashboard|admin\/overview)$/)
}

/**
 * Asks for a reset link on /forgot-password (from a new address), opens it from the mail
 * and saves `password`. The page ends wherever the reset leads.
 */
export async function resetPasswordThroughMail(
	page: Page,
	email: string,
	password: string,
	visit: (path: string) => Promise<void>,
) {
	await comeFromNewAddress(page)
	const before = mailsTo(email).filter((mail) => mail.subject.startsWith('Restablece')).length
	await visit('/forgot-password')
	await page.getByLabel('Correo electrónico').fill(email)
	await page.getByRole('button', { name: 'Enviar enlace' }).click()
	await expect
		.poll(() => mailsTo(email).filter((mail) => mail.subject.startsWith('Restablece')).length)
		.toBe(before + 1)
	await visit(linkIn(await waitForMailAbout(email, 'Restablece'), '/reset-password'))
	await page.getByLabel('Nueva contraseña').fill(password)
	await page.getByLabel('Confirmar contraseña').fill(password)
	await page.getByRole('button', { name: 'Guardar contraseña' }).click()
}

export async function login(page: Page, email: string, password = PASSWORD) {
	const form = page.locator('form#login')
	await form.getByLabel('Correo electrónico').fill(email)
	await form.getByLabel('Contraseña').fill(password)
	await form.getByRole('button', { name: 'Iniciar Sesión' }).click()
}

export async function logout(page: Page) {
	await page.getByRole('banner').getByRole('button', { name: 'Cerrar Sesión' }).first().click()
	await expect(page).toHaveURL('/')
}

/** The current session cookie, to prove later that the server forgot it. */
export async function sessionCookie(page: Page) {
	const cookie = (await page.context().cookies()).find((c) => c.name === 'fr_session')
	expect(cookie, 'a session cookie').toBeDefined()
	return cookie as NonNullable<typeof cookie>
}

/** A toast (flashed by the server, or shown by the browser) with this text. */
export const toast = (page: Page, text: string | RegExp) =>
	page.getByTestId('toast').filter({ hasText: text }).first()

/**
 * Closes a toast (with JavaScript; without it the next page load replaces it), so that a
 * later wait for the same text can only be answered by a new one.
 */
export async function closeToast(page: Page, text: string | RegExp) {
	const shown = toast(page, text)
	const close = shown.getByRole('button', { name: 'Cerrar aviso' })
	if ((await close.count()) === 0) return
	await close.click()
	await expect(page.getByTestId('toast').filter({ hasText: text })).toHaveCount(0)
}
