import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import { pgQuery } from '../tests/support/postgres'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { applyMigrations } from '~/db/migrate.server'
import { Prisma, PrismaClient } from '~/generated/prisma/client'
import { PrismaClient as PostgresPrismaClient } from '~/generated/prisma-postgresql/client'
import { CopyRefusedError, formatCounts } from '../app/db/copy-report'
import { copySqliteToPostgres } from '../app/db/copy-to-postgres.server'
import { databaseOn } from '../tests/setup/global-setup'

// A time zone behind UTC: a date sent to PostgreSQL in local time would come back shifted.
vi.hoisted(() => {
	process.env.TZ = 'America/Mexico_City'
})

const serverUrl = process.env.TEST_POSTGRES_URL as string
const database = `frasea_copy_${randomBytes(6).toString('hex')}`
// The cluster trusts every local connection, so any password gets in: the CLI must not show it.
const password = `pw-${randomBytes(8).toString('hex')}`
const target = (() => {
	const url = new URL(databaseOn(serverUrl, database))
	url.password = password
	return url.toString()
})()
const dataDir = process.env.DATA_DIR as string
const sqliteFile = path.join(dataDir, 'source', 'frasea.db')
const source = `file:${sqliteFile}`

let sqlite: PrismaClient
let postgres: PrismaClient

const admin = (sql: string) => pgQuery(serverUrl, sql)

beforeAll(async () => {
	await admin(`CREATE DATABASE ${database}`)
	await applyMigrations(source)
	sqlite = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: source }) })
	postgres = new PostgresPrismaClient({
		adapter: new PrismaPg({ connectionString: target }),
	}) as unknown as PrismaClient
	await seed(sqlite)
})

afterAll(async () => {
	await sqlite?.$disconnect()
	await postgres?.$disconnect()
	await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
})

const copiedModels = Object.values(Prisma.ModelName).filter((model) => model !== 'ConfigVersion')

const unicode = '¡Ñandú! «Frase» con acentos áéíóú, emoji 🌵 y comillas "dobles" \'simples\''
const at = (iso: string) => new Date(iso)

