/**
 * Two-factor sign-in with an authenticator app (TOTP, see totp.server.ts) and recovery
 * codes (recovery-codes.server.ts). The secret is stored encrypted (like the admins' API
 * keys) and stays in a not-yet-enabled row while the user scans it, so the setup survives
 * a reload; the first correct code enables it.
 *
 * A code is accepted at most once: the step it matched must be later than the last one
 * accepted, and that is checked and recorded in one conditional UPDATE, so two requests
 * racing with the same code cannot both win. Recovery codes are spent the same way.
 */
import { prisma } from '~/utils/db.server'
import { decryptSecret, encryptSecret } from '~/settings/secrets.server'
import {
	clearLoginFailures,
	recordLoginFailure,
	waitBeforePasswordCheck,
} from './login-throttle.server'
import { verifyPassword } from './password.server'
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes.server'
import { base32Decode, generateTotpSecret, verifyTotp } from './totp.server'

export type TwoFactorState =
	| { status: 'off' }
	| { status: 'setup'; secret: string }
	| { status: 'on'; enabledAt: Date; recoveryCodesLeft: number }

export async function getTwoFactorState(userId: string): Promise<TwoFactorState> {
	const row = await prisma.twoFactor.findUnique({ where: { userId } })
	if (!row) return { status: 'off' }
	if (row.enabledAt) {
		const recoveryCodesLeft = await prisma.recoveryCode.count({ where: { userId, usedAt: null } })
		return { status: 'on', enabledAt: row.enabledAt, recoveryCodesLeft }
	}
	const secret = decryptSecret(row.secret)
	// A setup whose secret no longer opens (SECRETS_KEY changed) is simply started again.
	return secret ? { status: 'setup', secret } : { status: 'off' }
}

export async function isTwoFactorEnabled(userId: string) {
	const count = await prisma.twoFactor.count({ where: { userId, enabledAt: { not: null } } })
	return count > 0
}

/**
 * Starts (or restarts) a setup with a fresh secret. Returns null when two-factor is already
 * on: an enabled secret is only replaced by turning it off first.
 */
export async function startTwoFactorSetup(userId: string): Promise<string | null> {
	const secret = generateTotpSecret()
	const stored = encryptSecret(secret)
	const { count } = await prisma.twoFactor.updateMany({
		where: { userId, enabledAt: null },
		data: { secret: stored, lastUsedStep: null, createdAt: new Date() },
	})
	if (count === 1) return secret
	if (await prisma.twoFactor.count({ where: { userId } })) return null
	try {
		await prisma.twoFactor.create({ data: { userId, secret: stored } })
		return secret
	} catch {
		// Another request created the row at the same moment; this one lost.
		return null
	}
}

/** Drops a setup that was never confirmed (enabled two-factor is left alone). */
export async function cancelTwoFactorSetup(userId: string) {
	await prisma.twoFactor.deleteMany({ where: { userId, enabledAt: null } })
}

/**
 * Accepts `code` for the account's secret when it matches a step later than the last one
 * accepted, recording that step in the same statement. `enabled` says which row counts:
 * the live secret (sign-in, disabling) or the one being set up.
 */
async function acceptTotp(userId: string, code: string, enabled: boolean, now: number) {
	const row = await prisma.twoFactor.findUnique({ where: { userId } })
	if (!row || (row.enabledAt !== null) !== enabled) return false
	const plain = decryptSecret(row.secret)
	const key = plain ? base32Decode(plain) : null
	if (!key) return false
	const step = verifyTotp(key, code, now)
	if (step === null) return false
	const { count } = await prisma.twoFactor.updateMany({
		where: {
			userId,
			enabledAt: enabled ? { not: null } : null,
			OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }],
		},
		data: {
			lastUsedStep: step,
			...(enabled ? {} : { enabledAt: new Date(now) }),
		},
	})
	return count === 1
}

/** Replaces the account's recovery codes with ten new ones, returned in plain text once. */
async function replaceRecoveryCodes(userId: string) {
	const codes = generateRecoveryCodes()
	await prisma.$transaction([
		prisma.recoveryCode.deleteMany({ where: { userId } }),
		prisma.recoveryCode.createMany({
			data: codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code)! })),
		}),
	])
	return codes
}

/**
 * The first code from the app: when it is right, two-factor is on and the ten recovery
 * codes come back (to be shown once). Null when the code is wrong or there is no setup.
 */
export async function confirmTwoFactorSetup(userId: string, code: string, now = Date.now()) {
	if (!(await acceptTotp(userId, code, false, now))) return null
	return replaceRecoveryCodes(userId)
}

/** A code from the app for an account with two-factor on, accepted at most once. */
export async function verifyTwoFactorCode(userId: string, code: string, now = Date.now()) {
	return acceptTotp(userId, code, true, now)
}

/** Spends one unused recovery code; true when it was one (and is now used up). */
export async function spendRecoveryCode(userId: string, typed: string) {
	const codeHash = hashRecoveryCode(typed)
	if (!codeHash) return false
	if (!(await isTwoFactorEnabled(userId))) return false
	const { count } = await prisma.recoveryCode.updateMany({
		where: { userId, codeHash, usedAt: null },
		data: { usedAt: new Date() },
	})
	return count === 1
}

/** New recovery codes (the old ones stop working), after a current code from the app. */
export async function regenerateRecoveryCodes(userId: string, code: string, now = Date.now()) {
	if (!(await verifyTwoFactorCode(userId, code, now))) return null
	return replaceRecoveryCodes(userId)
}

/**
 * Turns two-factor off after proof: a current code from the app, or the account's
 * password. True when it was on and now is off.
 */
export async function disableTwoFactor(
	userId: string,
	proof: { code?: string; password?: string },
	now = Date.now(),
) {
	let proven = false
	if (proof.code) proven = await verifyTwoFactorCode(userId, proof.code, now)
	if (!proven && proof.password) {
		const account = await prisma.profile.findUnique({
			where: { id: userId },
			select: { email: true, password: { select: { hash: true } } },
		})
		if (account?.password) {
			// Wrong passwords here count like wrong sign-ins (see login-throttle.server.ts).
			await waitBeforePasswordCheck(account.email)
			proven = await verifyPassword(proof.password, account.password.hash)
			if (proven) await clearLoginFailures(account.email)
			else await recordLoginFailure(account.email)
		}
	}
	if (!proven) return false
	const [, removed] = await prisma.$transaction([
		prisma.recoveryCode.deleteMany({ where: { userId } }),
		prisma.twoFactor.deleteMany({ where: { userId, enabledAt: { not: null } } }),
	])
	return removed.count === 1
}
