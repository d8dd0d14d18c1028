import { afterAll, describe, expect, test } from 'vitest'
import { setUpTestDatabase } from './test-database'

const { prisma, cleanUp } = await setUpTestDatabase()
const sessions = await import('./session.server')
const { createCookie } = await import('@remix-run/node')
afterAll(cleanUp)

const DAY = 24 * 60 * 60 * 1000

async function newUser(email = `u${Math.random().toString(36).slice(2)}@frasea.test`) {
	return prisma.profile.create({ data: { name: 'Prueba', email }, select: { id: true } })
}

/** A request carrying the Set-Cookie value the server sent. */
function requestWith(setCookie: string) {
	return new Request('http://localhost/', { headers: { cookie: setCookie.split(';')[0] ?? '' } })
}

describe('sessions', () => {
	test('create: a random, unguessable id in a signed, httpOnly, SameSite=Lax cookie that lasts 30 days', async () => {
		const user = await newUser()
		const session = await sessions.createSession(user.id)
		expect(session.id).toMatch(/^[\w-]{43}$/)
		expect(session.expiresAt.getTime() - Date.now()).toBeGreaterThan(30 * DAY - 60_000)
		expect(session.cookie).toMatch(/^fr_session=/)
		expect(session.cookie).toMatch(/HttpOnly/)
		expect(session.cookie).toMatch(/SameSite=Lax/)
		expect(session.cookie).toMatch(/Max-Age=259\d{4}/)
		// Only the id travels; nothing else about the user.
		expect(session.cookie).not.toContain(user.id)
		expect(await sessions.readSessionId(requestWith(session.cookie))).toBe(session.id)

		const again = await sessions.createSession(user.id)
		expect(again.id).not.toBe(session.id)
	})

	test('a cookie with a forged signature carries nothing', async () => {
		const forged = createCookie('fr_session', { secrets: ['otro-secreto-que-no-es-el-nuestro'] })
		const request = new Request('http://localhost/', {
			headers: { cookie: await forged.serialize('un-id') },
		})
		expect(await sessions.readSessionId(request)).toBeNull()
	})

	test('cookies signed with an older secret still verify (rotation)', async () => {
		const old = createCookie('fr_session', { secrets: ['secreto-anterior-de-pruebas-5678'] })
		const request = new Request('http://localhost/', {
			headers: { cookie: await old.serialize('id-antiguo') },
		})
		expect(await sessions.readSessionId(request)).toBe('id-antiguo')
	})

	test('expire: an expired session is not found and its row is deleted', async () => {
		const user = await newUser()
		const session = await sessions.createSession(user.id)
		await prisma.session.update({
			where: { id: session.id },
			data: { expiresAt: new Date(Date.now() - 1000) },
		})
		expect(await sessions.findActiveSession(session.id)).toBeNull()
		expect(await prisma.session.count({ where: { id: session.id } })).toBe(0)
	})

	test('expire: signing in sweeps every expired session, reset and verification link and counter', async () => {
		const user = await newUser()
		const past = new Date(Date.now() - 1000)
		await prisma.session.create({ data: { id: 'vieja', userId: user.id, expiresAt: past } })
		await prisma.passwordReset.create({
			data: { userId: user.id, tokenHash: 'h1', expiresAt: past },
		})
		await prisma.emailVerification.create({
			data: { userId: user.id, tokenHash: 'h2', expiresAt: past },
		})
		await prisma.rateLimit.create({ data: { key: 'viejo', count: 5, resetAt: past } })
		await sessions.createSession(user.id)
		expect(await prisma.session.count({ where: { id: 'vieja' } })).toBe(0)
		expect(await prisma.passwordReset.count({ where: { tokenHash: 'h1' } })).toBe(0)
		expect(await prisma.emailVerification.count({ where: { tokenHash: 'h2' } })).toBe(0)
		expect(await prisma.rateLimit.count({ where: { key: 'viejo' } })).toBe(0)
	})

	test('extend on use: only when less than 29 days remain, then back to 30', async () => {
		const user = await newUser()
		const session = await sessions.createSession(user.id)
		// Fresh: nothing to write.
		expect(await sessions.extendSession(session)).toBeNull()

		const older = new Date(Date.now() + 20 * DAY)
		await prisma.session.update({ where: { id: session.id }, data: { expiresAt: older } })
		const cookie = await sessions.extendSession({ id: session.id, expiresAt: older })
		expect(cookie).toMatch(/^fr_session=/)
		const row = await prisma.session.findUniqueOrThrow({ where: { id: session.id } })
		expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(30 * DAY - 60_000)
	})

	test('revoke: logout deletes the row; a password reset can revoke every other session', async () => {
		const user = await newUser()
		const a = await sessions.createSession(user.id)
		const b = await sessions.createSession(user.id)
		const c = await sessions.createSession(user.id)
		await sessions.deleteSession(a.id)
		expect(await sessions.findActiveSession(a.id)).toBeNull()

		expect(await sessions.revokeUserSessions(user.id, { except: c.id })).toBe(1)
		expect(await sessions.findActiveSession(b.id)).toBeNull()
		expect(await sessions.findActiveSession(c.id)).not.toBeNull()
	})

	test('the clearing cookie expires at once', async () => {
		expect(await sessions.clearSessionCookie()).toMatch(/Max-Age=0/)
	})
})
