import { describe, expect, test } from 'vitest'
import { BCRYPT_COST, hashPassword, verifyPassword } from './password.server'

describe('password hashing', () => {
	test('hashes with bcrypt at cost 10 or more, salted, never the plain text', async () => {
		const first = await hashPassword('correcto caballo batería')
		const second = await hashPassword('correcto caballo batería')
		expect(BCRYPT_COST).toBeGreaterThanOrEqual(10)
		expect(first).toMatch(/^\$2[aby]\$(\d\d)\$/)
		expect(Number(first.slice(4, 6))).toBe(BCRYPT_COST)
		expect(first).not.toContain('caballo')
		expect(first).not.toBe(second)
	})

	test('verifies the right password and refuses a wrong one', async () => {
		const hash = await hashPassword('contraseña-segura')
		expect(await verifyPassword('contraseña-segura', hash)).toBe(true)
		expect(await verifyPassword('Contraseña-segura', hash)).toBe(false)
	})

	test('refuses when there is no hash, still spending the time of a comparison', async () => {
		await verifyPassword('calienta', null) // builds the dummy hash once
		const started = performance.now()
		expect(await verifyPassword('lo-que-sea', undefined)).toBe(false)
		expect(performance.now() - started).toBeGreaterThan(5)
	})
})
