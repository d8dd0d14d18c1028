import { vi } from 'vitest'

/**
 * Runs `body` with a clock that moves only when the test sets it (`setNow(ms)`): Date
 * alone is faked, timers stay real, so the database and the file system work as usual.
 */
export async function withClock(body: (setNow: (ms: number) => void) => Promise<void>) {
	vi.useFakeTimers({ toFake: ['Date'] })
	try {
		await body((ms) => vi.setSystemTime(ms))
	} finally {
		vi.useRealTimers()
	}
}
