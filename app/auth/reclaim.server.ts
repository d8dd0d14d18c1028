/**
 * Pre-registration takeover, closed.
 *
 * Anyone can register an address they do not own. Until the mailbox's owner proves it is
 * theirs, whatever the registrant set up on the account belongs to a stranger: their
 * sessions, a sign-in waiting at its second step, two-factor (whose codes the owner would
 * be asked for), recovery codes and linked identities (another way back in after the owner
 * takes the account). So the first proof of the mailbox on an account whose address was
 * never confirmed (a password reset link, or Google vouching for the address) confirms it
 * and ends all of that, in one transaction with the confirmation. A confirmed account keeps
 * everything: its owner set it up.
 */
import { type Prisma } from '~/generated/prisma/client'
import { authMessages } from './messages'

/** What was removed from a reclaimed account, for the owner's message and the audit trail. */
export type Reclaimed = {
	sessions: number
	pendingSignIns: number
	twoFactor: boolean
	linkedIdentities: number
}

export const RECLAIM_AUDIT_ACTION = 'auth.unconfirmed_account_reclaimed'

type Tx = Prisma.TransactionClient

/**
 * Inside the caller's transaction: when the account's address is still unconfirmed,
 * confirms it and removes everything the registrant left on it. Returns what was removed,
 * or null when the address was already confirmed (nothing changes then).
 * `keepConnection` spares the identity that is proving the mailbox right now.
 */
export async function reclaimIfUnconfirmed(
	tx: Tx,
	userId: string,
	options: { keepConnection?: { providerName: string; providerId: string } } = {},
): Promise<Reclaimed | null> {
	const { count: confirmed } = await tx.profile.updateMany({
		where: { id: userId, emailVerifiedAt: null },
		data: { emailVerifiedAt: new Date() },
	})
	if (confirmed === 0) return null
	const keep = options.keepConnection
	const sessions = await tx.session.deleteMany({ where: { userId } })
	const pendingSignIns = await tx.pendingSignIn.deleteMany({ where: { userId } })
	const twoFactor = await tx.twoFactor.deleteMany({ where: { userId } })
	await tx.recoveryCode.deleteMany({ where: { userId } })
	const connections = await tx.connection.deleteMany({
		where: {
			userId,
			...(keep ? { NOT: { providerName: keep.providerName, providerId: keep.providerId } } : {}),
		},
	})
	await tx.emailVerification.deleteMany({ where: { userId } })
	const removed: Reclaimed = {
		sessions: sessions.count,
		pendingSignIns: pendingSignIns.count,
		// A setup the registrant started counts too: it was theirs.
		twoFactor: twoFactor.count > 0,
		linkedIdentities: connections.count,
	}
	await tx.auditLog.create({
		data: { actorId: userId, action: RECLAIM_AUDIT_ACTION, details: JSON.stringify(removed) },
	})
	return removed
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * What the owner is told: that the address is now confirmed and, when there was any, what
 * someone else had left on the account and is gone.
 */
export function reclaimedMessage(removed: Reclaimed) {
	const parts = [
		removed.sessions > 0 ? plural(removed.sessions, 'sesión abierta', 'sesiones abiertas') : null,
		removed.pendingSignIns > 0
			? plural(removed.pendingSignIns, 'inicio de sesión a medias', 'inicios de sesión a medias')
			: null,
		removed.twoFactor ? 'la verificación en dos pasos (con sus códigos de recuperación)' : null,
		removed.linkedIdentities > 0
			? plural(removed.linkedIdentities, 'cuenta vinculada', 'cuentas vinculadas')
			: null,
	].filter((part): part is string => part !== null)
	if (parts.length === 0) return authMessages.reclaimedNothing
	const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`
	return authMessages.reclaimed(list ?? '')
}
