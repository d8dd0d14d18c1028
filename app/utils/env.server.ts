import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { z } from 'zod'

const optionalString = z
	.string()
	.trim()
	.transform((value) => value || undefined)
	.optional()

const optionalUrl = z
	.string()
	.trim()
	.transform((value) => value || undefined)
	.pipe(z.url({ protocol: /^https?$/ }).optional())
	.optional()

const nonNegativeInt = (fallback: number, max: number) =>
	z
		.string()
		.trim()
		.default(String(fallback))
		.transform((value) => (value === '' ? String(fallback) : value))
		.transform(Number)
		.pipe(z.number().int().min(0).max(max))

/** The public origin: scheme, host and port only (a path would break every link we build). */
const appUrl = optionalString.pipe(
	z
		.url({ protocol: /^https?$/ })
		.refine((value) => {
			// Runs after a failed URL check too (zod reports every issue at once).
			const url = URL.parse(value)
			return url?.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
		}, 'must be an origin such as https://frasea.example (no path, query or credentials)')
		.optional(),
)

const positiveInt = (fallback: number) =>
	z
		.string()
		.trim()
		.default(String(fallback))
		.transform((value) => (value === '' ? String(fallback) : value))
		.transform(Number)
		.pipe(z.number().int().positive().max(1_000_000))

const schema = z.object({
	NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
	PORT: positiveInt(3000).pipe(z.number().max(65535)),
	APP_URL: appUrl,
	TRUST_PROXY: nonNegativeInt(0, 10),
	DATA_DIR: z.string().trim().min(1).default('./data'),
	DATABASE_URL: optionalString.pipe(
		z
			.string()
			.regex(
				/^(file:.+|postgres(ql)?:\/\/.+)/,
				'must be a SQLite file URL such as file:./data/frasea.db or a PostgreSQL URL such as postgres://user:password@host:5432/frasea',
			)
			.optional(),
	),
	SESSION_SECRET: optionalString.pipe(
		z
			.string()
			.refine(
				(value) => value.split(',').every((secret) => secret.trim().length >= 16),
				'each comma-separated secret must have at least 16 characters',
			)
			.optional(),
	),
	SECRETS_KEY: optionalString.pipe(
		z.string().min(16, 'must have at least 16 characters').optional(),
	),
	ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
	GEMINI_API_KEY: optionalString,
	GEMINI_BASE_URL: optionalUrl.default('https://generativelanguage.googleapis.com'),
	GEMINI_MODEL: optionalString.default('gemini-flash-latest'),
	OPENAI_BASE_URL: optionalUrl,
	OPENAI_API_KEY: optionalString,
	OPENAI_MODEL: optionalString,
	IMAGE_PROVIDER: z.enum(['procedural', 'pollinations']).default('procedural'),
	POLLINATIONS_BASE_URL: optionalUrl,
	POLLINATIONS_TOKEN: optionalString,
	GOOGLE_CLIENT_ID: optionalString,
	GOOGLE_CLIENT_SECRET: optionalString,
	GOOGLE_ISSUER: optionalUrl.default('https://accounts.google.com'),
	AUTH_RATE_LIMIT: positiveInt(10),
	GENERATION_DAILY_LIMIT_ANON: positiveInt(30),
	GENERATION_DAILY_LIMIT_USER: positiveInt(200),
	GENERATION_DAILY_LIMIT_IP: positiveInt(100),
	GENERATION_DAILY_LIMIT_GLOBAL: nonNegativeInt(0, 100_000_000),
	// Images kept on disk (card backgrounds, profile photos) a day per client address,
	// whichever account or browser sends them.
	UPLOAD_DAILY_LIMIT_IP: positiveInt(40),
	// Render worker threads, each drawing one card JPEG or ZIP at a time (a ZIP is ~300 ms of
	// one core), by default one per core; and renders waiting for a worker. Beyond them the
	// answer is 503 with Retry-After.
	CARD_RENDER_CONCURRENCY: positiveInt(Math.min(64, Math.max(1, availableParallelism()))).pipe(
		z.number().max(64),
	),
	CARD_RENDER_QUEUE: nonNegativeInt(16, 1000),
	// How often each process asks the database whether the admin configuration changed (an
	// admin on another process); 0 asks on every use.
	CONFIG_CHECK_INTERVAL_MS: nonNegativeInt(1000, 60_000),
	SMTP_URL: optionalString.pipe(
		z
			.string()
			.regex(/^smtps?:\/\/.+/, 'must start with smtp:// or smtps://')
			.optional(),
	),
	MAIL_FROM: optionalString,
	// Announcements and weekly summaries sent a minute by all processes together (an admin's
	// value on /admin/mail wins).
	MAIL_BULK_PER_MINUTE: positiveInt(60),
	ADS_CLIENT_ID: optionalString.pipe(
		z
			.string()
			.regex(/^ca-pub-\d{10,20}$/, 'must be a publisher id such as ca-pub-1234567890123456')
			.optional(),
	),
})

