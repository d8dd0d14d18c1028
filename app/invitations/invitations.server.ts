import { recordAdminChange } from '~/admin/audit.server'
import { hashPassword } from '~/auth/password.server'
import { appOrigin } from '~/auth/request.server'
import { hashToken, randomToken } from '~/auth/tokens.server'
import { isUniqueViolation, roleFor } from '~/auth/user.server'
import { prisma } from '~/utils/db.server'
import { dropUnsentMail, mailQueued, queueMailStatements } from '~/mail/outbox.server'
import { invitationMail } from './mail.server'
import { INVITATION_PATH } from './path'

/**
 * Invitations: an admin mails a single-use link; whoever opens it sets a name and a
 * password and has an account whose address is already confirmed (the link proved the
 * mailbox). Only the SHA-256 of the token is stored, as for reset links. A new invitation
 * to an address replaces the pending one; revoking or replacing ends a link by setting its
 * expiry to now, so the row still counts towards the daily limits below.
 */

const DAY_MS = 24 * 60 * 60 * 1000
export const INVITATION_TTL_MS = 7 * DAY_MS
/** Mails to one address a day: enough to resend a lost one, too few to pester anybody. */
export const INVITATIONS_PER_ADDRESS_PER_DAY = 3
/** Invitations one admin may send a day, so a stolen admin session cannot spam the world. */
export const INVITATIONS_PER_ADMIN_PER_DAY = 50
/** The most pending invitations Usuarios lists. */
export const PENDING_LIST_LIMIT = 100

export type InvitationOutcome = 'sent' | 'account_exists' | 'address_capped' | 'admin_capped'

/** Mails of one address's invitations replace each other while they wait. */
const mailKey = (email: string) => `invitation:${email}`

const pending = (now: Date) => ({ usedAt: null, expiresAt: { gt: now } })

export async function sendInvitation(input: {
	admin: { id: string; name: string }
	/** Already trimmed and lower-cased by the form's schema. */
	email: string
	now?: Date
}): Promise<InvitationOutcome> {
	const now = input.now ?? new Date()
	const { email } = input
	const dayAgo = new Date(now.getTime() - DAY_MS)
	const [account, toAddress, byAdmin] = await Promise.all([
		prisma.profile.findUnique({ where: { email }, select: { id: true } }),
		prisma.invitation.count({ where: { email, createdAt: { gt: dayAgo } } }),
		prisma.invitation.count({ where: { invitedById: input.admin.id, createdAt: { gt: dayAgo } } }),
	])
	if (account) return 'account_exists'
	if (toAddress >= INVITATIONS_PER_ADDRESS_PER_DAY) return 'address_capped'
	if (byAdmin >= INVITATIONS_PER_ADMIN_PER_DAY) return 'admin_capped'

	const token = randomToken()
	const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS)
	const link = `${appOrigin()}${INVITATION_PATH}?${new URLSearchParams({ token })}`
	// The link and its mail in one transaction: the mail goes out (the outbox retries it
	// until the relay takes it) exactly when the link exists.
	const [, , invitation] = await prisma.$transaction([
		// Links that ended more than a day ago no longer count for anything.
		prisma.invitation.deleteMany({ where: { usedAt: null, expiresAt: { lt: dayAgo } } }),
		// One live link per address: the newest.
		prisma.invitation.updateMany({ where: { email, ...pending(now) }, data: { expiresAt: now } }),
		prisma.invitation.create({
			data: {
				email,
				tokenHash: hashToken(token),
				invitedById: input.admin.id,
				expiresAt,
				createdAt: now,
			},
			select: { id: true },
		}),
		...queueMailStatements(invitationMail(email, input.admin.name, link), {
			kind: 'invitation',
			expiresAt,
			supersedeKey: mailKey(email),
			now,
		}),
	])
	mailQueued()
	await recordAdminChange({
		actorId: input.admin.id,
		action: 'admin.user.invited',
		target: invitation.id,
		details: { email },
	})
	return 'sent'
}

export async function listPendingInvitations(now = new Date()) {
	return prisma.invitation.findMany({
		where: pending(now),
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		take: PENDING_LIST_LIMIT,
		select: {
			id: true,
			email: true,
			createdAt: true,
			expiresAt: true,
			invitedBy: { select: { name: true } },
		},
	})
}

export type PendingInvitation = Awaited<ReturnType<typeof listPendingInvitations>>[number]

export async function revokeInvitation(input: {
	actorId: string
	id: string
	now?: Date
}): Promise<'revoked' | 'not_found' | 'not_pending'> {
	const now = input.now ?? new Date()
	const invitation = await prisma.invitation.findUnique({
		where: { id: input.id },
		select: { email: true },
	})
	if (!invitation) return 'not_found'
	const revoked = await prisma.$transaction(async (tx) => {
		const { count } = await tx.invitation.updateMany({
			where: { id: input.id, ...pending(now) },
			data: { expiresAt: now },
		})
		// Its unsent mail would only carry a dead link. Once the link is no longer pending (a
		// stale tab), the address's unsent mail is the newer invitation's: it stays.
		if (count !== 1) return false
		await dropUnsentMail(mailKey(invitation.email), now, tx)
		return true
	})
	if (!revoked) return 'not_pending'
	await recordAdminChange({
		actorId: input.actorId,
		action: 'admin.invitation.revoked',
		target: input.id,
		details: { email: invitation.email },
	})
	return 'revoked'
}

/** The pending invitation behind a mailed token, or null. Reading spends nothing. */
export async function findPendingInvitation(token: string, now = new Date()) {
	return prisma.invitation.findFirst({
		where: { tokenHash: hashToken(token), ...pending(now) },
		select: { id: true, email: true },
	})
}

export async function accountExists(email: string) {
	return (await prisma.profile.count({ where: { email } })) > 0
}

const accountSelect = {
	id: true,
	name: true,
	email: true,
	role: true,
	emailVerifiedAt: true,
} as const

/**
 * Opens the invited account: spends the token (only one request can), ends any other link
 * to the address and creates the profile, confirmed, with its password, in one transaction.
 */
export async function acceptInvitation(token: string, input: { name: string; password: string }) {
	const invitation = await findPendingInvitation(token)
	if (!invitation) return { status: 'invalid' as const }
	if (await accountExists(invitation.email)) return { status: 'account_exists' as const }
	const hash = await hashPassword(input.password)
	const { email } = invitation
	try {
		return await prisma.$transaction(async (tx) => {
			const now = new Date()
			const { count } = await tx.invitation.updateMany({
				where: { id: invitation.id, ...pending(now) },
				data: { usedAt: now },
			})
			if (count !== 1) return { status: 'invalid' as const }
			await tx.invitation.updateMany({
				where: { email, id: { not: invitation.id }, ...pending(now) },
				data: { expiresAt: now },
			})
			const account = await tx.profile.create({
				data: {
					name: input.name,
					email,
					role: roleFor(email),
					emailVerifiedAt: now,
					password: { create: { hash } },
				},
				select: accountSelect,
			})
			return { status: 'created' as const, account }
		})
	} catch (error) {
		// Someone registered the address a moment ago: the transaction left the link unspent.
		if (isUniqueViolation(error)) return { status: 'account_exists' as const }
		throw error
	}
}
