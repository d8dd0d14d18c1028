import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { type TestProject } from 'vitest/node'
import { applyMigrations } from '../../app/db/migrate.server'

declare module 'vitest' {
	export interface ProvidedContext {
		/** A migrated SQLite file that each test file copies (tests/setup/database.ts). */
		templateDatabase: string
	}
}

/**
 * Migrates one template database for the whole run: copying a file per test file is
 * cheaper than replaying the migrations in each of them.
 */
export async function setup(project: TestProject) {
	const dir = mkdtempSync(path.join(tmpdir(), 'frasea-template-'))
	const file = path.join(dir, 'template.db')
	await applyMigrations(`file:${file}`)
	// The journal mode is stored in the file, so every copy starts in WAL as the app's does
	// (ensureDatabase); closing checkpoints the log back into the file.
	const db = new Database(file)
	db.pragma('journal_mode = WAL')
	db.close()
	project.provide('templateDatabase', file)
	return () => rmSync(dir, { recursive: true, force: true })
}
