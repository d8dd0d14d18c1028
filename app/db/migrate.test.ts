import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, test } from 'vitest'
import {
	applyMigrations,
	createMigration,
	defaultMigrationPaths,
	MigrationStateError,
} from './migrate.server'

const paths = defaultMigrationPaths()
const tempDir = mkdtempSync(path.join(tmpdir(), 'frasea-migrate-'))
const databaseUrl = `file:${path.join(tempDir, 'nested', 'test.db')}`

afterAll(() => rmSync(tempDir, { recursive: true, force: true }))

function localMigrations() {
	return readdirSync(paths.migrationsDir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
		.sort()
}

/** Table names the schema declares (@@map, or the model name). */
function schemaTables() {
	const schema = readFileSync(paths.schemaPath, 'utf8')
	return [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)].map(
		([, model, body]) => body?.match(/@@map\("([^"]+)"\)/)?.[1] ?? model,
	)
}

function query<T>(sql: string): T[] {
	const db = new Database(path.join(tempDir, 'nested', 'test.db'), { readonly: true })
	try {
		return db.prepare(sql).all() as T[]
	} finally {
		db.close()
	}
}

describe('applyMigrations', () => {
	test('creates every table of the schema in a fresh database', async () => {
		const { applied } = await applyMigrations(databaseUrl)
		expect(applied).toEqual(localMigrations())

		const tables = query<{ name: string }>(
			`SELECT name FROM sqlite_master WHERE type = 'table'`,
		).map((row) => row.name)
		expect(tables).toEqual(expect.arrayContaining([...schemaTables(), '_prisma_migrations']))
		expect(schemaTables()).toContain('perfiles')
	})

	test('applies nothing the second time, without loading the engine', async () => {
		const started = performance.now()
		const { applied } = await applyMigrations(databaseUrl)
		expect(applied).toEqual([])
		expect(performance.now() - started).toBeLessThan(500)
	})

	test('records the sha256 of each migration.sql, like prisma migrate deploy', () => {
		const rows = query<{ migration_name: string; checksum: string; finished_at: string | null }>(
			'SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY migration_name',
		)
		expect(rows.map((row) => row.migration_name)).toEqual(localMigrations())
		for (const row of rows) {
			const sql = readFileSync(path.join(paths.migrationsDir, row.migration_name, 'migration.sql'))
			expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'))
			expect(row.finished_at).not.toBeNull()
		}
	})
})

describe('a database this version cannot use', () => {
	test('one migrated by a newer version is refused, naming the migration it does not know', async () => {
		const file = path.join(tempDir, 'ahead.db')
		await applyMigrations(`file:${file}`)
		const db = new Database(file)
		db.prepare(
			`INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count)
			VALUES ('newer', 'abc', '29991231000000_from_the_future', 1, 1)`,
		).run()
		db.close()
		const refusal = await applyMigrations(`file:${file}`).catch((error: unknown) => error)
		expect(refusal).toBeInstanceOf(MigrationStateError)
		expect((refusal as Error).message).toMatch(
			/ahead of this version: it has migration\(s\) 29991231000000_from_the_future/,
		)
	})
})

describe('createMigration', () => {
	test('reports no changes when the schema matches the history', async () => {
		const result = await createMigration(databaseUrl, 'nothing')
		expect(result).toEqual({ name: null, applied: [] })
		expect(localMigrations()).not.toContainEqual(expect.stringMatching(/_nothing$/))
	})

	test('writes and applies a migration for a schema change', async () => {
		const migrationsDir = path.join(tempDir, 'migrations')
		const schemaPath = path.join(tempDir, 'schema.prisma')
		cpSync(paths.migrationsDir, migrationsDir, { recursive: true })
		writeFileSync(
			schemaPath,
			`${readFileSync(paths.schemaPath, 'utf8')}\nmodel Probe {\n\tid String @id\n\n\t@@map("probes")\n}\n`,
		)

		const result = await createMigration(databaseUrl, 'Add probes', { migrationsDir, schemaPath })
		expect(result.name).toMatch(/^\d{14}_add_probes$/)
		expect(result.applied).toEqual([result.name])
		const sql = readFileSync(path.join(migrationsDir, result.name!, 'migration.sql'), 'utf8')
		expect(sql).toContain('CREATE TABLE "probes"')
		expect(query(`SELECT name FROM sqlite_master WHERE name = 'probes'`)).toHaveLength(1)
	})
})

describe('ensureDatabase', () => {
	test('migrates the configured database and turns on WAL and foreign keys', async () => {
		const dataDir = path.join(tempDir, 'data')
		process.env.DATA_DIR = dataDir
		delete process.env.DATABASE_URL
		const { ensureDatabase, prisma } = await import('~/utils/db.server')
		try {
			await ensureDatabase()
			await ensureDatabase()

			const db = new Database(path.join(dataDir, 'frasea.db'), { readonly: true })
			expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
			db.close()
			const [foreignKeys] =
				await prisma.$queryRawUnsafe<{ foreign_keys: unknown }[]>('PRAGMA foreign_keys')
			expect(Number(foreignKeys?.foreign_keys)).toBe(1)

			// Deleting a profile cascades to its phrases.
			const user = await prisma.profile.create({
				data: { name: 'Ana', email: 'ana@example.com', phrases: { create: { content: 'Hola' } } },
			})
			await prisma.profile.delete({ where: { id: user.id } })
			expect(await prisma.phrase.count({ where: { userId: user.id } })).toBe(0)
		} finally {
			await prisma.$disconnect()
		}
	})
})
