import { expect, test } from 'vitest'
import { routeAnswer } from '../../tests/support/route-answer'
import { prisma } from '~/utils/db.server'
import { hashPassword } from './password.server'
import { finishSignIn, signIn, TWO_FACTOR_PATH } from './sign-in.server'
import { base32Decode, totp } from './totp.server'
import { confirmTwoFactorSetup, startTwoFactorSetup } from './two-factor.server'

/*
 * Where a sign-in sends the browser is settled before anything is stored: a redirect target
 * that a header cannot carry as it stands (characters above U+00FF) goes percent-encoded,
 * and never leaves a session or a waiting sign-in behind a failed answer.
 */

let people = 0
async function person() {
	return prisma.profile.create({
		data: {
			name: 'Persona',
			email: `entrada-${++people}@frasea.test`,
			emailVerifiedAt: new Date(),
			password: { create: { hash: await hashPassword('clave secreta 1') } },
		},
		select: { id: true, name: true, email: true, role: true, emailVerifiedAt: true },
	})
}

const toast = { type: 'success', message: 'Has iniciado sesión' } as const
const request = () => new Request('http://localhost/login', { method: 'POST' })

test('a sign-in to a path beyond Latin-1 opens one session and goes there encoded', async () => {
	const user = await person()
	const answer = await routeAnswer(
		await finishSignIn(request(), user, { redirectTo: '/。evil', toast }),
	)
	expect(answer.status).toBe(302)
	expect(answer.headers.get('location')).toBe('/%E3%80%82evil')
	expect(answer.headers.get('set-cookie')).toContain('fr_session=')
	expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1)
})

test('a two-factor sign-in stores its target encoded, and one stored raw still ends in a redirect', async () => {
	const user = await person()
	const secret = (await startTwoFactorSetup(user.id))!
	await confirmTwoFactorSetup(user.id, totp(base32Decode(secret)!, Date.now()))

	const first = await routeAnswer(
		await signIn(request(), user, { redirectTo: '/frases?q=ñandú', toast, method: 'password' }),
	)
	expect(first.headers.get('location')).toBe(TWO_FACTOR_PATH)
	const pending = await prisma.pendingSignIn.findFirstOrThrow({ where: { userId: user.id } })
	expect(pending.redirectTo).toBe('/frases?q=%C3%B1and%C3%BA')
	expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)

	// A waiting sign-in stored before targets were encoded ends like any other.
	const end = await routeAnswer(
		await finishSignIn(request(), user, { redirectTo: '/。evil', toast }),
	)
	expect(end.status).toBe(302)
	expect(end.headers.get('location')).toBe('/%E3%80%82evil')
	expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1)
})
