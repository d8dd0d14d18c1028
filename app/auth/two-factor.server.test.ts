import { expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { hashPassword } from './password.server'
import {
	accountCodeLimitReached,
	ACCOUNT_FAILURE_LIMIT,
	completePendingSignIn,
	createPendingSignIn,
	findPendingSignIn,
	MAX_ATTEMPTS,
	PENDING_SIGN_IN_TTL_MS,
	recordWrongCode,
} from './pending-sign-in.server'
import { hashRecoveryCode } from './recovery-codes.server'
import { base32Decode, totp } from './totp.server'
import {
	cancelTwoFactorSetup,
	confirmTwoFactorSetup,
	disableTwoFactor,
	getTwoFactorState,
	isTwoFactorEnabled,
	regenerateRecoveryCodes,
	startTwoFactorSetup,
	spendRecoveryCode,
	verifyTwoFactorCode,
} from './two-factor.server'

const STEP_MS = 30_000
// The middle of a 30-second step, so "one step earlier/later" is unambiguous.
const T0 = 1_800_000_000_000 + STEP_MS / 2

async function account(email: string, password?: string) {
	const profile = await prisma.profile.create({
		data: { name: email, email },
		select: { id: true },
	})
	if (password) {
		await prisma.password.create({
			data: { userId: profile.id, hash: await hashPassword(password) },
		})
	}
	return profile.id
}

const codeAt = (secret: string, time: number) => totp(base32Decode(secret)!, time)

/** An account with two-factor on, confirmed at T0; its secret and recovery codes. */
async function enabledAccount(email: string, password?: string) {
	const userId = await account(email, password)
	const secret = (await startTwoFactorSetup(userId))!
	const codes = (await confirmTwoFactorSetup(userId, codeAt(secret, T0), T0))!
	return { userId, secret, codes }
}

test('a setup stores the secret encrypted, survives a reload and is enabled by a right first code', async () => {
	const userId = await account('setup@frasea.test')
	const secret = await startTwoFactorSetup(userId)
	expect(secret).toMatch(/^[A-Z2-7]{32}$/)
	const row = await prisma.twoFactor.findUniqueOrThrow({ where: { userId } })
	expect(row.secret).not.toContain(secret!)
	expect(row.secret).toMatch(/^v1\./)
	expect(row.enabledAt).toBeNull()
	// A reload reads the same secret back from the row.
	expect(await getTwoFactorState(userId)).toEqual({ status: 'setup', secret })

	// A wrong first code enables nothing.
	const wrong = String((Number(codeAt(secret!, T0)) + 1) % 1_000_000).padStart(6, '0')
	expect(await confirmTwoFactorSetup(userId, wrong, T0)).toBeNull()
	expect(await isTwoFactorEnabled(userId)).toBe(false)

	const codes = await confirmTwoFactorSetup(userId, codeAt(secret!, T0), T0)
	expect(codes).toHaveLength(10)
	expect(await isTwoFactorEnabled(userId)).toBe(true)
	const stored = await prisma.recoveryCode.findMany({ where: { userId } })
	expect(stored).toHaveLength(10)
	// Only hashes are kept.
	expect(stored.map((code) => code.codeHash).sort()).toEqual(
		codes!.map((code) => hashRecoveryCode(code)).sort(),
	)
	expect(JSON.stringify(stored)).not.toContain(codes![0])
	// An enabled secret is not replaced by starting again, nor dropped by cancelling a setup.
	expect(await startTwoFactorSetup(userId)).toBeNull()
	await cancelTwoFactorSetup(userId)
	expect(await isTwoFactorEnabled(userId)).toBe(true)
})

test('restarting a setup draws a new secret; cancelling it leaves two-factor off', async () => {
	const userId = await account('restart@frasea.test')
	const first = await startTwoFactorSetup(userId)
	const second = await startTwoFactorSetup(userId)
	expect(second).not.toBe(first)
	expect(await confirmTwoFactorSetup(userId, codeAt(first!, T0), T0)).toBeNull()
	await cancelTwoFactorSetup(userId)
	expect(await getTwoFactorState(userId)).toEqual({ status: 'off' })
})

test('a code is accepted once: the same code, or an earlier step, is refused afterwards', async () => {
	const { userId, secret } = await enabledAccount('replay@frasea.test')
	const later = T0 + 2 * STEP_MS
	const code = codeAt(secret, later)
	expect(await verifyTwoFactorCode(userId, code, later)).toBe(true)
	expect(await verifyTwoFactorCode(userId, code, later)).toBe(false)
	// The previous step's code is within the window, but older than the one just used.
	expect(await verifyTwoFactorCode(userId, codeAt(secret, later - STEP_MS), later)).toBe(false)
	// The confirming code (step T0) cannot be replayed either.
	expect(await verifyTwoFactorCode(userId, codeAt(secret, T0), T0)).toBe(false)
	// Two requests racing with the next code: one wins.
	const next = T0 + 3 * STEP_MS
	const results = await Promise.all([
		verifyTwoFactorCode(userId, codeAt(secret, next), next),
		verifyTwoFactorCode(userId, codeAt(secret, next), next),
	])
	expect(results.filter(Boolean)).toHaveLength(1)
})

test('the window: one step before or after is accepted, two steps away is not', async () => {
	const { userId, secret } = await enabledAccount('window@frasea.test')
	const now = T0 + 10 * STEP_MS
	expect(await verifyTwoFactorCode(userId, codeAt(secret, now - 2 * STEP_MS), now)).toBe(false)
	expect(await verifyTwoFactorCode(userId, codeAt(secret, now + 2 * STEP_MS), now)).toBe(false)
	expect(await verifyTwoFactorCode(userId, codeAt(secret, now - STEP_MS), now)).toBe(true)
	expect(await verifyTwoFactorCode(userId, codeAt(secret, now + STEP_MS), now)).toBe(true)
	expect(await verifyTwoFactorCode(userId, 'abcdef', now)).toBe(false)
})

test('a recovery code works once, whatever its case and dashes; concurrent uses: one wins', async () => {
	const { userId, codes } = await enabledAccount('recovery@frasea.test')
	const [first, second] = codes
	expect(await spendRecoveryCode(userId, first!.toUpperCase().replace(/-/g, ' '))).toBe(true)
	expect(await spendRecoveryCode(userId, first!)).toBe(false)
	const results = await Promise.all([
		spendRecoveryCode(userId, second!),
		spendRecoveryCode(userId, second!),
	])
	expect(results.filter(Boolean)).toHaveLength(1)
	expect(await spendRecoveryCode(userId, 'not-a-code')).toBe(false)
	// Another account's code is not this one's.
	const other = await enabledAccount('recovery-other@frasea.test')
	expect(await spendRecoveryCode(userId, other.codes[0]!)).toBe(false)
	expect(await getTwoFactorState(userId)).toMatchObject({ status: 'on', recoveryCodesLeft: 8 })
})

test('new recovery codes need a current code and make the old ones stop working', async () => {
	const { userId, secret, codes } = await enabledAccount('regenerate@frasea.test')
	const now = T0 + 5 * STEP_MS
	expect(await regenerateRecoveryCodes(userId, '000000', now)).toBeNull()
	const fresh = await regenerateRecoveryCodes(userId, codeAt(secret, now), now)
	expect(fresh).toHaveLength(10)
	expect(await spendRecoveryCode(userId, codes[0]!)).toBe(false)
	expect(await spendRecoveryCode(userId, fresh![0]!)).toBe(true)
})

test('turning it off needs a current code or the password; then codes and recovery codes are gone', async () => {
	const { userId, secret, codes } = await enabledAccount('disable@frasea.test', 'una clave segura')
	const now = T0 + 4 * STEP_MS
	expect(await disableTwoFactor(userId, {}, now)).toBe(false)
	expect(await disableTwoFactor(userId, { code: '123456', password: 'otra' }, now)).toBe(false)
	expect(await isTwoFactorEnabled(userId)).toBe(true)
	expect(await disableTwoFactor(userId, { password: 'una clave segura' }, now)).toBe(true)
	expect(await isTwoFactorEnabled(userId)).toBe(false)
	expect(await prisma.recoveryCode.count({ where: { userId } })).toBe(0)
	expect(await spendRecoveryCode(userId, codes[1]!)).toBe(false)

	const byCode = await enabledAccount('disable-code@frasea.test')
	expect(await disableTwoFactor(byCode.userId, { code: codeAt(byCode.secret, now) }, now)).toBe(
		true,
	)
	expect(await getTwoFactorState(byCode.userId)).toEqual({ status: 'off' })
	expect(secret).not.toBe(byCode.secret)
})

test('a pending sign-in: token hashed at rest, expires after 10 minutes, spent once', async () => {
	const userId = await account('pending@frasea.test')
	const now = new Date(T0)
	const { token, cookie } = await createPendingSignIn(userId, 'google', '/dashboard/frases', now)
	expect(cookie).toContain('HttpOnly')
	expect(cookie).toContain('SameSite=Lax')
	expect(await prisma.pendingSignIn.count({ where: { id: token } })).toBe(0)
	const row = await findPendingSignIn(token, now)
	expect(row).toMatchObject({ userId, method: 'google', redirectTo: '/dashboard/frases' })
	expect(await findPendingSignIn('another-token', now)).toBeNull()
	expect(await findPendingSignIn(token, new Date(T0 + PENDING_SIGN_IN_TTL_MS))).toBeNull()
	// Expired is gone for good.
	expect(await findPendingSignIn(token, now)).toBeNull()

	const second = await createPendingSignIn(userId, 'password', null, now)
	const live = (await findPendingSignIn(second.token, now))!
	expect(await completePendingSignIn(live.id)).toBe(true)
	expect(await completePendingSignIn(live.id)).toBe(false)
})

test('wrong codes: the pending sign-in ends after the 5th, and the account is limited after 10', async () => {
	const userId = await account('attempts@frasea.test')
	const now = new Date()
	const { token } = await createPendingSignIn(userId, 'password', null, now)
	const pending = (await findPendingSignIn(token, now))!
	for (let i = 1; i < MAX_ATTEMPTS; i++) {
		expect(await recordWrongCode(pending.id, userId, now)).toBe(MAX_ATTEMPTS - i)
	}
	expect(await recordWrongCode(pending.id, userId, now)).toBe(0)
	expect(await findPendingSignIn(token, now)).toBeNull()

	// A fresh first step gives 5 more tries, but the account-wide count goes on.
	expect(await accountCodeLimitReached(userId, now)).toBe(false)
	const again = await createPendingSignIn(userId, 'password', null, now)
	const row = (await findPendingSignIn(again.token, now))!
	for (let i = MAX_ATTEMPTS; i < ACCOUNT_FAILURE_LIMIT; i++)
		await recordWrongCode(row.id, userId, now)
	expect(await accountCodeLimitReached(userId, now)).toBe(true)
	// Another account is not affected.
	expect(await accountCodeLimitReached(await account('attempts-other@frasea.test'), now)).toBe(
		false,
	)
})
