import { prisma } from '~/utils/db.server'
import { sendMailInBackground } from '~/utils/mail.server'
import { emailVerificationMail } from './emails.server'
import { appOrigin } from './request.server'
import { hashToken, randomToken } from './tokens.server'
import { syncAdminRole } from './user.server'

const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000

/** Mails a fresh single-use link (replacing any earlier one) that confirms the address. */
export async function sendEmailVerification(
	request: Request,
	user: { id: string; name: string; email: string },
) {
	const token = randomToken()
	await prisma.$transaction([
		prisma.emailVerification.deleteMany({ where: { userId: user.id } }),
		prisma.emailVerification.create({
			data: {
				userId: user.id,
				tokenHash: hashToken(token),
				expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
			},
		}),
	])
	const link = `${appOrigin()}/verify-email?${new URLSearchParams({ token })}`
	sendMailInBackground(emailVerificationMail(user.email, user.name, link))
}

/** Confirms the address behind a link; null when the link is unknown, used or expired. */
export async function consumeEmailVerification(token: string) {
	const row = await prisma.emailVerification.findUnique({
		where: { tokenHash: hashToken(token) },
		select: { id: true, userId: true },
	})
	if (!row) return null
	// Single use even under a double click: only one request can flip usedAt.
	const { count } = await prisma.emailVerification.updateMany({
		where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
		data: { usedAt: new Date() },
	})
	if (count !== 1) return null
	const user = await prisma.profile.update({
		where: { id: row.userId },
		data: { emailVerifiedAt: new Date() },
		select: { id: true, email: true, role: true },
	})
	await syncAdminRole(user)
	return user
}
