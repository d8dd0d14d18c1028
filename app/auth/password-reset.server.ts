import { prisma } from '~/utils/db.server'
import { serializableTransaction } from '~/utils/sql.server'
import { mailQueued, noMailStatements, queueMailStatements } from '~/mail/outbox.server'
import { passwordResetMail } from './emails.server'
import { hashPassword } from './password.server'
import { DAY_MS, hit, HOUR_MS } from './rate-limit.server'
import { appOrigin } from './request.server'
import { reclaimIfUnconfirmed } from './reclaim.server'
import { notifySecurityChange } from './security-mails.server'
import { hashToken, randomToken } from './tokens.server'

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000

/** Recovery mails per e-mail address: an inbox cannot be flooded through our form. */
const RECOVERY_MAILS_PER_HOUR = 3
const RECOVERY_MAILS_PER_DAY = 10

// No profile has this id (cuid); it keeps the statements the same for unknown addresses.
const NO_ACCOUNT = 'no-account'

/**
 * Counts one recovery request for an address against its hourly and daily caps. Counted
 * on the address typed, whether or not an account has it, so a refusal says nothing about
 * existence either.
 */
export async function checkRecoveryMailCaps(email: string, now = new Date()) {
	const address = email.trim().toLowerCase()
	const hourly = await hit(`recovery-mail:hour:${address}`, RECOVERY_MAILS_PER_HOUR, now, HOUR_MS)
	// A request the hourly cap refused sends nothing, so it does not use up the day.
	if (!hourly.allowed) return { allowed: false, retryAfterSeconds: hourly.retryAfterSeconds }
	const daily = await hit(`recovery-mail:day:${address}`, RECOVERY_MAILS_PER_DAY, now, DAY_MS)
	return { allowed: daily.allowed, retryAfterSeconds: daily.allowed ? 0 : daily.retryAfterSeconds }
}

/**
 * Mails a single-use reset link when the account exists, and invalidates the links sent
 * before (and the unsent mail with the last one). The mail is queued in the transaction
 * that stores the link. Says nothing either way: the caller always answers with the same
 * neutral message, and the work is the same shape for an unknown address (a token is drawn
 * and hashed, and one transaction of four statements runs) so the response time does not
 * tell either; only the mail, which goes out in the background, is skipped.
 */
export async function requestPasswordReset(email: string) {
	const user = await prisma.profile.findUnique({
		where: { email },
		select: { id: true, name: true, email: true },
	})
	const token = randomToken()
	const tokenHash = hashToken(token)
	const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS)
	const link = `${appOrigin()}/reset-password?${new URLSearchParams({ token })}`
	await prisma.$transaction([
		// A new link replaces every earlier one: only the latest mail works.
		prisma.passwordReset.deleteMany({ where: { userId: user?.id ?? NO_ACCOUNT } }),
		user
			? prisma.passwordReset.create({ data: { userId: user.id, tokenHash, expiresAt } })
			: // The same index probe the insert's unique check makes, and no row.
				prisma.passwordReset.deleteMany({ where: { tokenHash } }),
		...(user
			? queueMailStatements(passwordResetMail(user.email, user.name, link), {
					kind: 'password_reset',
					userId: user.id,
					expiresAt,
					supersedeKey: `password_reset:${user.id}`,
				})
			: noMailStatements()),
	])
	if (user) mailQueued()
}

/**
 * The account a live (unused, unexpired) reset token belongs to, or null. Reading only:
 * opening the e-mailed link (which mail scanners do before the person does) spends
 * nothing; only resetPassword, from the form's POST, does.
 */
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
 * Sets the new password, spends the token (and every other reset link of the account) and
 * signs the user out everywhere, ending any sign-in still waiting for its second step (it
 * passed its first step with the old password). The link proved the mailbox: an account
 * whose address was never confirmed is confirmed, and everything a registrant who did not
 * own the address left on it goes (reclaim.server.ts). A confirmed account keeps its
 * two-factor, which the sign-in that follows asks for.
 * Returns the user id and what was reclaimed, or null when the token was already used or
 * has expired.
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
	const reclaimed = await serializableTransaction(async (tx) => {
		await tx.password.upsert({ where: { userId }, create: { userId, hash }, update: { hash } })
		await tx.passwordReset.deleteMany({ where: { userId, id: { not: reset.id } } })
		const reclaimed = await reclaimIfUnconfirmed(tx, userId)
		await tx.session.deleteMany({ where: { userId } })
		await tx.pendingSignIn.deleteMany({ where: { userId } })
		return reclaimed
	})
	await notifySecurityChange(userId, 'passwordChanged')
	return { userId, reclaimed }
}
