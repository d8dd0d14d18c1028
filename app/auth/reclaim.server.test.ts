import { describe, expect, test, vi } from 'vitest'
import { outboxMailsTo as mailsTo } from '../../tests/support/outbox'
import { prisma } from '~/utils/db.server'
import { accountForGoogle } from './google-account.server'
import { createPendingSignIn } from './pending-sign-in.server'
import { hashPassword } from './password.server'
import { requestPasswordReset, resetPassword } from './password-reset.server'
import { RECLAIM_AUDIT_ACTION, reclaimedMessage } from './reclaim.server'
import { createSession } from './session.server'
import { isTwoFactorEnabled } from './two-factor.server'

/**
 * What a squatter leaves behind after registering an address that is not theirs: their
 * password, two sessions, a sign-in waiting at its second step, two-factor with recovery
 * codes, and their own Google account linked (possible before confirmation was required).
 */
async function squattedAccount(email: string, options: { confirmed?: boolean } = {}) {
	const user = await prisma.profile.create({
		data: {
			name: 'Ocupa',
			email,
			emailVerifiedAt: options.confirmed ? new Date() : null,
			password: { create: { hash: await hashPassword('la clave del ocupa') } },
			twoFactor: { create: { secret: 'v1.secreto', enabledAt: new Date() } },
			recoveryCodes: { create: [{ codeHash: 'a' }, { codeHash: 'b' }] },
			connections: { create: { providerName: 'google', providerId: `ocupa-${email}` } },
		},
		select: { id: true, email: true },
	})
	await createSession(user.id)
	await createSession(user.id)
	await createPendingSignIn(user.id, 'password', '/admin/overview')
	return user
}

async function whatIsLeft(userId: string) {
	const [sessions, pending, twoFactor, recoveryCodes, connections, profile] = await Promise.all([
		prisma.session.count({ where: { userId } }),
		prisma.pendingSignIn.count({ where: { userId } }),
		prisma.twoFactor.count({ where: { userId } }),
		prisma.recoveryCode.count({ where: { userId } }),
		prisma.connection.findMany({ where: { userId }, select: { providerId: true } }),
		prisma.profile.findUniqueOrThrow({ where: { id: userId }, select: { emailVerifiedAt: true } }),
	])
	return {
		sessions,
		pending,
		twoFactor,
		recoveryCodes,
		connections: connections.map((row) => row.providerId),
		confirmed: profile.emailVerifiedAt !== null,
	}
}

async function resetFromMail(email: string, password: string) {
	await requestPasswordReset(email)
	await vi.waitFor(() => expect(mailsTo(email).length).toBeGreaterThan(0))
	const token = /reset-password\?token=([\w-]+)/.exec(mailsTo(email).at(-1) ?? '')?.[1] ?? ''
	return resetPassword(token, password)
}

describe('the owner of a squatted address takes the account back', () => {
	test('with a reset link: confirmed, and every session, waiting sign-in, two-factor and linked identity is gone', async () => {
		const user = await squattedAccount('ocupada-reset@frasea.test')
		const outcome = await resetFromMail(user.email, 'la clave de la dueña')
		expect(outcome?.reclaimed).toEqual({
			sessions: 2,
			pendingSignIns: 1,
			twoFactor: true,
			linkedIdentities: 1,
		})
		expect(await whatIsLeft(user.id)).toEqual({
			sessions: 0,
			pending: 0,
			twoFactor: 0,
			recoveryCodes: 0,
			connections: [],
			confirmed: true,
		})
		// The sign-in that follows asks for no squatter's code.
		expect(await isTwoFactorEnabled(user.id)).toBe(false)
		const audit = await prisma.auditLog.findFirstOrThrow({
			where: { actorId: user.id, action: RECLAIM_AUDIT_ACTION },
		})
		expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ twoFactor: true, sessions: 2 })
	})

	test('with Google vouching for the address: the same, the password goes too, and only the owner’s Google stays', async () => {
		const user = await squattedAccount('ocupada-google@frasea.test')
		const result = await accountForGoogle({
			id: 'google-de-la-duena',
			email: user.email,
			emailVerified: true,
			name: 'Dueña',
		})
		expect(result.outcome).toBe('takeover')
		expect(result.reclaimed).toMatchObject({ twoFactor: true, pendingSignIns: 1, sessions: 2 })
		expect(await whatIsLeft(user.id)).toEqual({
			sessions: 0,
			pending: 0,
			twoFactor: 0,
			recoveryCodes: 0,
			connections: ['google-de-la-duena'],
			confirmed: true,
		})
		expect(await prisma.password.count({ where: { userId: user.id } })).toBe(0)
		// The squatter's Google account no longer signs in to it.
		const squatter = await accountForGoogle({
			id: `ocupa-${user.email}`,
			email: 'ocupa@frasea.test',
			emailVerified: true,
			name: 'Ocupa',
		})
		expect(squatter.account.id).not.toBe(user.id)
	})

	test('a confirmed account keeps its two-factor and linked identities through a reset; sessions and waiting sign-ins end', async () => {
		const user = await squattedAccount('confirmada@frasea.test', { confirmed: true })
		const outcome = await resetFromMail(user.email, 'una clave nueva')
		expect(outcome?.reclaimed).toBeNull()
		expect(await whatIsLeft(user.id)).toEqual({
			sessions: 0,
			pending: 0,
			twoFactor: 1,
			recoveryCodes: 2,
			connections: [`ocupa-${user.email}`],
			confirmed: true,
		})
	})
})

describe('reclaimedMessage', () => {
	test('names only what was there', () => {
		expect(
			reclaimedMessage({ sessions: 2, pendingSignIns: 1, twoFactor: true, linkedIdentities: 1 }),
		).toBe(
			'Tu correo electrónico ha quedado confirmado. Como la cuenta no lo estaba, hemos quitado lo que pudo dejar otra persona: 2 sesiones abiertas, 1 inicio de sesión a medias, la verificación en dos pasos (con sus códigos de recuperación) y 1 cuenta vinculada.',
		)
		expect(
			reclaimedMessage({ sessions: 1, pendingSignIns: 0, twoFactor: false, linkedIdentities: 0 }),
		).toBe(
			'Tu correo electrónico ha quedado confirmado. Como la cuenta no lo estaba, hemos quitado lo que pudo dejar otra persona: 1 sesión abierta.',
		)
		expect(
			reclaimedMessage({ sessions: 0, pendingSignIns: 0, twoFactor: false, linkedIdentities: 0 }),
		).toBe('Tu correo electrónico ha quedado confirmado.')
	})
})
