import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { pgQuery } from '../support/postgres'
import { type TestProject } from 'vitest/node'
import { applyMigrations } from '../../app/db/migrate.server'
import { TEMPLATE_DATABASE, testEngine } from './engine'

declare module 'vitest' {
	export interface ProvidedContext {
		/**
		 * What each test file copies (tests/setup/database.ts): a migrated SQLite file, or on
		 * PostgreSQL the server's URL (the migrated template is a database on it).
		 */
		templateDatabase: string
	}
}

/**
 * Migrates one template database for the whole run: copying it per test file is cheaper
 * than replaying the migrations in each of them.
 */
export async function setup(project: TestProject) {
	if (testEngine() === 'postgresql') return setupPostgres(project)
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

async function setupPostgres(project: TestProject) {
	const serverUrl = process.env.TEST_POSTGRES_URL as string
	await pgQuery(serverUrl, `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`)
	await pgQuery(serverUrl, `CREATE DATABASE ${TEMPLATE_DATABASE}`)
	await applyMigrations(databaseOn(serverUrl, TEMPLATE_DATABASE))
	project.provide('templateDatabase', serverUrl)
}

/** The URL of another database on the same server. */
export function databaseOn(serverUrl: string, database: string) {
	const url = new URL(serverUrl)
	url.pathname = `/${database}`
	return url.toString()
}
