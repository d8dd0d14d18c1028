import { describe, expect, test } from 'vitest'
import * as throttle from './login-throttle.server'

describe('failed sign-ins per account: a growing delay, never a lock-out', () => {
	test('5 failures are free, then 1 s, 2 s, 4 s… capped at 30 s', () => {
		expect([0, 4, 5, 6, 7, 8, 9, 10, 50].map(throttle.delayForFailures)).toEqual([
			0, 0, 1000, 2000, 4000, 8000, 16000, 30000, 30000,
		])
	})

	test('counted per address (any case) within 15 minutes; the right password clears it', async () => {
		const now = new Date('2026-03-01T08:00:00Z')
		const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000)
		for (let i = 0; i < 6; i++) await throttle.recordLoginFailure('Victima@frasea.test', now)
		expect(await throttle.loginDelayMs('victima@frasea.test', later(1))).toBe(2000)
		// Another account owes nothing.
		expect(await throttle.loginDelayMs('otra@frasea.test', later(1))).toBe(0)
		// The window ends 15 minutes after the first failure.
		expect(await throttle.loginDelayMs('victima@frasea.test', later(15))).toBe(0)

		for (let i = 0; i < 6; i++) await throttle.recordLoginFailure('victima@frasea.test', later(20))
		expect(await throttle.loginDelayMs('victima@frasea.test', later(21))).toBe(2000)
		await throttle.clearLoginFailures('victima@frasea.test')
		expect(await throttle.loginDelayMs('victima@frasea.test', later(21))).toBe(0)
	})

	test('the wait happens before the check, and is only a wait', async () => {
		for (let i = 0; i < 5; i++) await throttle.recordLoginFailure('espera@frasea.test')
		const started = Date.now()
		expect(await throttle.waitBeforePasswordCheck('espera@frasea.test')).toBe(1000)
		expect(Date.now() - started).toBeGreaterThanOrEqual(990)
	})
})
