import { prisma } from '~/utils/db.server'
import { type GoogleIdentity } from './google.server'
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
 * - an unverified account with that address is taken over: its password, sessions,
 *   pending links and any other connected identity are removed, so whoever pre-registered someone else's address keeps no
 *   way in;
 * - else a new account (name from Google, or the part of the e-mail before the @).
 * Google must vouch for the address (email_verified), or nothing is linked or created.
 * An account an admin disabled is refused before anything about it changes.
 */
export async function accountForGoogle(
	identity: GoogleIdentity,
	attempt = 0,
): Promise<{
	account: {
		id: string
		name: string
		email: string
		role: string
		emailVerifiedAt: Date | null
		disabledAt: Date | null
	}
	outcome: GoogleSignInOutcome
}> {
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
			const userId = existing.id
			const [, , , , , , account] = await prisma.$transaction([
				prisma.password.deleteMany({ where: { userId } }),
				prisma.session.deleteMany({ where: { userId } }),
				prisma.passwordReset.deleteMany({ where: { userId } }),
				prisma.emailVerification.deleteMany({ where: { userId } }),
				// Nor a Google account of theirs linked from the profile.
				prisma.connection.deleteMany({ where: { userId } }),
				prisma.connection.create({
					data: { providerName: PROVIDER, providerId: identity.id, userId },
				}),
				prisma.profile.update({
					where: { id: userId },
					data: {
						name: identity.name ?? existing.name,
						emailVerifiedAt: new Date(),
						role: roleFor(existing.email, existing.role),
					},
					select: accountSelect,
				}),
			])
			return { account, outcome: 'takeover' }
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
