import { expect, test } from 'vitest'
import { createSession } from '~/auth/session.server'
import { prisma } from '~/utils/db.server'
import { endDeviceSession, endOtherSessions, listDeviceSessions } from './sessions.server'

const CHROME_WINDOWS =
	'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_IPHONE =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

async function account(email: string) {
	return prisma.profile.create({ data: { name: email, email }, select: { id: true } })
}

function signInFrom(userId: string, userAgent: string) {
	return createSession(
		userId,
		new Request('http://localhost/', { headers: { 'user-agent': userAgent } }),
	)
}

test('the list shows every live device of the account, this one first and marked', async () => {
	const ana = await account('ana-sesiones@frasea.test')
	const phone = await signInFrom(ana.id, SAFARI_IPHONE)
	const laptop = await signInFrom(ana.id, CHROME_WINDOWS)
	const other = await account('otra-sesiones@frasea.test')
	await signInFrom(other.id, CHROME_WINDOWS)

	const list = await listDeviceSessions(ana.id, phone.token)
	expect(list.map(({ device, current }) => ({ device, current }))).toEqual([
		{ device: 'Safari en iPhone', current: true },
		{ device: 'Chrome en Windows', current: false },
	])
	// The page gets the row's key, never the token that signs a browser in.
	expect(JSON.stringify(list)).not.toContain(phone.token)
	expect(JSON.stringify(list)).not.toContain(laptop.token)
})

test("ending one device's session; another account's session id is missing, and stays", async () => {
	const ana = await account('ana-fin@frasea.test')
	const here = await signInFrom(ana.id, CHROME_WINDOWS)
	await signInFrom(ana.id, SAFARI_IPHONE)
	const other = await account('otra-fin@frasea.test')
	await signInFrom(other.id, SAFARI_IPHONE)
	const [phone] = (await listDeviceSessions(ana.id, here.token)).filter((s) => !s.current)
	const [foreign] = await listDeviceSessions(other.id, null)

	expect(await endDeviceSession(ana.id, foreign!.id, here.token)).toBe('missing')
	expect(await prisma.session.count({ where: { userId: other.id } })).toBe(1)
	expect(await endDeviceSession(ana.id, phone!.id, here.token)).toBe('ended')
	expect(await endDeviceSession(ana.id, phone!.id, here.token)).toBe('missing')
	// This browser's own session is not ended from the list.
	const [current] = await listDeviceSessions(ana.id, here.token)
	expect(await endDeviceSession(ana.id, current!.id, here.token)).toBe('current')
	expect(await prisma.session.count({ where: { userId: ana.id } })).toBe(1)
})

test('ending every other session keeps only this one, and says how many ended', async () => {
	const ana = await account('ana-todas@frasea.test')
	const here = await signInFrom(ana.id, CHROME_WINDOWS)
	await signInFrom(ana.id, SAFARI_IPHONE)
	await signInFrom(ana.id, SAFARI_IPHONE)
	expect(await endOtherSessions(ana.id, here.token)).toBe(2)
	expect(await endOtherSessions(ana.id, here.token)).toBe(0)
	expect((await listDeviceSessions(ana.id, here.token)).map((s) => s.current)).toEqual([true])
	const logged = await prisma.auditLog.findMany({
		where: { actorId: ana.id, action: 'auth.sessions_ended' },
	})
	expect(logged.map((row) => row.details)).toEqual([JSON.stringify({ count: 2 })])
})
