import { createHash } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { describe, expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import * as sessions from './session.server'

const DAY = 24 * 60 * 60 * 1000

async function newUser(email = `u${Math.random().toString(36).slice(2)}@frasea.test`) {
	return prisma.profile.create({ data: { name: 'Prueba', email }, select: { id: true } })
}

/** A request carrying the Set-Cookie value the server sent. */
function requestWith(setCookie: string) {
	return new Request('http://localhost/', { headers: { cookie: setCookie.split(';')[0] ?? '' } })
}

describe('sessions', () => {
	test('create: a random, unguessable token in a signed, httpOnly, SameSite=Lax cookie that lasts 14 days', async () => {
		const user = await newUser()
		const session = await sessions.createSession(user.id)
		expect(session.token).toMatch(/^[\w-]{43}$/)
		expect(session.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * DAY - 60_000)
		expect(session.cookie).toMatch(/^fr_session=/)
		expect(session.cookie).toMatch(/HttpOnly/)
		expect(session.cookie).toMatch(/SameSite=Lax/)
		expect(session.cookie).toMatch(/Max-Age=1209\d{3}/)
		// Only the token travels; nothing else about the user.
		expect(session.cookie).not.toContain(user.id)
		expect(await sessions.readSessionId(requestWith(session.cookie))).toBe(session.token)

		const again = await sessions.createSession(user.id)
		expect(again.token).not.toBe(session.token)
	})

	test('the database keeps only the SHA-256 of the token: a stolen row signs nobody in', async () => {
		const user = await newUser()
		const session = await sessions.createSession(user.id)
		const rows = await prisma.session.findMany({ where: { userId: user.id } })
		expect(rows).toHaveLength(1)
		const row = rows[0] as (typeof rows)[number]
		expect(row.id).toBe(createHash('sha256').update(session.token).digest('hex'))
		expect(JSON.stringify(rows)).not.toContain(session.token)
		// The token finds the session; the stored key, used as a cookie value, does not.
		expect((await sessions.findActiveSession(session.token))?.user.id).toBe(user.id)
		expect(await sessions.findActiveSession(row.id)).toBeNull()
		// A cookie carrying the stored key (signed with our own secret) is no way in either.
		const forged = await sessions.serializeSessionCookie(row.id, new Date(Date.now() + DAY))
		const token = await sessions.readSessionId(requestWith(forged))
		expect(await sessions.findActiveSession(token ?? '')).toBeNull()
	})

	test('absolute lifetime: 30 days after sign-in the session ends, however recently used', async () => {
		const user = await newUser()
		const session = await sessions.createSession(user.id)
		const key = sessions.sessionKey(session.token)
		// Used yesterday (expiry far ahead) but created 30 days ago.
		await prisma.session.update({
			where: { id: key },
			data: {
				createdAt: new Date(Date.now() - 30 * DAY),
				expiresAt: new Date(Date.now() + 13 * DAY),
			},
		})
		expect(await sessions.findActiveSession(session.token)).toBeNull()
		expect(await prisma.session.count({ where: { id: key } })).toBe(0)
	})

	test('absolute lifetime: extending never goes past 30 days from creation', async () => {
		const user = await newUser()
		const session = await sessions.createSession(user.id)
		const key = sessions.sessionKey(session.token)
		const createdAt = new Date(Date.now() - 25 * DAY)
		const expiresAt = new Date(Date.now() + 2 * DAY)
		await prisma.session.update({ where: { id: key }, data: { createdAt, expiresAt } })
		const cookie = await sessions.extendSession(session.token, { id: key, createdAt, expiresAt })
		expect(cookie).toMatch(/^fr_session=/)
		const row = await prisma.session.findUniqueOrThrow({ where: { id: key } })
		expect(row.expiresAt.getTime()).toBe(createdAt.getTime() + 30 * DAY)
		// At the cap, nothing more to extend.
		expect(
			await sessions.extendSession(session.token, { id: key, createdAt, expiresAt: row.expiresAt }),
		).toBeNull()
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
		const key = sessions.sessionKey(session.token)
		await prisma.session.update({
			where: { id: key },
			data: { expiresAt: new Date(Date.now() - 1000) },
		})
		expect(await sessions.findActiveSession(session.token)).toBeNull()
		expect(await prisma.session.count({ where: { id: key } })).toBe(0)
	})

	test('expire: signing in sweeps every expired session, reset and verification link and counter', async () => {
		const user = await newUser()
		const past = new Date(Date.now() - 1000)
		await prisma.session.create({ data: { id: 'vieja', userId: user.id, expiresAt: past } })
		await prisma.session.create({
			data: {
				id: 'antigua',
				userId: user.id,
				createdAt: new Date(Date.now() - 31 * DAY),
				expiresAt: new Date(Date.now() + DAY),
			},
		})
		await prisma.passwordReset.create({
			data: { userId: user.id, tokenHash: 'h1', expiresAt: past },
		})
		await prisma.emailVerification.create({
			data: { userId: user.id, tokenHash: 'h2', expiresAt: past },
		})
		await prisma.rateLimit.create({ data: { key: 'viejo', count: 5, resetAt: past } })
		await sessions.createSession(user.id)
		expect(await prisma.session.count({ where: { id: 'vieja' } })).toBe(0)
		expect(await prisma.session.count({ where: { id: 'antigua' } })).toBe(0)
		expect(await prisma.passwordReset.count({ where: { tokenHash: 'h1' } })).toBe(0)
		expect(await prisma.emailVerification.count({ where: { tokenHash: 'h2' } })).toBe(0)
		expect(await prisma.rateLimit.count({ where: { key: 'viejo' } })).toBe(0)
	})

	test('extend on use: only when less than 13 days remain, then back to 14', async () => {
		const user = await newUser()
		const session = await sessions.createSession(user.id)
		const row = await prisma.session.findUniqueOrThrow({
			where: { id: sessions.sessionKey(session.token) },
		})
		// Fresh: nothing to write.
		expect(await sessions.extendSession(session.token, row)).toBeNull()

		const older = new Date(Date.now() + 10 * DAY)
		await prisma.session.update({ where: { id: row.id }, data: { expiresAt: older } })
		const cookie = await sessions.extendSession(session.token, { ...row, expiresAt: older })
		expect(cookie).toMatch(/^fr_session=/)
		expect(await sessions.readSessionId(requestWith(cookie ?? ''))).toBe(session.token)
		const extended = await prisma.session.findUniqueOrThrow({ where: { id: row.id } })
		expect(extended.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * DAY - 60_000)
	})

	test('revoke: logout deletes the row; a password reset can revoke every other session', async () => {
		const user = await newUser()
		const a = await sessions.createSession(user.id)
		const b = await sessions.createSession(user.id)
		const c = await sessions.createSession(user.id)
		await sessions.deleteSession(a.token)
		expect(await sessions.findActiveSession(a.token)).toBeNull()

		expect(await sessions.revokeUserSessions(user.id, { exceptToken: c.token })).toBe(1)
		expect(await sessions.findActiveSession(b.token)).toBeNull()
		expect(await sessions.findActiveSession(c.token)).not.toBeNull()
	})

	test('the clearing cookie expires at once', async () => {
		expect(await sessions.clearSessionCookie()).toMatch(/Max-Age=0/)
	})
})