/** Rules between variables, checked on the raw values so they are reported with the rest. */
function crossProblems(source: Record<string, string | undefined>): string[] {
	const set = (name: string) => Boolean(source[name]?.trim())
	const problems: string[] = []
	if (set('GOOGLE_CLIENT_ID') !== set('GOOGLE_CLIENT_SECRET')) {
		const missing = set('GOOGLE_CLIENT_ID') ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'
		problems.push(`${missing}: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together`)
	}
	if (set('OPENAI_BASE_URL') && !set('OPENAI_MODEL')) {
		problems.push('OPENAI_MODEL: is required when OPENAI_BASE_URL is set')
	}
	// Several processes share one PostgreSQL database: a secret generated into one machine's
	// DATA_DIR would sign cookies and encrypt keys that the other machines cannot read.
	if (engineOf(source.DATABASE_URL?.trim()) === 'postgresql') {
		for (const name of ['SESSION_SECRET', 'SECRETS_KEY']) {
			if (!set(name)) {
				problems.push(
					`${name}: is required with a PostgreSQL DATABASE_URL (every app process must share it; generate one with: openssl rand -base64 32)`,
				)
			}
		}
	}
	return problems
}

export type DatabaseEngine = 'sqlite' | 'postgresql'

/** Which database a URL names: `postgres://` or `postgresql://`, else a SQLite `file:`. */
export function engineOf(databaseUrl: string | undefined): DatabaseEngine {
	return databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgresql' : 'sqlite'
}

type Env = z.infer<typeof schema> & {
	/** Absolute path of DATA_DIR. */
	dataDir: string
	/** The database URL actually used (DATABASE_URL, or a SQLite file under DATA_DIR). */
	databaseUrl: string
	databaseEngine: DatabaseEngine
	/**
	 * The public origin (APP_URL, or http://localhost:PORT): the only source of absolute
	 * URLs. The request's Host header is never used for them.
	 */
	appOrigin: string
	/** Whether APP_URL was set (the same-origin check falls back to the request's own origin). */
	appUrlConfigured: boolean
	/** HTTPS deployments get Secure, `__Host-` cookies; plain HTTP (a LAN) keeps working. */
	secureCookies: boolean
}

export class EnvError extends Error {
	constructor(readonly problems: string[]) {
		super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
		this.name = 'EnvError'
	}
}

/** Validates an environment object and names every bad variable in one error. */
export function parseEnv(source: Record<string, string | undefined>): Env {
	const result = schema.safeParse(source)
	const problems = [
		...(result.success
			? []
			: result.error.issues.map(
					(issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
				)),
		...crossProblems(source),
	]
	if (!result.success || problems.length > 0) throw new EnvError(problems)
	const dataDir = path.resolve(result.data.DATA_DIR)
	const appOrigin = new URL(result.data.APP_URL ?? `http://localhost:${result.data.PORT}`).origin
	const databaseUrl = result.data.DATABASE_URL ?? `file:${path.join(dataDir, 'frasea.db')}`
	return {
		...result.data,
		dataDir,
		databaseUrl,
		databaseEngine: engineOf(databaseUrl),
		appOrigin,
		appUrlConfigured: result.data.APP_URL !== undefined,
		secureCookies: appOrigin.startsWith('https:'),
	}
}

let cached: Env | undefined

/** The validated process environment; throws at first use when something is wrong. */
export function getEnv(): Env {
	cached ??= parseEnv(process.env)
	return cached
}

/** Absolute path of the SQLite file behind a `file:` URL. */
export function sqlitePath(databaseUrl: string): string {
	return path.resolve(databaseUrl.replace(/^file:/, '').replace(/\?.*$/, ''))
}

/**
 * A random secret generated once and kept in DATA_DIR under `name` (readable by the owner
 * only), so a newcomer's install needs no configuration. Concurrent first starts agree on
 * one value: the first writer wins and the others read it.
 */
export function generatedSecret(name: string): string {
	const env = getEnv()
	const file = path.join(env.dataDir, name)
	try {
		return readFileSync(file, 'utf8').trim()
	} catch {
		mkdirSync(env.dataDir, { recursive: true })
		const secret = randomBytes(32).toString('base64url')
		try {
			writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
			return secret
		} catch {
			return readFileSync(file, 'utf8').trim()
		}
	}
}

let secrets: string[] | undefined

/**
 * Cookie-signing secrets, newest first. SESSION_SECRET wins (comma-separated for rotation);
 * otherwise a random secret is generated once and kept in DATA_DIR, so a newcomer's
 * sessions survive restarts without any configuration.
 */
export function getSessionSecrets(): string[] {
	if (secrets) return secrets
	const env = getEnv()
	secrets = env.SESSION_SECRET
		? env.SESSION_SECRET.split(',').map((secret) => secret.trim())
		: [generatedSecret('session-secret')]
	return secrets
}
