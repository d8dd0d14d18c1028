/**
 * For the profile tests: accounts made through the app's own functions, signed in with a
 * session of their own, and posts to the profile page as that browser.
 */
import { createSession } from '~/auth/session.server'
import { createPasswordUser } from '~/auth/user.server'
import { prisma } from '~/utils/db.server'

export const PASSWORD = 'contraseña de prueba 2026'
export const PATH = '/dashboard/perfil'

export async function newUser(options: { password?: boolean } = {}) {
	const email = `p${Math.random().toString(36).slice(2)}@frasea.test`
	if (options.password === false) {
		return prisma.profile.create({
			data: { name: 'Sin Contraseña', email },
			select: { id: true, email: true },
		})
	}
	return createPasswordUser({ name: 'Perfil de Prueba', email, password: PASSWORD })
}

export async function signedIn(userId: string) {
	const session = await createSession(userId)
	return { token: session.token, cookie: session.cookie.split(';')[0] ?? '' }
}

export function post(cookie: string, body: FormData | URLSearchParams, tab = 'personal') {
	return new Request(`http://localhost${PATH}?tab=${tab}`, {
		method: 'POST',
		headers: { cookie },
		body,
	})
}
