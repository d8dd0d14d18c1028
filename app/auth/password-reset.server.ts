import { prisma } from '~/utils/db.server'
import { sendMailInBackground } from '~/utils/mail.server'
import { passwordResetMail } from './emails.server'
import { hashPassword } from './password.server'
import { appOrigin } from './request.server'
import { revokeUserSessions } from './session.server'
import { hashToken, randomToken } from './tokens.server'

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000

/**
 * Mails a single-use reset link when the account exists. Says nothing either way: the
 * caller always answers with the same neutral message, and the mail goes out in the
 * background so the response time does not tell either.
 */
export async function requestPasswordReset(request: Request, email: string) {
	const user = await prisma.profile.findUnique({
		where: { email },
		select: { id: true, name: true, email: true },
	})
	if (!user) return
	const token = randomToken()
	await prisma.passwordReset.create({
		data: {
			userId: user.id,
			tokenHash: hashToken(token),
			expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
		},
	})
	const link = `${appOrigin()}/reset-password?${new URLSearchParams({ token })}`
	sendMailInBackground(passwordResetMail(user.email, user.name, link))
}

/** The account a live (unused, unexpired) reset token belongs to, or null. */
export async function findPasswordReset(token: string) {
	const row = await prisma.passwordReset.findUnique({
		where: { tokenHash: hashToken(token) },
		select: {
			id: true,
			usedAt: true,
			expiresAt: true,
			user: { select: { id: true, email: true } },
		},
	})
	if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null
	return { id: row.id, user: row.user }
}

/**
 * Spends the e-mailed token at its first use and returns a fresh one for the same reset,
 * which only the browser's cookie will hold. The e-mailed link appears in access logs
 * (remix-serve logs every URL), so it must stop working once opened.
 */
export async function exchangePasswordResetToken(token: string) {
	const reset = await findPasswordReset(token)
	if (!reset) return null
	const next = randomToken()
	const { count } = await prisma.passwordReset.updateMany({
		where: { id: reset.id, tokenHash: hashToken(token), usedAt: null },
		data: { tokenHash: hashToken(next) },
	})
	return count === 1 ? next : null
}

/**
 * Sets the new password, spends the token (and every other reset link of the account),
 * confirms the e-mail (the link proved the mailbox) and signs the user out everywhere.
 * Returns the user id, or null when the token was already used or has expired.
 */
export async function resetPassword(token: string, password: string) {
	const reset = await findPasswordReset(token)
	if (!reset) return null
	const hash = await hashPassword(password)
	const { count } = await prisma.passwordReset.updateMany({
		where: { id: reset.id, usedAt: null, expiresAt: { gt: new Date() } },
		data: { usedAt: new Date() },
	})
	if (count !== 1) return null
	const userId = reset.user.id
	await prisma.$transaction([
		prisma.password.upsert({ where: { userId }, create: { userId, hash }, update: { hash } }),
		prisma.passwordReset.deleteMany({ where: { userId, id: { not: reset.id } } }),
		prisma.profile.updateMany({
			where: { id: userId, emailVerifiedAt: null },
			data: { emailVerifiedAt: new Date() },
		}),
	])
	await revokeUserSessions(userId)
	return userId
}
