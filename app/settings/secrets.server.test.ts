import { randomBytes } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { testEngine } from '../../tests/setup/engine'
import { decryptSecret, encryptSecret, maskSecret } from './secrets.server'

describe('stored secrets', () => {
	test('a secret comes back as it was stored, and is not readable in what is stored', () => {
		const stored = encryptSecret('AIzaSy-secret-value-1234')
		expect(stored).toMatch(/^v1\./)
		expect(stored).not.toContain('secret-value')
		expect(decryptSecret(stored)).toBe('AIzaSy-secret-value-1234')
	})

	test('the same secret encrypts differently each time (a fresh nonce)', () => {
		expect(encryptSecret('same')).not.toBe(encryptSecret('same'))
	})

	test('a value written under another key, or altered, does not open', () => {
		const error = vi.spyOn(console, 'error').mockImplementation(() => {})
		const otherKey = randomBytes(32)
		expect(decryptSecret(encryptSecret('clave', otherKey))).toBeNull()
		const stored = encryptSecret('clave')
		const [version, iv, tag, body] = stored.split('.')
		const flipped = Buffer.from(body!, 'base64url')
		flipped[0]! ^= 1
		expect(decryptSecret([version, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull()
		expect(decryptSecret('clave en claro')).toBeNull()
		// The log says why, never what.
		expect(error.mock.calls.flat().join(' ')).not.toContain('clave')
		error.mockRestore()
	})

	test('only the last four characters are ever shown', () => {
		expect(maskSecret('AIzaSyABCDEF9876')).toBe('••••9876')
		expect(maskSecret('abc')).toBe('••••')
	})
})

// SQLite only: PostgreSQL requires SECRETS_KEY (env.server.test.ts), so nothing is generated.
test.skipIf(testEngine() === 'postgresql')(
	'without SECRETS_KEY the key is generated once into DATA_DIR, private, and survives a restart',
	async () => {
		const stored = encryptSecret('sigue-abriendo')
		const file = path.join(process.env.DATA_DIR!, 'secrets-key')
		expect(statSync(file).mode & 0o777).toBe(0o600)
		// A fresh process: modules loaded again, the key read back from the file.
		vi.resetModules()
		const restarted = await import('./secrets.server')
		expect(restarted.decryptSecret(stored)).toBe('sigue-abriendo')
	},
)

test.runIf(testEngine() === 'postgresql')(
	'with PostgreSQL the key is SECRETS_KEY: nothing is written into DATA_DIR, and a restart opens what was stored',
	async () => {
		const stored = encryptSecret('sigue-abriendo')
		expect(existsSync(path.join(process.env.DATA_DIR!, 'secrets-key'))).toBe(false)
		vi.resetModules()
		const restarted = await import('./secrets.server')
		expect(restarted.decryptSecret(stored)).toBe('sigue-abriendo')
	},
)
