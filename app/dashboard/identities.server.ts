import { getUser } from '~/auth/guards.server'
import { googleLinkCookie, readGoogleLinkIntent, type GoogleIdentity } from '~/auth/google.server'
import { readSessionId, sessionKey } from '~/auth/session.server'
import { isUniqueViolation } from '~/auth/user.server'
import { prisma } from '~/utils/db.server'
import { serializableTransaction } from '~/utils/sql.server'

/**
 * The account's connected identities (today: Google), linked and unlinked from the profile.
 * Signing in with Google is app/auth/google-account.server.ts; this is the signed-in owner
 * adding or removing that way in.
 */

const GOOGLE = 'google'

/** Audit actions (not admin changes: the admin's 'Registro de cambios' does not list them). */
export const IDENTITY_ACTIONS = {
	linked: 'auth.identity_linked',
	unlinked: 'auth.identity_unlinked',
} as const

export type LinkOutcome =
	/** The connection was created. */
	| 'linked'
	/** This Google account was already connected to this very account: nothing to do. */
	| 'already-yours'
	/** This Google account signs in to another Frasea account. */
	| 'linked-elsewhere'
	/** The account already has another Google account connected. */
	| 'has-other-google'
	/** Google does not vouch for the address (email_verified false). */
	| 'unverified'
	/** The account's own address is not confirmed yet. */
	| 'unconfirmed'
	/** The account is gone or an admin disabled it. */
	| 'unavailable'

/**
 * Connects a Google identity to a signed-in account. The owner proved both sides (their
 * session here, the Google sign-in there), so the addresses need not match; but, as for
 * sign-in, Google must have verified its address, and one Google account signs in to one
 * Frasea account only, and the account's own address must be confirmed.
 */
export async function linkGoogle(
	userId: string,
	identity: GoogleIdentity,
	attempt = 0,
): Promise<LinkOutcome> {
	const [account, bySub, own] = await Promise.all([
		prisma.profile.findUnique({
			where: { id: userId },
			select: { disabledAt: true, emailVerifiedAt: true },
		}),
		prisma.connection.findUnique({
			where: { providerName_providerId: { providerName: GOOGLE, providerId: identity.id } },
			select: { userId: true },
		}),
		prisma.connection.findFirst({
			where: { userId, providerName: GOOGLE },
			select: { providerId: true },
		}),
	])
	if (!account || account.disabledAt) return 'unavailable'
	if (bySub) return bySub.userId === userId ? 'already-yours' : 'linked-elsewhere'
	if (own) return 'has-other-google'
	// Whoever registered an address without owning it loses the account when its owner signs
	// in with Google (the takeover in google-account.server.ts); they must not link a way in first.
	if (!account.emailVerifiedAt) return 'unconfirmed'
	if (!identity.emailVerified) return 'unverified'
	try {
		await prisma.$transaction([
			prisma.connection.create({
				data: { providerName: GOOGLE, providerId: identity.id, userId },
			}),
			prisma.auditLog.create({
				data: { actorId: userId, action: IDENTITY_ACTIONS.linked, target: GOOGLE },
			}),
		])
		return 'linked'
	} catch (error) {
		// Someone linked or signed in with this Google account at the same moment: look again.
		if (isUniqueViolation(error) && attempt === 0) return linkGoogle(userId, identity, 1)
		throw error
	}
}

export type UnlinkOutcome = 'unlinked' | 'last-way-in' | 'not-linked'

type Reader = Pick<typeof prisma, 'password' | 'connection'>

/** Why Google cannot be unlinked from this account now, or null when it can. */
async function unlinkBlocker(client: Reader, userId: string) {
	const [password, connections] = await Promise.all([
		client.password.findUnique({ where: { userId }, select: { userId: true } }),
		client.connection.findMany({ where: { userId }, select: { providerName: true } }),
	])
	const google = connections.filter((connection) => connection.providerName === GOOGLE).length
	if (google === 0) return 'not-linked' as const
	// Without a password (or another provider), Google is the only way in: keep it.
	if (!password && connections.length === google) return 'last-way-in' as const
	return null
}

/** What unlinking would do, without doing it (for the confirmation step). */
export async function checkUnlinkGoogle(userId: string) {
	return (await unlinkBlocker(prisma, userId)) ?? ('ok' as const)
}

/**
 * Removes the account's Google connection, unless it is the only way in: an account
 * without a password would be locked out for good. Checked and deleted in one transaction,
 * so nothing can change between the check and the removal.
 */
export async function unlinkGoogle(userId: string): Promise<UnlinkOutcome> {
	return serializableTransaction(async (tx) => {
		const blocker = await unlinkBlocker(tx, userId)
		if (blocker) return blocker
		await tx.connection.deleteMany({ where: { userId, providerName: GOOGLE } })
		await tx.auditLog.create({
			data: { actorId: userId, action: IDENTITY_ACTIONS.unlinked, target: GOOGLE },
		})
		return 'unlinked'
	})
}

// --- The link intent, carried through the Google round trip ---------------------------------

/**
 * The Set-Cookie that marks the Google attempt redirecting to `location` as a link for
 * this user and this session, or null when there is no session or no state to bind to.
 */
export async function linkIntentCookie(request: Request, userId: string, location: string) {
	const token = await readSessionId(request)
	let state: string | null = null
	try {
		state = new URL(location).searchParams.get('state')
	} catch {
		state = null
	}
	if (!token || !state) return null
	return googleLinkCookie().serialize({ state, userId, session: sessionKey(token) })
}

/** The Set-Cookie that forgets any link intent (a sign-in started, or the callback ran). */
export function clearLinkIntentCookie() {
	return googleLinkCookie().serialize('', { maxAge: 0 })
}

export type CallbackMode =
	| { kind: 'sign-in' }
	| { kind: 'link'; userId: string }
	/** A link was asked for, but the browser is no longer signed in as who asked. */
	| { kind: 'stale' }

/**
 * What a Google callback is for: a link when this browser carries a link intent for this
 * very attempt (same OAuth state) and is still signed in with the same session as the
 * account that asked; a stale link when the state matches but the session does not; a
 * sign-in otherwise.
 */
export async function callbackMode(request: Request): Promise<CallbackMode> {
	const intent = await readGoogleLinkIntent(request)
	const state = new URL(request.url).searchParams.get('state')
	if (!intent || !state || intent.state !== state) return { kind: 'sign-in' }
	const token = await readSessionId(request)
	const user = token ? await getUser(request) : null
	if (!token || !user || user.id !== intent.userId || sessionKey(token) !== intent.session) {
		return { kind: 'stale' }
	}
	return { kind: 'link', userId: user.id }
}
