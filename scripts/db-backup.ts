// `npm run db:backup`: a consistent copy of the live SQLite database, taken with SQLite's
// online backup API while the app keeps running (readers and writers are not stopped; the
// copy is one point in time, WAL content included). Written to
// DATA_DIR/backups/frasea-<UTC timestamp>.db; prints the path. Restore: see README "Backups".
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { getEnv, sqlitePath } from '../app/utils/env.server'

const { dataDir, databaseUrl } = getEnv()
const source = sqlitePath(databaseUrl)
if (!existsSync(source)) {
	console.error(`No database at ${source}: nothing to back up.`)
	process.exit(1)
}
const backups = path.join(dataDir, 'backups')
mkdirSync(backups, { recursive: true })
const stamp = new Date()
	.toISOString()
	.replace(/[-:]/g, '')
	.replace(/\.\d+Z$/, 'Z')
const target = path.join(backups, `frasea-${stamp}.db`)

const db = new Database(source, { readonly: true, fileMustExist: true })
try {
	db.pragma('busy_timeout = 5000')
	await db.backup(target)
} finally {
	db.close()
}

// A backup is one self-contained file: leave WAL mode (the app turns it back on at start),
// then prove the copy is whole before saying it is there.
const copy = new Database(target)
try {
	copy.pragma('journal_mode = DELETE')
	const check = copy.pragma('integrity_check', { simple: true })
	if (check !== 'ok') throw new Error(`The backup failed its integrity check: ${String(check)}`)
} finally {
	copy.close()
}
console.log(target)