async function seed(db: PrismaClient) {
	const ana = await db.profile.create({
		data: {
			id: 'ana',
			name: unicode,
			email: 'ana@frasea.test',
			role: 'admin',
			emailVerifiedAt: at('2026-01-02T03:04:05.678Z'),
			createdAt: at('2025-12-31T23:59:59.999Z'),
			password: { create: { hash: '$2b$10$hash' } },
			sessions: {
				create: { id: 's1', expiresAt: at('2027-01-01T00:00:00.000Z'), userAgent: unicode },
			},
			connections: { create: { providerName: 'google', providerId: 'g-1' } },
			passwordResets: {
				create: { tokenHash: 'r1', expiresAt: at('2026-06-01T12:00:00.000Z') },
			},
			emailVerifications: {
				create: {
					tokenHash: 'v1',
					expiresAt: at('2026-06-01T12:00:00.000Z'),
					usedAt: at('2026-05-01T00:00:00.001Z'),
				},
			},
			settings: { create: { notifyTips: true, notifyEmail: false, theme: 'dark' } },
			advancedSettings: { create: { temperature: 0.35, topP: 0.9, enhanceQuality: true } },
			phrases: { create: [{ content: unicode }, { content: 'segunda' }] },
			twoFactor: { create: { secret: 'cifrado', enabledAt: new Date(), lastUsedStep: 59_000_000 } },
			recoveryCodes: { create: { codeHash: 'c1' } },
			pendingSignIns: {
				create: { id: 'p1', method: 'password', expiresAt: at('2026-11-24T10:00:00Z') },
			},
			invitationsSent: {
				create: { email: 'bea@frasea.test', tokenHash: 'i1', expiresAt: new Date() },
			},
			auditLogs: {
				create: { action: 'user.update', details: JSON.stringify({ campo: unicode, n: 1.5 }) },
			},
		},
	})
	await db.profile.create({ data: { id: 'bea', name: 'Bea', email: 'bea@frasea.test' } })
	await db.brand.create({
		data: { userId: ana.id, handle: `@${unicode}`.slice(0, 30), corner: 'top-left', overlay: 0.4 },
	})
	await db.emailSignInCode.create({
		data: { email: 'ana@frasea.test', codeHash: 'h', linkTokenHash: 'l', expiresAt: new Date() },
	})
	const model = await db.modelOption.create({
		data: { name: 'Gemini', url: 'https://example.test', model: 'gemini', active: false },
	})
	await db.advancedSettings.create({ data: { temperature: 1, topP: 0.123456789 } })
	await db.tool.create({
		data: { name: 'Instagram', description: unicode, endpoint: '/instagram', modelId: model.id },
	})
	await db.toolSettings.create({
		data: { toolId: 'instagram', name: 'Instagram', description: '', modelId: model.id },
	})
	await db.upload.create({
		data: {
			id: 'u1',
			userId: ana.id,
			kind: 'background',
			mimeType: 'image/jpeg',
			width: 1080,
			height: 1350,
			bytes: 123_456,
			fileName: 'foto.jpg',
			expiresAt: null,
		},
	})
	await db.generationBatch.create({
		data: {
			id: 'b1',
			page: 'home',
			userId: ana.id,
			prompt: unicode,
			settings: JSON.stringify({ tono: 'alegre', emojis: true }),
			provider: 'offline',
			model: 'offline',
			phrases: {
				create: [
					{ position: 0, content: unicode },
					{ position: 1, content: 'b' },
				],
			},
			history: { create: { content: unicode, userId: ana.id, settings: '{"a":null}' } },
			likes: {
				create: {
					position: 0,
					page: 'home',
					provider: 'offline',
					model: 'offline',
					phraseType: 'motivacion',
					language: 'es',
				},
			},
		},
	})
	await db.generationEvent.create({
		data: {
			page: 'home',
			provider: 'offline',
			model: 'offline',
			latencyMs: 12,
			outcome: 'success',
		},
	})
	// Dates as SQLite itself writes them: a CURRENT_TIMESTAMP default, and epoch milliseconds.
	await db.$executeRawUnsafe(
		`INSERT INTO generation_events (id, page, provider, model, latency_ms, outcome, error_kind) VALUES ('raw', 'home', 'gemini', 'm', 900, 'error', 'timeout')`,
	)
	await db.$executeRawUnsafe(
		`INSERT INTO rate_limits (key, count, reset_at) VALUES ('ip:1', 3, 1767225600123)`,
	)
	await db.rateLimit.create({ data: { key: 'login:ana', count: 1, resetAt: new Date() } })
	await db.generationQuota.create({ data: { subject: 'ana', day: '2026-11-24', count: 7 } })
	await db.generationQuota.create({ data: { subject: 'ana', day: '2026-11-25', count: 0 } })
	await db.setting.create({ data: { key: 'limits', value: JSON.stringify({ anon: 30 }) } })
	// Mail: an announcement and its queued mail, another mail sent, a week already summarised.
	await db.announcement.create({
		data: {
			id: 'a1',
			subject: unicode,
			body: `${unicode}\n\nhttps://frasea.example`,
			audience: 'new_features',
			recipients: 1,
			requestKey: 'k1',
			createdById: ana.id,
		},
	})
	await db.mailOutbox.create({
		data: {
			kind: 'announcement',
			toAddress: 'ana@frasea.test',
			userId: ana.id,
			announcementId: 'a1',
			priority: 1,
			nextAttemptAt: at('2026-11-24T10:00:00.000Z'),
			giveUpAt: at('2026-11-26T10:00:00.000Z'),
		},
	})
	await db.mailOutbox.create({
		data: {
			kind: 'password_reset',
			toAddress: 'bea@frasea.test',
			status: 'sent',
			attempts: 2,
			lastError: '421 Try again later',
			nextAttemptAt: at('2026-11-24T10:00:00.000Z'),
			expiresAt: at('2026-11-24T11:00:00.000Z'),
			giveUpAt: at('2026-11-26T10:00:00.000Z'),
			finishedAt: at('2026-11-24T10:00:01.500Z'),
		},
	})
	await db.mailRun.create({ data: { key: 'activity:2026-11-16' } })
	await db.storedFile.create({
		data: {
			key: 'avatars/aaaaaaaaaaaaaaaaaaaaaa.webp',
			contentType: 'image/webp',
			bytes: new Uint8Array(Array.from({ length: 256 }, (_, i) => i)),
			size: 256,
		},
	})
}

type Delegate = { findMany(): Promise<object[]>; count(): Promise<number> }
const delegate = (client: PrismaClient, model: string) =>
	(client as unknown as Record<string, Delegate>)[model[0]!.toLowerCase() + model.slice(1)]!

/** Every row of a model as Prisma reads it, in a fixed order. */
async function rowsOf(client: PrismaClient, model: string) {
	const rows = await delegate(client, model).findMany()
	return rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
}

test('refuses a SQLite database that is behind its migrations', async () => {
	const empty = path.join(dataDir, 'empty.db')
	writeFileSync(empty, '')
	await expect(copySqliteToPostgres(`file:${empty}`, target)).rejects.toThrow(CopyRefusedError)
	await expect(copySqliteToPostgres(`file:${empty}`, target)).rejects.toThrow(
		/behind this version.*npm run db:migrate/,
	)
})

