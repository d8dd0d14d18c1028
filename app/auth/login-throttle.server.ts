import { countInWindow, hit, MINUTE_MS, resetCounter } from './rate-limit.server'

/**
 * Failed sign-ins per account slow the next attempts down; they never lock the account.
 *
 * After FREE_FAILURES wrong passwords for one address within FAILURE_WINDOW_MS, every
 * further attempt for that address waits 1 s, 2 s, 4 s… (at most MAX_DELAY_MS) *before*
 * its password is checked, and then is checked like any other. Nothing is refused on the
 * account's behalf, so someone who sprays wrong passwords at a victim's address can make
 * the victim wait at most MAX_DELAY_MS, never keep them out: a hard per-account limit
 * (or a 429 that a precisely-timed attacker could keep renewing) would hand every
 * stranger a lock-out button. What bounds guessing throughput is the per-address limit
 * (AUTH_RATE_LIMIT a minute per client address, see rate-limit.server.ts); the delay adds
 * cost to each guess on a targeted account and stops a single connection from guessing
 * quickly. See docs/accounts.md ("Abuse").
 */
const FREE_FAILURES = 5
const FAILURE_WINDOW_MS = 15 * MINUTE_MS
const MAX_DELAY_MS = 30_000

const failuresKey = (email: string) => `login-failures:${email.trim().toLowerCase()}`

/** How long to wait before checking a password after `failures` recent failures. */
export function delayForFailures(failures: number) {
	if (failures < FREE_FAILURES) return 0
	return Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILURES))
}

/** The wait owed before this address's password may be checked now. */
export async function loginDelayMs(email: string, now = new Date()) {
	return delayForFailures(await countInWindow(failuresKey(email), now))
}

/** Waits out the account's delay (if any) before the caller checks the password. */
export async function waitBeforePasswordCheck(email: string) {
	const delay = await loginDelayMs(email)
	if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
	return delay
}

/**
 * Counts a wrong password for an address (known or not, so the delay reveals nothing).
 * The limit passed to hit() is never reached on purpose: this counter only measures.
 */
export async function recordLoginFailure(email: string, now = new Date()) {
	await hit(failuresKey(email), Number.MAX_SAFE_INTEGER, now, FAILURE_WINDOW_MS)
}

/** The right password came: the account owes no delay any more. */
export async function clearLoginFailures(email: string) {
	await resetCounter(failuresKey(email))
}
