/**
 * Disabling an account from Usuarios: its sessions and mailed links end, and every way
 * back in refuses it (a live cookie, the password, Google, a reset's sign-in) until it is
 * enabled again. The main admin and the admin's own account cannot be disabled.
 * ADMIN_EMAIL is jefa@frasea.test in the tests.
 */
import { expect, test } from 'vitest'
import { routeAnswer } from '../../tests/support/route-answer'
import { isAccountDisabled } from '~/auth/account-status.server'
import { accountForGoogle, GoogleAccountError } from '~/auth/google-account.server'
import { hashPassword } from '~/auth/password.server'
import { createSession, findActiveSession } from '~/auth/session.server'
import { signIn } from '~/auth/sign-in.server'
import { verifyLogin } from '~/auth/user.server'
import { prisma } from '~/utils/db.server'
import { setUserDisabled } from './account-status.server'

let people = 0
async function person(email = `persona-${++people}@frasea.test`, role = 'usuario') {
	return prisma.profile.create({
		data: {
			name: 'Persona',
			email,
			role,
			emailVerifiedAt: new Date(),
			password: { create: { hash: await hashPassword('clave secreta 1') } },
		},
		select: { id: true, name: true, email: true, role: true, emailVerifiedAt: true },
	})
}

test('disabling ends every session, sign-in waiting for its second step and mailed link or code, and is recorded; enabling undoes it', async () => {
	const admin = await person(undefined, 'admin')
	const user = await person()
	const session = await createSession(user.id)
	const later = new Date(Date.now() + 60 * 60 * 1000)
	await prisma.passwordReset.create({
		data: { userId: user.id, tokenHash: `r-${user.id}`, expiresAt: later },
	})
	await prisma.emailVerification.create({
		data: { userId: user.id, tokenHash: `v-${user.id}`, expiresAt: later },
	})
	const { email } = await prisma.profile.findUniqueOrThrow({ where: { id: user.id } })
	await prisma.emailSignInCode.create({
		data: { email, codeHash: 'x', linkTokenHash: `e-${user.id}`, expiresAt: later },
	})
	await prisma.pendingSignIn.create({
		data: { id: `p-${user.id}`, userId: user.id, method: 'password', expiresAt: later },
	})

	expect(await setUserDisabled({ actorId: admin.id, userId: user.id, disabled: true })).toBe(
		'changed',
	)
	expect(await isAccountDisabled(user.id)).toBe(true)
	expect(await findActiveSession(session.token)).toBeNull()
	expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
	expect(await prisma.passwordReset.count({ where: { userId: user.id } })).toBe(0)
	expect(await prisma.emailVerification.count({ where: { userId: user.id } })).toBe(0)
	expect(await prisma.emailSignInCode.count({ where: { email } })).toBe(0)
	expect(await prisma.pendingSignIn.count({ where: { userId: user.id } })).toBe(0)
	// Posted twice (a double click): nothing changes the second time.
	const { disabledAt } = await prisma.profile.findUniqueOrThrow({ where: { id: user.id } })
	expect(await setUserDisabled({ actorId: admin.id, userId: user.id, disabled: true })).toBe(
		'unchanged',
	)
	expect((await prisma.profile.findUniqueOrThrow({ where: { id: user.id } })).disabledAt).toEqual(
		disabledAt,
	)

	expect(await setUserDisabled({ actorId: admin.id, userId: user.id, disabled: false })).toBe(
		'changed',
	)
	expect(await isAccountDisabled(user.id)).toBe(false)
	const again = await createSession(user.id)
	expect(await findActiveSession(again.token)).not.toBeNull()
	const trail = await prisma.auditLog.findMany({
		where: { actorId: admin.id, target: user.id },
		orderBy: { createdAt: 'asc' },
		select: { action: true },
	})
	expect(trail.map((row) => row.action)).toEqual(['admin.user.disabled', 'admin.user.enabled'])
})

test('never the main admin nor the admin’s own account; unknown ids are told', async () => {
	const admin = await person(undefined, 'admin')
	const main = await person('Jefa@frasea.test')
	expect(await setUserDisabled({ actorId: admin.id, userId: main.id, disabled: true })).toBe(
		'main_admin',
	)
	expect(await setUserDisabled({ actorId: admin.id, userId: admin.id, disabled: true })).toBe(
		'self',
	)
	expect(await setUserDisabled({ actorId: admin.id, userId: 'no-existe', disabled: true })).toBe(
		'not_found',
	)
	expect(await isAccountDisabled(main.id)).toBe(false)
	expect(await isAccountDisabled(admin.id)).toBe(false)
})

test('a session opened as the account was disabled is refused on its next request', async () => {
	const user = await person()
	const session = await createSession(user.id)
	// As if the disabling had committed between the sign-in's check and its session.
	await prisma.profile.update({ where: { id: user.id }, data: { disabledAt: new Date() } })
	expect(await findActiveSession(session.token)).toBeNull()
	expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
})

test('sign-in refuses a disabled account whatever proved who it is', async () => {
	const admin = await person(undefined, 'admin')
	const user = await person()
	await setUserDisabled({ actorId: admin.id, userId: user.id, disabled: true })

	// The password is still right: the login form tells only such a person (login.tsx).
	expect((await verifyLogin(user.email, 'clave secreta 1'))?.disabledAt).toBeInstanceOf(Date)
	// Every way in ends in signIn: back to /login with the reason, and no session.
	const answer = await routeAnswer(
		await signIn(new Request('http://localhost/login'), user, {
			toast: { type: 'success', message: 'no debería verse' },
		}),
	)
	expect(answer.status).toBe(302)
	expect(answer.headers.get('location')).toBe('/login')
	expect(answer.headers.get('set-cookie')).not.toContain('fr_session=')
	expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)

	// Google: refused before linking or taking over anything.
	await prisma.connection.create({
		data: { userId: user.id, providerName: 'google', providerId: `g-${user.id}` },
	})
	const identity = { id: `g-${user.id}`, email: user.email, emailVerified: true, name: null }
	await expect(accountForGoogle(identity)).rejects.toEqual(new GoogleAccountError('disabled'))
	const unverified = await prisma.profile.create({
		data: {
			name: 'Sin confirmar',
			email: `sin-confirmar-${user.id}@frasea.test`,
			disabledAt: new Date(),
			password: { create: { hash: await hashPassword('clave secreta 1') } },
		},
		select: { id: true, email: true },
	})
	await expect(
		accountForGoogle({ id: 'g-nuevo', email: unverified.email, emailVerified: true, name: null }),
	).rejects.toBeInstanceOf(GoogleAccountError)
	// Not taken over: the password stays, no connection was made.
	expect(await prisma.password.count({ where: { userId: unverified.id } })).toBe(1)
	expect(await prisma.connection.count({ where: { userId: unverified.id } })).toBe(0)
})
