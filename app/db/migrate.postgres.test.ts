import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pgQuery } from '../../tests/support/postgres'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { databaseOn } from '../../tests/setup/global-setup'
import {
	applyMigrations,
	defaultMigrationPaths,
	MigrationStateError,
	pendingSchemaChanges,
} from './migrate.server'

const serverUrl = inject('templateDatabase')
const paths = defaultMigrationPaths('postgresql')
const created: string[] = []
const tempDir = mkdtempSync(path.join(tmpdir(), 'frasea-pg-migrate-'))

const admin = (sql: string) => pgQuery(serverUrl, sql)

/** A new, empty database on the test server. */
async function freshDatabase() {
	const name = `frasea_migrate_${randomBytes(5).toString('hex')}`
	await admin(`CREATE DATABASE ${name}`)
	created.push(name)
	return databaseOn(serverUrl, name)
}

afterAll(async () => {
	for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
	rmSync(tempDir, { recursive: true, force: true })
})

const localMigrations = () =>
	readdirSync(paths.migrationsDir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
		.sort()

describe('the PostgreSQL migration history', () => {
	test('builds exactly the data model: no change is missing a migration', async () => {
		expect(await pendingSchemaChanges(serverUrl)).toBe('')
	})

	test('a model change without its migration is caught', async () => {
		const schemaPath = path.join(tempDir, 'schema.prisma')
		writeFileSync(
			schemaPath,
			`${readFileSync(paths.schemaPath, 'utf8')}\nmodel Probe {\n\tid String @id\n\n\t@@map("probes")\n}\n`,
		)
		const changes = await pendingSchemaChanges(serverUrl, { ...paths, schemaPath })
		expect(changes).toContain('CREATE TABLE "probes"')
	})
})

describe('applyMigrations on PostgreSQL', () => {
	test('migrates a new database once, recording each migration as prisma migrate deploy does', async () => {
		const url = await freshDatabase()
		expect((await applyMigrations(url)).applied).toEqual(localMigrations())
		expect((await applyMigrations(url)).applied).toEqual([])

		const tables = await pgQuery<{ tablename: string }>(
			url,
			`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
		)
		expect(tables.map((row) => row.tablename)).toEqual(
			expect.arrayContaining([
				'perfiles',
				'frases',
				'sessions',
				'generation_quotas',
				'_prisma_migrations',
			]),
		)
	})

	test('processes starting at once agree: one applies, the others find nothing to do', async () => {
		const url = await freshDatabase()
		const results = await Promise.all([
			applyMigrations(url),
			applyMigrations(url),
			applyMigrations(url),
		])
		expect(results.flatMap((result) => result.applied).sort()).toEqual(localMigrations())
	})

	test('a database migrated by a newer version is refused with the migration it does not know', async () => {
		const url = await freshDatabase()
		await applyMigrations(url)
		await pgQuery(
			url,
			`INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count)
			VALUES ('newer', 'abc', '29991231000000_from_the_future', now(), 1)`,
		)
		const refusal = await applyMigrations(url).catch((error: unknown) => error)
		expect(refusal).toBeInstanceOf(MigrationStateError)
		expect((refusal as Error).message).toMatch(
			/ahead of this version: it has migration\(s\) 29991231000000_from_the_future/,
		)
	})

	test('a migration changed after it was applied, or one that failed half-way, is refused', async () => {
		const url = await freshDatabase()
		await applyMigrations(url)
		const [first] = localMigrations()
		await pgQuery(
			url,
			`UPDATE _prisma_migrations SET checksum = 'edited' WHERE migration_name = '${first}'`,
		)
		await expect(applyMigrations(url)).rejects.toThrow(
			`migration ${first} was changed after it was applied`,
		)

		await pgQuery(
			url,
			`UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = '${first}'`,
		)
		await expect(applyMigrations(url)).rejects.toThrow(`migration ${first} failed part-way`)
	})
})
