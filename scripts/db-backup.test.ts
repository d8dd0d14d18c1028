import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, expect, test } from 'vitest'

let dataDir: string | undefined
afterEach(() => {
	if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('db:backup copies a live WAL database, uncheckpointed writes included, into one file', () => {
	dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-backup-'))
	const live = new Database(path.join(dataDir, 'frasea.db'))
	live.pragma('journal_mode = WAL')
	// Keep everything in the WAL: the backup must still see it.
	live.pragma('wal_autocheckpoint = 0')
	live.exec('CREATE TABLE frases (id INTEGER PRIMARY KEY, contenido TEXT NOT NULL)')
	const insert = live.prepare('INSERT INTO frases (contenido) VALUES (?)')
	for (let i = 0; i < 500; i++) insert.run(`frase ${i}`)

	// While the app's connection is still open.
	const output = execFileSync(
		process.execPath,
		['node_modules/tsx/dist/cli.mjs', 'scripts/db-backup.ts'],
		{ env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
	)
	live.close()
	const file = output.trim().split('\n').at(-1) ?? ''
	expect(file).toMatch(/backups[/\\]frasea-\d{8}T\d{6}Z\.db$/)
	expect(existsSync(`${file}-wal`)).toBe(false)
	const copy = new Database(file, { readonly: true })
	try {
		expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
		expect(copy.prepare('SELECT count(*) AS n FROM frases').get()).toEqual({ n: 500 })
	} finally {
		copy.close()
	}
})
