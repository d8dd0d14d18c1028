import { deleteAccount, isMainAdmin, MainAdminError } from '~/dashboard/account-deletion.server'
import { isTwoFactorEnabled } from '~/auth/two-factor.server'
import { Prisma } from '~/generated/prisma/client'
import { readSettings, SETTING_KEYS, writeSetting } from '~/settings/store.server'
import { prisma } from '~/utils/db.server'
import { containsIgnoringCase, toNumber } from '~/utils/sql.server'

/**
 * The admin's list of accounts and what an admin may do to one. The list reads one page of
 * profile ids (raw SQL: the search is a literal, case-insensitive substring on both engines,
 * which Prisma's `contains` is not), the page's profiles, then their phrase counts and last
 * sign-ins in one grouped query each.
 */

export const USERS_PAGE_SIZE = 20

/** What the dashboard's activity log calls a sign-in (app/models/activity.server.ts). */
const SIGN_IN_ACTION = 'auth.signed_in'

export type UserStatus = 'active' | 'unconfirmed' | 'disabled'

export interface AdminUserRow {
	id: string
	name: string
	email: string
	role: 'admin' | 'usuario'
	status: UserStatus
	isMainAdmin: boolean
	createdAt: Date
	lastSignInAt: Date | null
	phraseCount: number
}

function searchWhere(search: string) {
	return search
		? Prisma.sql`WHERE ${containsIgnoringCase(Prisma.sql`nombre`, search)}
			OR ${containsIgnoringCase(Prisma.sql`correo`, search)}`
		: Prisma.empty
}

export async function listUsers(options: { search: string; page: number }) {
	const where = searchWhere(options.search)
	const counted = await prisma.$queryRaw<Array<{ total: bigint | number }>>`
		SELECT COUNT(*) AS total FROM perfiles ${where}`
	const total = toNumber(counted[0]?.total)
	const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE))
	const page = Math.min(Math.max(1, Math.trunc(options.page) || 1), pageCount)
	const pageIds = await prisma.$queryRaw<Array<{ id: string }>>`
		SELECT id FROM perfiles ${where}
		ORDER BY fecha_creacion DESC, id DESC
		LIMIT ${USERS_PAGE_SIZE} OFFSET ${(page - 1) * USERS_PAGE_SIZE}`
	const unordered = await prisma.profile.findMany({
		where: { id: { in: pageIds.map((row) => row.id) } },
		select: {
			id: true,
			name: true,
			email: true,
			role: true,
			emailVerifiedAt: true,
			disabledAt: true,
			createdAt: true,
		},
	})
	const ids = pageIds.map((row) => row.id)
	const byId = new Map(unordered.map((profile) => [profile.id, profile]))
	// A profile deleted between the two reads is simply left out.
	const profiles = ids.flatMap((id) => byId.get(id) ?? [])
	const [phraseCounts, signIns] =
		ids.length === 0
			? [[], []]
			: await Promise.all([
					prisma.phrase.groupBy({
						by: ['userId'],
						where: { userId: { in: ids } },
						_count: { _all: true },
					}),
					prisma.auditLog.groupBy({
						by: ['actorId'],
						where: { actorId: { in: ids }, action: SIGN_IN_ACTION },
						_max: { createdAt: true },
					}),
				])
	const phrasesOf = new Map(phraseCounts.map((row) => [row.userId, row._count._all]))
	const signInOf = new Map(signIns.map((row) => [row.actorId, row._max.createdAt]))
	const rows: AdminUserRow[] = profiles.map((profile) => {
		const mainAdmin = isMainAdmin(profile.email)
		return {
			id: profile.id,
			name: profile.name,
			email: profile.email,
			role: profile.role === 'admin' || mainAdmin ? 'admin' : 'usuario',
			// Disabled says the most: whatever else is true, the account cannot be used.
			status: profile.disabledAt ? 'disabled' : profile.emailVerifiedAt ? 'active' : 'unconfirmed',
			isMainAdmin: mainAdmin,
			createdAt: profile.createdAt,
			lastSignInAt: signInOf.get(profile.id) ?? null,
			phraseCount: phrasesOf.get(profile.id) ?? 0,
		}
	})
	return { rows, total, page, pageCount }
}

export async function findUserForAdmin(id: string) {
	return prisma.profile.findUnique({ where: { id }, select: { id: true, name: true, email: true } })
}

export type RoleChange = 'changed' | 'not_found' | 'main_admin' | 'self'

/** Sets an account's role; the main admin stays admin and nobody demotes themselves. */
export async function changeUserRole(input: {
	actorId: string
	userId: string
	role: 'admin' | 'usuario'
}): Promise<RoleChange> {
	const user = await prisma.profile.findUnique({
		where: { id: input.userId },
		select: { email: true, role: true },
	})
	if (!user) return 'not_found'
	if (input.role !== 'admin' && isMainAdmin(user.email)) return 'main_admin'
	if (input.role !== 'admin' && input.userId === input.actorId) return 'self'
	await prisma.$transaction([
		prisma.profile.update({ where: { id: input.userId }, data: { role: input.role } }),
		prisma.auditLog.create({
			data: {
				actorId: input.actorId,
				action: 'admin.user.role_changed',
				target: input.userId,
				details: JSON.stringify({ from: user.role, to: input.role }),
			},
		}),
	])
	return 'changed'
}

export type UserDeletion = 'deleted' | 'not_found' | 'main_admin' | 'self'

/** Deletes an account and everything it owns, as its owner could; never the main admin. */
export async function deleteUserAsAdmin(input: {
	actorId: string
	userId: string
}): Promise<UserDeletion> {
	if (input.userId === input.actorId) return 'self'
	try {
		const removed = await deleteAccount(input.userId)
		if (!removed) return 'not_found'
	} catch (error) {
		if (error instanceof MainAdminError) return 'main_admin'
		throw error
	}
	await prisma.auditLog.create({
		data: { actorId: input.actorId, action: 'admin.user.deleted', target: input.userId },
	})
	return 'deleted'
}

/** Whether admin accounts must have two-factor sign-in on (see requireAdmin). */
export async function isAdminTwoFactorRequired() {
	const key = SETTING_KEYS.requireAdminTwoFactor
	return (await readSettings([key]))[key] === 'true'
}

export type TwoFactorRequirementChange = 'saved' | 'actor-without-two-factor'

/**
 * Turns the requirement on or off (audited by writeSetting). Turning it on is refused to
 * an admin who has not turned two-factor on: it would lock them out of this page at once.
 */
export async function setAdminTwoFactorRequired(
	actorId: string,
	required: boolean,
): Promise<TwoFactorRequirementChange> {
	if (required && !(await isTwoFactorEnabled(actorId))) return 'actor-without-two-factor'
	await writeSetting(SETTING_KEYS.requireAdminTwoFactor, required ? 'true' : null, actorId)
	return 'saved'
}
