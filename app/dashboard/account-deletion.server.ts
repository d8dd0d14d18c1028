import { verifyPassword } from '~/auth/password.server'
import { hit, MINUTE_MS } from '~/auth/rate-limit.server'
import { deleteUpload } from '~/cards/upload.server'
import { prisma } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'
import { deleteAvatarFile } from './avatar.server'
import { settingsMessages } from './settings'

/**
 * Deleting an account: everything the user owns goes, rows in one transaction, then the
 * files those rows pointed at (uploads, avatar) once it has committed, so a failure
 * leaves the account whole rather than rows pointing at deleted files.
 *
 * What stays, without anything that names the user: admin statistics (generation events,
 * their user id cleared), 'Me Gusta' counts (never linked to a user), audit rows that are
 * not the user's own activity (actor cleared), and short-lived abuse counters (rate
 * limits), which expire on their own.
 */

/** The ADMIN_EMAIL account, which can never be deleted. */
export function isMainAdmin(email: string) {
	const adminEmail = getEnv().ADMIN_EMAIL
	return Boolean(adminEmail) && adminEmail?.toLowerCase() === email.toLowerCase()
}

export class MainAdminError extends Error {
	constructor() {
		super(settingsMessages.mainAdmin)
		this.name = 'MainAdminError'
	}
}

/** Audit actions that are the user's own activity (their dashboard's recent activity). */
const OWN_ACTIVITY_PREFIXES = ['phrase.', 'auth.']

const deletionAttemptsKey = (userId: string) => `account-deletion:${userId}`

// Tens of thousands of rows take well under a second; the margin is for a busy database.
const DELETION_TRANSACTION = { maxWait: 10_000, timeout: 30_000 }

/**
 * Deletes the account `userId` and everything it owns. Returns false when there is no
 * such account; throws MainAdminError for the ADMIN_EMAIL account.
 */
export async function deleteAccount(userId: string, options: { dataDir?: string } = {}) {
	const removed = await prisma.$transaction(async (tx) => {
		const profile = await tx.profile.findUnique({
			where: { id: userId },
			select: { email: true, avatarUrl: true },
		})
		if (!profile) return null
		if (isMainAdmin(profile.email)) throw new MainAdminError()
		const uploads = await tx.upload.findMany({ where: { userId }, select: { id: true } })

		// Generations: likes outlive their batch (anonymous counts), the rest goes.
		await tx.phraseLike.updateMany({ where: { batch: { userId } }, data: { batchId: null } })
		await tx.generationPhrase.deleteMany({ where: { batch: { userId } } })
		await tx.historyPhrase.deleteMany({ where: { userId } })
		await tx.generationBatch.deleteMany({ where: { userId } })
		await tx.generationQuota.deleteMany({ where: { subject: `user:${userId}` } })
		await tx.generationEvent.updateMany({ where: { userId }, data: { userId: null } })

		await tx.phrase.deleteMany({ where: { userId } })
		await tx.upload.deleteMany({ where: { userId } })
		await tx.userSettings.deleteMany({ where: { userId } })
		await tx.advancedSettings.deleteMany({ where: { userId } })

		await tx.auditLog.deleteMany({
			where: {
				actorId: userId,
				OR: OWN_ACTIVITY_PREFIXES.map((prefix) => ({ action: { startsWith: prefix } })),
			},
		})
		await tx.auditLog.updateMany({ where: { actorId: userId }, data: { actorId: null } })

		await tx.rateLimit.deleteMany({ where: { key: deletionAttemptsKey(userId) } })
		await tx.session.deleteMany({ where: { userId } })
		await tx.connection.deleteMany({ where: { userId } })
		await tx.passwordReset.deleteMany({ where: { userId } })
		await tx.emailVerification.deleteMany({ where: { userId } })
		await tx.password.deleteMany({ where: { userId } })
		await tx.twoFactor.deleteMany({ where: { userId } })
		await tx.recoveryCode.deleteMany({ where: { userId } })
		await tx.pendingSignIn.deleteMany({ where: { userId } })
		await tx.emailSignInCode.deleteMany({ where: { email: profile.email } })
		// Invitations to this address go (they hold it); those this admin sent stay valid.
		await tx.invitation.deleteMany({ where: { email: profile.email } })
		await tx.invitation.updateMany({ where: { invitedById: userId }, data: { invitedById: null } })
		// Mail not sent yet, or kept as sent: to the account or to its address.
		await tx.mailOutbox.deleteMany({ where: { OR: [{ userId }, { toAddress: profile.email }] } })
		await tx.announcement.updateMany({
			where: { createdById: userId },
			data: { createdById: null },
		})
		await tx.profile.delete({ where: { id: userId } })
		return { uploadIds: uploads.map(({ id }) => id), avatarUrl: profile.avatarUrl }
	}, DELETION_TRANSACTION)
	if (!removed) return false
	// After the commit: a file that fails to go is an orphan the hourly sweeps remove.
	for (const id of removed.uploadIds) {
		await deleteUpload(id, options).catch((error: unknown) => console.error(error))
	}
	await deleteAvatarFile(removed.avatarUrl, options.dataDir).catch((error: unknown) =>
		console.error(error),
	)
	return true
}

/** Password guesses on the deletion form, per account: bcrypt is slow, this is a ceiling. */
const DELETION_ATTEMPTS = 5
const DELETION_WINDOW_MS = 15 * MINUTE_MS

export type DeletionCheck =
	| { ok: true }
	| { ok: false; field: 'email' | 'password' | 'form'; message: string; status: number }

/**
 * Whether the typed confirmation matches the signed-in account: its e-mail (any case), and
 * its password when it has one (accounts made with Google have none).
 */
export async function checkDeletionConfirmation(
	user: { id: string; email: string },
	typed: { email: string; password?: string },
): Promise<DeletionCheck> {
	if (isMainAdmin(user.email)) {
		return { ok: false, field: 'form', message: settingsMessages.mainAdmin, status: 403 }
	}
	if (typed.email.trim().toLowerCase() !== user.email.toLowerCase()) {
		return { ok: false, field: 'email', message: settingsMessages.emailMismatch, status: 400 }
	}
	const password = await prisma.password.findUnique({
		where: { userId: user.id },
		select: { hash: true },
	})
	if (!password) return { ok: true }
	if (!typed.password) {
		return { ok: false, field: 'password', message: settingsMessages.passwordRequired, status: 400 }
	}
	const limit = await hit(
		deletionAttemptsKey(user.id),
		DELETION_ATTEMPTS,
		new Date(),
		DELETION_WINDOW_MS,
	)
	if (!limit.allowed) {
		return { ok: false, field: 'form', message: settingsMessages.tooManyAttempts, status: 429 }
	}
	if (!(await verifyPassword(typed.password, password.hash))) {
		return { ok: false, field: 'password', message: settingsMessages.passwordWrong, status: 400 }
	}
	return { ok: true }
}

/** Whether the account has a password (the deletion form asks for it then). */
export async function hasPassword(userId: string) {
	return (await prisma.password.count({ where: { userId } })) > 0
}