test('copies every table with its values, then a second run copies nothing twice', async () => {
	// Every model has rows: a model added without seeding it here fails this test.
	for (const model of Object.values(Prisma.ModelName)) {
		expect(await delegate(sqlite, model).count(), model).toBeGreaterThan(0)
	}
	const uploads = path.join(dataDir, 'uploads')
	mkdirSync(uploads, { recursive: true })
	const upload = path.join(uploads, 'bbbbbbbbbbbbbbbbbbbbbb.jpg')
	writeFileSync(upload, Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]))
	utimesSync(upload, at('2026-10-01T00:00:00Z'), at('2026-10-01T00:00:00Z'))

	const first = await copySqliteToPostgres(source, target, { dataDir, batchRows: 2 })
	expect(first.migrationsApplied.length).toBeGreaterThan(0)
	expect(first.countsMatch).toBe(true)
	// Each model's table was copied and counted (the configuration's version is each
	// database's own).
	expect(first.tables).toHaveLength(copiedModels.length)
	for (const count of first.tables) {
		expect(count.sqlite, count.table).toBeGreaterThan(0)
		expect(count.copied, count.table).toBe(count.postgresql)
	}
	const storedFiles = first.tables.find((count) => count.table === 'stored_files')
	expect(storedFiles).toMatchObject({ sqlite: 1, files: 1, postgresql: 2 })
	expect(formatCounts(first.tables)).toMatch(/^stored_files +1 \+ 1 files +2 +2$/m)

	const fromFiles = (row: object) =>
		'key' in row && row.key === 'uploads/bbbbbbbbbbbbbbbbbbbbbb.jpg'
	for (const model of copiedModels) {
		const copied = (await rowsOf(postgres, model)).filter((row) => !fromFiles(row))
		expect(copied, model).toEqual(await rowsOf(sqlite, model))
	}
	const event = await postgres.generationEvent.findUniqueOrThrow({ where: { id: 'raw' } })
	expect(Math.abs(event.createdAt.getTime() - Date.now())).toBeLessThan(60_000)
	const limit = await postgres.rateLimit.findUniqueOrThrow({ where: { key: 'ip:1' } })
	expect(limit.resetAt.toISOString()).toBe('2026-01-01T00:00:00.123Z')
	const file = await postgres.storedFile.findUniqueOrThrow({
		where: { key: 'uploads/bbbbbbbbbbbbbbbbbbbbbb.jpg' },
	})
	expect([...file.bytes]).toEqual([0xff, 0xd8, 0xff, 0x00, 0x01])
	expect(file.createdAt.toISOString()).toBe('2026-10-01T00:00:00.000Z')

	const second = await copySqliteToPostgres(source, target, { dataDir })
	expect(second.migrationsApplied).toEqual([])
	expect(second.countsMatch).toBe(true)
	expect(second.tables.map((count) => count.copied)).toEqual(first.tables.map(() => 0))
	expect(second.tables.map((count) => count.postgresql)).toEqual(
		first.tables.map((count) => count.postgresql),
	)

	// A row written to SQLite after the first copy is all a third run copies.
	await sqlite.phrase.create({ data: { content: 'nueva', userId: 'ana' } })
	const third = await copySqliteToPostgres(source, target, { dataDir })
	expect(third.tables.filter((count) => count.copied > 0)).toEqual([
		{ table: 'frases', sqlite: 3, postgresql: 3, copied: 1 },
	])
})

test('the command exits 1 on a count mismatch and never prints the password', async () => {
	// A row PostgreSQL has and SQLite lacks.
	await postgres.setting.create({ data: { key: 'solo-en-postgres', value: '1' } })
	const run = promisify(execFile)
	const result = await run(
		process.execPath,
		['node_modules/tsx/dist/cli.mjs', 'scripts/db-copy-to-postgres.ts', '--from', source],
		{ env: { ...process.env, DATABASE_URL: '', POSTGRES_URL: target, DATA_DIR: dataDir } },
	).then(
		() => ({ code: 0, stdout: '', stderr: '' }),
		(error: { code: number; stdout: string; stderr: string }) => error,
	)
	expect(result.code).toBe(1)
	expect(result.stdout).toMatch(/^settings +1 +2 +0 +MISMATCH$/m)
	expect(result.stdout).toContain(':***@')
	expect(result.stderr).toContain('Row counts differ in settings')
	expect(`${result.stdout}${result.stderr}`).not.toContain(password)
})
