import {
	clearLoginFailures,
	recordLoginFailure,
	waitBeforePasswordCheck,
} from '~/auth/login-throttle.server'
import { hashPassword, verifyPassword } from '~/auth/password.server'
import { notifySecurityChange } from '~/auth/security-mails.server'
import { revokeUserSessions } from '~/auth/session.server'
import { isUniqueViolation } from '~/auth/user.server'
import { prisma } from '~/utils/db.server'

/**
 * Passwords from the profile page. Changing one needs the current password and, as the
 * form offers (ticked by default), signs the account out everywhere else: a thief holding
 * another session loses it. The session that made the change stays. Wrong current passwords count like wrong sign-ins, so a
 * stolen session cannot guess the password quickly (see login-throttle.server.ts).
 */

export type ChangePasswordResult = 'changed' | 'wrong-password' | 'no-password'

export async function changePassword({
	userId,
	currentPassword,
	newPassword,
	keepSessionToken,
	closeOtherSessions,
}: {
	userId: string
	currentPassword: string
	newPassword: string
	/** The cookie token of the session making the change, which stays signed in. */
	keepSessionToken: string | null
	closeOtherSessions: boolean
}): Promise<ChangePasswordResult> {
	const account = await prisma.profile.findUnique({
		where: { id: userId },
		select: { email: true, password: { select: { hash: true } } },
	})
	if (!account?.password) return 'no-password'
	await waitBeforePasswordCheck(account.email)
	if (!(await verifyPassword(currentPassword, account.password.hash))) {
		await recordLoginFailure(account.email)
		return 'wrong-password'
	}
	await clearLoginFailures(account.email)
	const hash = await hashPassword(newPassword)
	await prisma.$transaction([
		prisma.password.update({ where: { userId }, data: { hash } }),
		// A reset link mailed before the change must not undo it.
		prisma.passwordReset.deleteMany({ where: { userId } }),
	])
	if (closeOtherSessions) {
		await revokeUserSessions(userId, keepSessionToken ? { exceptToken: keepSessionToken } : {})
	}
	await notifySecurityChange(userId, 'passwordChanged')
	return 'changed'
}

/**
 * A first password for an account that has none (it signs in with Google). Returns false
 * when the account already has one: that one is changed only with the current password.
 */
export async function setFirstPassword(
	userId: string,
	newPassword: string,
	closeOthers: { keepSessionToken: string | null } | null,
) {
	const hash = await hashPassword(newPassword)
	try {
		await prisma.password.create({ data: { userId, hash } })
		if (closeOthers) {
			const { keepSessionToken } = closeOthers
			await revokeUserSessions(userId, keepSessionToken ? { exceptToken: keepSessionToken } : {})
		}
		return true
	} catch (error) {
		if (isUniqueViolation(error)) return false
		throw error
	}
}

export async function hasPassword(userId: string) {
	return (await prisma.password.count({ where: { userId } })) > 0
}
