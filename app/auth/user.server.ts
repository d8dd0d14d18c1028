import { getEnv } from '~/utils/env.server'
import { prisma } from '~/utils/db.server'
import { hashPassword, verifyPassword } from './password.server'

type Role = 'admin' | 'usuario'

/** What the app knows about the signed-in user. */
export type SessionUser = {
	id: string
	name: string
	email: string
	role: Role
	emailVerified: boolean
	/** Role admin, or the ADMIN_EMAIL account. */
	isAdmin: boolean
}

function isAdminEmail(email: string) {
	const adminEmail = getEnv().ADMIN_EMAIL
	return Boolean(adminEmail) && adminEmail?.toLowerCase() === email.toLowerCase()
}

export function toSessionUser(row: {
	id: string
	name: string
	email: string
	role: string
	emailVerifiedAt: Date | null
}): SessionUser {
	const role: Role = row.role === 'admin' || isAdminEmail(row.email) ? 'admin' : 'usuario'
	return {
		id: row.id,
		name: row.name,
		email: row.email,
		role,
		emailVerified: row.emailVerifiedAt !== null,
		isAdmin: role === 'admin',
	}
}

/** The role a new or returning account gets: ADMIN_EMAIL is always admin. */
export function roleFor(email: string, current: string = 'usuario'): Role {
	return current === 'admin' || isAdminEmail(email) ? 'admin' : 'usuario'
}

/** The name shown when none is given: the part of the e-mail before the @. */
export function nameFromEmail(email: string) {
	return email.split('@')[0] || email
}

export class EmailInUseError extends Error {
	constructor() {
		super('email in use')
		this.name = 'EmailInUseError'
	}
}

export async function createPasswordUser(input: { name: string; email: string; password: string }) {
	const hash = await hashPassword(input.password)
	try {
		return await prisma.profile.create({
			data: {
				name: input.name,
				email: input.email,
				role: roleFor(input.email),
				password: { create: { hash } },
			},
			select: { id: true, name: true, email: true, role: true, emailVerifiedAt: true },
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new EmailInUseError()
		throw error
	}
}

/** The account for these credentials, or null (same answer for unknown e-mail and wrong password). */
export async function verifyLogin(email: string, password: string) {
	const user = await prisma.profile.findUnique({
		where: { email },
		select: {
			id: true,
			name: true,
			email: true,
			role: true,
			emailVerifiedAt: true,
			disabledAt: true,
			password: { select: { hash: true } },
		},
	})
	if (!(await verifyPassword(password, user?.password?.hash)) || !user) return null
	const { password: _hash, ...profile } = user
	await syncAdminRole(profile)
	return profile
}

/** Keeps the stored role in step with ADMIN_EMAIL (e.g. set after the account existed). */
export async function syncAdminRole(user: { id: string; email: string; role: string }) {
	if (user.role !== 'admin' && isAdminEmail(user.email)) {
		await prisma.profile.update({ where: { id: user.id }, data: { role: 'admin' } })
		user.role = 'admin'
	}
}

export function isUniqueViolation(error: unknown) {
	return (
		typeof error === 'object' &&
		error !== null &&
		'code' in error &&
		(error as { code?: unknown }).code === 'P2002'
	)
}
