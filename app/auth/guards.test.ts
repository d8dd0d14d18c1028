import { describe, expect, test } from 'vitest'
import { thrownAnswer } from '../../tests/support/route-answer'
import { prisma } from '~/utils/db.server'
import { safeRedirect } from '~/utils/misc'
import * as guards from './guards.server'
import { createSession } from './session.server'
import { roleFor, toSessionUser } from './user.server'

async function signedIn(
	data: { email: string; role?: string; verified?: boolean },
	url = 'http://localhost/x',
) {
	const user = await prisma.profile.create({
		data: {
			name: 'Prueba',
			email: data.email,
			role: data.role ?? 'usuario',
			emailVerifiedAt: data.verified === false ? null : new Date(),
		},
	})
	const session = await createSession(user.id)
	return new Request(url, { headers: { cookie: session.cookie.split(';')[0] ?? '' } })
}

/** What a guard threw: its status, the redirect target and the toast cookie. */
async function thrown(promise: Promise<unknown>) {
	const answer = await thrownAnswer(promise)
	return {
		status: answer.status,
		location: answer.headers.get('location'),
		cookie: answer.headers.get('set-cookie'),
	}
}

function toastIn(cookie: string | null | undefined) {
	const value = decodeURIComponent(/fr_toast=([^;.]+)/.exec(cookie ?? '')?.[1] ?? '')
	return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as {
		__flash_toast__: { message: string }
	}
}

describe('requireUser', () => {
	test('lets a signed-in user through', async () => {
		const request = await signedIn({ email: 'ana@frasea.test' })
		expect(await guards.requireUser(request)).toMatchObject({
			email: 'ana@frasea.test',
			isAdmin: false,
		})
	})

	test('sends a guest to /login with where they were and the sign-in-required message', async () => {
		const result = await thrown(
			guards.requireUser(new Request('http://localhost/dashboard/frases?q=sol')),
		)
		expect(result.status).toBe(302)
		expect(result.location).toBe('/login?redirectTo=%2Fdashboard%2Ffrases%3Fq%3Dsol')
		expect(toastIn(result.cookie).__flash_toast__.message).toBe(
			'Debes iniciar sesión para acceder a esta página',
		)
	})

	test('a guest POST goes to /login without a redirectTo (the action cannot be replayed)', async () => {
		const result = await thrown(
			guards.requireUser(new Request('http://localhost/dashboard', { method: 'POST' })),
		)
		expect(result.location).toBe('/login')
	})
})

describe('requireAdmin', () => {
	test('guests go to /login', async () => {
		const result = await thrown(guards.requireAdmin(new Request('http://localhost/admin/overview')))
		expect(result.location).toBe('/login?redirectTo=%2Fadmin%2Foverview')
	})

	test('users go to /dashboard with the no-permission message', async () => {
		const result = await thrown(guards.requireAdmin(await signedIn({ email: 'beto@frasea.test' })))
		expect(result.location).toBe('/dashboard')
		expect(toastIn(result.cookie).__flash_toast__.message).toBe(
			'No tienes permisos para acceder a esta página',
		)
	})

	test('role admin passes', async () => {
		const request = await signedIn({ email: 'carla@frasea.test', role: 'admin' })
		expect(await guards.requireAdmin(request)).toMatchObject({ isAdmin: true })
	})

	test('the ADMIN_EMAIL account is admin whatever its stored role', async () => {
		const request = await signedIn({ email: 'Jefa@Frasea.test'.toLowerCase(), role: 'usuario' })
		expect(await guards.requireAdmin(request)).toMatchObject({ isAdmin: true, role: 'admin' })
	})

	test('an admin whose e-mail is not confirmed gets a 403 until it is', async () => {
		const result = await thrown(
			guards.requireAdmin(
				await signedIn({ email: 'dani@frasea.test', role: 'admin', verified: false }),
			),
		)
		expect(result.status).toBe(403)
	})
})

describe('redirect rule', () => {
	test('admins land on /admin/overview, everyone else on /dashboard', () => {
		expect(guards.homePathFor({ isAdmin: true })).toBe('/admin/overview')
		expect(guards.homePathFor({ isAdmin: false })).toBe('/dashboard')
	})

	test('ADMIN_EMAIL always gets role admin', () => {
		expect(roleFor('jefa@frasea.test')).toBe('admin')
		expect(roleFor('JEFA@frasea.test')).toBe('admin')
		expect(roleFor('otra@frasea.test')).toBe('usuario')
		expect(roleFor('otra@frasea.test', 'admin')).toBe('admin')
		expect(
			toSessionUser({
				id: '1',
				name: 'J',
				email: 'jefa@frasea.test',
				role: 'usuario',
				emailVerifiedAt: null,
			}).isAdmin,
		).toBe(true)
	})

	test('requireAnonymous sends a signed-in user home', async () => {
		const result = await thrown(
			guards.requireAnonymous(await signedIn({ email: 'eva@frasea.test' })),
		)
		expect(result.location).toBe('/dashboard')
	})
})

describe('safeRedirect', () => {
	test('keeps same-origin paths', () => {
		expect(safeRedirect('/dashboard', '/')).toBe('/dashboard')
		expect(safeRedirect('/profile?tab=cuenta#x', '/')).toBe('/profile?tab=cuenta#x')
	})

	test('refuses other origins, protocol-relative and backslash tricks', () => {
		for (const to of [
			'https://evil.example',
			'//evil.example',
			'/\\evil.example',
			'javascript:alert(1)',
			'',
			null,
			undefined,
		]) {
			expect(safeRedirect(to, '/dashboard')).toBe('/dashboard')
		}
	})
})
