import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, vi } from 'vitest'

// A database the server cannot open: a file inside a folder that does not exist.
const dir = mkdtempSync(path.join(tmpdir(), 'frasea-health-'))
process.env.DATA_DIR = dir
process.env.DATABASE_URL = `file:${path.join(dir, 'missing', 'folder', 'frasea.db')}`
const { loader } = await import('./healthcheck')

test('answers 503 when the database does not respond', async () => {
	vi.spyOn(console, 'error').mockImplementation(() => {})
	const response = await loader()
	expect(response.status).toBe(503)
	expect(response.headers.get('cache-control')).toBe('no-store')
})
