import { prisma } from '~/utils/db.server'
import { mailQueued, queueMailStatements } from '~/mail/outbox.server'
import { emailVerificationMail } from './emails.server'
import { appOrigin } from './request.server'
import { hashToken, randomToken } from './tokens.server'
import { syncAdminRole } from './user.server'

export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000

/**
 * Mails a fresh single-use link (replacing any earlier one, and its mail if still unsent)
 * that confirms the address; the mail is queued in the transaction that stores the link.
 */
export async function sendEmailVerification(
	request: Request,
	user: { id: string; name: string; email: string },
) {
	const token = randomToken()
	const expiresAt = new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS)
	const link = `${appOrigin()}/verify-email?${new URLSearchParams({ token })}`
	await prisma.$transaction([
		prisma.emailVerification.deleteMany({ where: { userId: user.id } }),
		prisma.emailVerification.create({
			data: { userId: user.id, tokenHash: hashToken(token), expiresAt },
		}),
		...queueMailStatements(emailVerificationMail(user.email, user.name, link), {
			kind: 'email_verification',
			userId: user.id,
			expiresAt,
			supersedeKey: `email_verification:${user.id}`,
		}),
	])
	mailQueued()
}

/**
 * The account a live (unused, unexpired) confirmation link belongs to, or null. Reading
 * only: opening the link (which mail scanners do first) confirms nothing.
 */
export async function findEmailVerification(token: string) {
	const row = await prisma.emailVerification.findUnique({
		where: { tokenHash: hashToken(token) },
		select: { id: true, userId: true, usedAt: true, expiresAt: true },
	})
	if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null
	return { id: row.id, userId: row.userId }
}

export type ConfirmOutcome = 'confirmed' | 'invalid' | 'other-account'

/**
 * Confirms the address behind a link, for the account signed in to the browser that posts
 * it, and only that one. Holding the link proves the mailbox; being signed in proves the
 * account: only someone with both may confirm. Anyone else (a scanner, a stranger signed
 * in to another account) spends nothing.
 */
export async function confirmEmail(token: string, signedInUserId: string): Promise<ConfirmOutcome> {
	const live = await findEmailVerification(token)
	if (!live) return 'invalid'
	if (live.userId !== signedInUserId) return 'other-account'
	// Single use even under a double click: only one request can flip usedAt.
	const { count } = await prisma.emailVerification.updateMany({
		where: { id: live.id, userId: signedInUserId, usedAt: null, expiresAt: { gt: new Date() } },
		data: { usedAt: new Date() },
	})
	if (count !== 1) return 'invalid'
	const user = await prisma.profile.update({
		where: { id: signedInUserId },
		data: { emailVerifiedAt: new Date() },
		select: { id: true, email: true, role: true },
	})
	await syncAdminRole(user)
	return 'confirmed'
}
