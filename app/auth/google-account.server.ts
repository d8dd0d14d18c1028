import { prisma } from '~/utils/db.server'
import { serializableTransaction } from '~/utils/sql.server'
import { type GoogleIdentity } from './google.server'
import { reclaimIfUnconfirmed, type Reclaimed } from './reclaim.server'
import { type SignInAccount } from './sign-in.server'
import { isUniqueViolation, nameFromEmail, roleFor } from './user.server'

const PROVIDER = 'google'

const accountSelect = {
	id: true,
	name: true,
	email: true,
	role: true,
	emailVerifiedAt: true,
	disabledAt: true,
} as const

type GoogleSignInOutcome = 'existing' | 'linked' | 'created' | 'takeover'

type Account = SignInAccount & { disabledAt: Date | null }

export class GoogleAccountError extends Error {
	constructor(readonly reason: 'unverified_email' | 'disabled') {
		super(`Google sign-in refused: ${reason}`)
		this.name = 'GoogleAccountError'
	}
}

/**
 * The account a Google identity signs in to:
 * - the one already connected to it;
 * - else the account with the same e-mail, linked only when that address is verified;
 * - an unverified account with that address is taken over: Google proved the mailbox, so
 *   the address is confirmed and everything the registrant left on it goes (sessions, a
 *   sign-in waiting for its code, two-factor, linked identities: reclaim.server.ts), and
 *   with it the password they chose, so whoever pre-registered someone else's address
 *   keeps no way in;
 * - else a new account (name from Google, or the part of the e-mail before the @).
 * Google must vouch for the address (email_verified), or nothing is linked or created.
 * An account an admin disabled is refused before anything about it changes.
 */
export async function accountForGoogle(
	identity: GoogleIdentity,
	attempt = 0,
): Promise<{ account: Account; outcome: GoogleSignInOutcome; reclaimed?: Reclaimed }> {
	const connection = await prisma.connection.findUnique({
		where: { providerName_providerId: { providerName: PROVIDER, providerId: identity.id } },
		select: { user: { select: accountSelect } },
	})
	if (connection?.user.disabledAt) throw new GoogleAccountError('disabled')
	if (connection) return { account: connection.user, outcome: 'existing' }
	if (!identity.emailVerified) throw new GoogleAccountError('unverified_email')

	const existing = await prisma.profile.findUnique({
		where: { email: identity.email },
		select: accountSelect,
	})
	// Before linking or taking over: a disabled account is left exactly as the admin left it.
	if (existing?.disabledAt) throw new GoogleAccountError('disabled')
	try {
		if (existing?.emailVerifiedAt) {
			await prisma.connection.create({
				data: { providerName: PROVIDER, providerId: identity.id, userId: existing.id },
			})
			return { account: existing, outcome: 'linked' }
		}
		if (existing) {
			const takeover = await takeOverUnconfirmed(existing, identity)
			if (takeover) return takeover
			// Confirmed in the meantime: look again, and link like any confirmed account.
			if (attempt === 0) return accountForGoogle(identity, 1)
			throw new Error('Google sign-in: the account changed while it was being taken over')
		}
		const account = await prisma.profile.create({
			data: {
				name: identity.name ?? nameFromEmail(identity.email),
				email: identity.email,
				role: roleFor(identity.email),
				emailVerifiedAt: new Date(),
				connections: { create: { providerName: PROVIDER, providerId: identity.id } },
			},
			select: accountSelect,
		})
		return { account, outcome: 'created' }
	} catch (error) {
		// Two callbacks for the same person at once: the other one won, so look again.
		if (isUniqueViolation(error) && attempt === 0) return accountForGoogle(identity, 1)
		throw error
	}
}

/**
 * Google vouches for the address of an account nobody confirmed: the account becomes the
 * Google user's. Null when the address turned out confirmed (nothing is changed then).
 */
async function takeOverUnconfirmed(existing: Account, identity: GoogleIdentity) {
	const userId = existing.id
	return serializableTransaction(async (tx) => {
		const reclaimed = await reclaimIfUnconfirmed(tx, userId)
		if (!reclaimed) return null
		await tx.password.deleteMany({ where: { userId } })
		await tx.passwordReset.deleteMany({ where: { userId } })
		await tx.connection.create({
			data: { providerName: PROVIDER, providerId: identity.id, userId },
		})
		const account = await tx.profile.update({
			where: { id: userId },
			data: {
				name: identity.name ?? existing.name,
				role: roleFor(existing.email, existing.role),
			},
			select: accountSelect,
		})
		return { account, outcome: 'takeover' as const, reclaimed }
	})
}
