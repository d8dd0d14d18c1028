import { recordAdminChange } from '~/admin/audit.server'
import { isMainAdmin } from '~/dashboard/account-deletion.server'
import { prisma } from '~/utils/db.server'

/**
 * Disabling and enabling accounts from Usuarios. A disabled account keeps all its data but
 * cannot be used: its sessions end here, and sign-in (password, Google, a reset link) and
 * every later request with an old cookie refuse it (app/auth/account-status.server.ts).
 */

export type StatusChange = 'changed' | 'unchanged' | 'not_found' | 'main_admin' | 'self'

export async function setUserDisabled(input: {
	actorId: string
	userId: string
	disabled: boolean
}): Promise<StatusChange> {
	const user = await prisma.profile.findUnique({
		where: { id: input.userId },
		select: { email: true, disabledAt: true },
	})
	if (!user) return 'not_found'
	// Only disabling is refused: whatever state these two are in, enabling is safe.
	if (input.disabled && isMainAdmin(user.email)) return 'main_admin'
	if (input.disabled && input.userId === input.actorId) return 'self'
	// The form says which state it wants, so a repeated post changes nothing twice.
	if ((user.disabledAt !== null) === input.disabled) return 'unchanged'
	const userId = input.userId
	await prisma.$transaction(async (tx) => {
		await tx.profile.update({
			where: { id: userId },
			data: { disabledAt: input.disabled ? new Date() : null },
		})
		if (input.disabled) {
			// Signed out everywhere, and no mailed link left that would sign them back in.
			await tx.session.deleteMany({ where: { userId } })
			await tx.passwordReset.deleteMany({ where: { userId } })
			await tx.emailVerification.deleteMany({ where: { userId } })
			await tx.emailSignInCode.deleteMany({ where: { email: user.email } })
			await tx.pendingSignIn.deleteMany({ where: { userId } })
		}
		await recordAdminChange(
			{
				actorId: input.actorId,
				action: input.disabled ? 'admin.user.disabled' : 'admin.user.enabled',
				target: userId,
			},
			tx,
		)
	})
	return 'changed'
}
