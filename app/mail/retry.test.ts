import { describe, expect, test } from 'vitest'
import { afterFailure, MAX_RETRY_MS, retryDelayMs, RETRY_WINDOW_MS } from './retry'

const at = (ms: number) => new Date(Date.UTC(2026, 0, 5, 9) + ms)

describe('retryDelayMs', () => {
	test('doubles from a second up to an hour, each wait drawn between half and all of its step', () => {
		const low = () => 0
		const high = () => 1
		expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, high))).toEqual([
			1000, 2000, 4000, 8000, 16000,
		])
		expect([1, 2, 3].map((n) => retryDelayMs(n, low))).toEqual([500, 1000, 2000])
		expect(retryDelayMs(30, high)).toBe(MAX_RETRY_MS)
		expect(retryDelayMs(30, low)).toBe(MAX_RETRY_MS / 2)
		// Jitter: two mails that failed together come back at different times.
		const draws = new Set(Array.from({ length: 20 }, () => retryDelayMs(6)))
		expect(draws.size).toBeGreaterThan(1)
	})

	test('keeps retrying for the whole window: more than 24 hours of attempts', () => {
		let elapsed = 0
		let attempts = 0
		for (;;) {
			attempts++
			const outcome = afterFailure(
				{ attempts, expiresAt: null, giveUpAt: at(RETRY_WINDOW_MS) },
				'temporary',
				at(elapsed),
				() => 1,
			)
			if (outcome.status !== 'queued') {
				expect(outcome).toEqual({ status: 'failed', reason: 'gave_up' })
				break
			}
			elapsed = outcome.nextAttemptAt.getTime() - at(0).getTime()
		}
		expect(elapsed).toBeGreaterThan(24 * 60 * 60 * 1000)
		expect(attempts).toBeLessThan(100)
	})
})

describe('afterFailure', () => {
	const mail = { attempts: 1, expiresAt: null, giveUpAt: at(RETRY_WINDOW_MS) }

	test('a 5xx stops the mail at once', () => {
		expect(afterFailure(mail, 'permanent', at(0))).toEqual({
			status: 'failed',
			reason: 'permanent',
		})
	})

	test('a mail whose link dies before its next try is dropped, not sent stale', () => {
		const expiring = { attempts: 13, expiresAt: at(60 * 60 * 1000), giveUpAt: at(RETRY_WINDOW_MS) }
		// After 13 failures each wait is half an hour at least: from 40 minutes in, the link would be dead.
		expect(afterFailure(expiring, 'temporary', at(40 * 60 * 1000), () => 0)).toEqual({
			status: 'dropped',
			reason: 'expired',
		})
		expect(afterFailure({ ...expiring, attempts: 1 }, 'temporary', at(0), () => 1)).toEqual({
			status: 'queued',
			nextAttemptAt: at(1000),
		})
	})
})
