/** Changing or setting a password from the profile's 'Cuenta' tab. */
import { describe, expect, test } from 'vitest'
import { findActiveSession } from '~/auth/session.server'
import { verifyPassword } from '~/auth/password.server'
import { prisma } from '~/utils/db.server'
import { routeAnswer } from '../../tests/support/route-answer'
import { PROFILE_INTENT } from './profile-forms'
import { profileMessages as messages } from './profile-messages'
import { profileAction } from './profile.server'
import { newUser, PASSWORD, PATH, post, signedIn } from '../../tests/support/profile'

describe('password', { timeout: 30_000 }, () => {
	/** The form as the page sends it: the offer to close the other sessions starts ticked. */
	const changeForm = (
		currentPassword: string,
		password: string,
		confirmPassword = password,
		closeOtherSessions = true,
	) =>
		new URLSearchParams({
			intent: PROFILE_INTENT.changePassword,
			currentPassword,
			password,
			confirmPassword,
			...(closeOtherSessions ? { closeOtherSessions: 'on' } : {}),
		})

	test('changing it without closing the other sessions keeps them', async () => {
		const user = await newUser()
		const here = await signedIn(user.id)
		const elsewhere = await signedIn(user.id)
		const answer = await routeAnswer(
			await profileAction(
				post(here.cookie, changeForm(PASSWORD, 'una clave nueva 2026', undefined, false), 'cuenta'),
				PATH,
			),
		)
		expect(answer.status).toBe(302)
		expect(await findActiveSession(here.token)).not.toBeNull()
		expect(await findActiveSession(elsewhere.token)).not.toBeNull()
	})

	test('changing it revokes the other sessions and keeps this one', async () => {
		const user = await newUser()
		const here = await signedIn(user.id)
		const elsewhere = await signedIn(user.id)
		const other = await newUser()
		const othersSession = await signedIn(other.id)
		await prisma.passwordReset.create({
			data: {
				userId: user.id,
				tokenHash: `h${Math.random()}`,
				expiresAt: new Date(Date.now() + 60_000),
			},
		})

		const answer = await routeAnswer(
			await profileAction(
				post(here.cookie, changeForm(PASSWORD, 'una clave nueva 2026'), 'cuenta'),
				PATH,
			),
		)
		expect(answer.status).toBe(302)
		expect(answer.headers.get('location')).toBe(`${PATH}?tab=cuenta`)
		expect(await findActiveSession(here.token)).not.toBeNull()
		expect(await findActiveSession(elsewhere.token)).toBeNull()
		expect(await findActiveSession(othersSession.token)).not.toBeNull()
		const { hash } = await prisma.password.findUniqueOrThrow({ where: { userId: user.id } })
		expect(await verifyPassword('una clave nueva 2026', hash)).toBe(true)
		expect(await prisma.passwordReset.count({ where: { userId: user.id } })).toBe(0)
	})

	test('a wrong current password is refused and changes nothing', async () => {
		const user = await newUser()
		const here = await signedIn(user.id)
		const elsewhere = await signedIn(user.id)
		const answer = await routeAnswer(
			await profileAction(
				post(here.cookie, changeForm('no es la mía', 'una clave nueva 2026'), 'cuenta'),
				PATH,
			),
		)
		expect(answer.status).toBe(400)
		expect(answer.body).toMatchObject({
			password: { error: { currentPassword: [messages.currentPasswordWrong] } },
		})
		// Passwords never travel back to the page.
		expect(JSON.stringify(answer.body)).not.toContain('no es la mía')
		expect(await findActiveSession(elsewhere.token)).not.toBeNull()
		const { hash } = await prisma.password.findUniqueOrThrow({ where: { userId: user.id } })
		expect(await verifyPassword(PASSWORD, hash)).toBe(true)
	})

	test('the new password follows the policy', async () => {
		const user = await newUser()
		const here = await signedIn(user.id)
		const answer = await routeAnswer(
			await profileAction(post(here.cookie, changeForm(PASSWORD, 'corta', 'otra'), 'cuenta'), PATH),
		)
		expect(answer.status).toBe(400)
		expect(answer.body).toMatchObject({
			password: {
				error: {
					password: ['La contraseña debe tener al menos 8 caracteres'],
					confirmPassword: ['Las contraseñas no coinciden'],
				},
			},
		})
	})

	test('an account without a password (Google) sets one without a current password, once', async () => {
		const user = await newUser({ password: false })
		const here = await signedIn(user.id)
		const form = () =>
			new URLSearchParams({
				intent: PROFILE_INTENT.setPassword,
				password: 'mi primera clave',
				confirmPassword: 'mi primera clave',
			})
		const answer = await routeAnswer(await profileAction(post(here.cookie, form(), 'cuenta'), PATH))
		expect(answer.status).toBe(302)
		const { hash } = await prisma.password.findUniqueOrThrow({ where: { userId: user.id } })
		expect(await verifyPassword('mi primera clave', hash)).toBe(true)
		expect(await findActiveSession(here.token)).not.toBeNull()

		// With a password in place, only the change form (with the current one) works.
		const again = await routeAnswer(await profileAction(post(here.cookie, form(), 'cuenta'), PATH))
		expect(again.status).toBe(409)
		expect(again.body).toMatchObject({ password: { error: { '': [messages.passwordAlreadySet] } } })
	})
})
