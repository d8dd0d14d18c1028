import { expect, test } from 'vitest'
import { accountForGoogle } from '~/auth/google-account.server'
import { createSession } from '~/auth/session.server'
import { prisma } from '~/utils/db.server'
import {
	callbackMode,
	checkUnlinkGoogle,
	IDENTITY_ACTIONS,
	linkGoogle,
	linkIntentCookie,
	unlinkGoogle,
} from './identities.server'

async function account(email: string, { password = true, confirmed = true } = {}) {
	const user = await prisma.profile.create({
		data: { name: email, email, emailVerifiedAt: confirmed ? new Date() : null },
		select: { id: true },
	})
	if (password) {
		// Only whether a password exists matters here: no need for a (slow) real hash.
		await prisma.password.create({ data: { userId: user.id, hash: 'hash-de-prueba' } })
	}
	return user
}

const google = (sub: string, emailVerified = true) => ({
	id: sub,
	email: `${sub}@gmail.test`,
	emailVerified,
	name: null,
})

function connectionsOf(userId: string) {
	return prisma.connection.findMany({
		where: { userId },
		select: { providerName: true, providerId: true },
	})
}

test('linking connects the Google identity to the account and records it', async () => {
	const ana = await account('ana-vincula@frasea.test')
	// The Google address need not match the account's: the owner proved both.
	expect(await linkGoogle(ana.id, google('sub-ana'))).toBe('linked')
	expect(await connectionsOf(ana.id)).toEqual([{ providerName: 'google', providerId: 'sub-ana' }])
	const trail = await prisma.auditLog.findMany({
		where: { actorId: ana.id },
		select: { action: true, target: true },
	})
	expect(trail).toEqual([{ action: IDENTITY_ACTIONS.linked, target: 'google' }])
	// Linking the same identity again changes nothing.
	expect(await linkGoogle(ana.id, google('sub-ana'))).toBe('already-yours')
	expect(await connectionsOf(ana.id)).toHaveLength(1)
})

test('a Google identity linked to another account is refused and stays where it was', async () => {
	const owner = await account('dueno-google@frasea.test')
	const other = await account('otra-google@frasea.test')
	expect(await linkGoogle(owner.id, google('sub-compartido'))).toBe('linked')
	expect(await linkGoogle(other.id, google('sub-compartido'))).toBe('linked-elsewhere')
	expect(await connectionsOf(other.id)).toEqual([])
	expect(await connectionsOf(owner.id)).toEqual([
		{ providerName: 'google', providerId: 'sub-compartido' },
	])
})

test('an account with Google linked cannot link a second Google account', async () => {
	const bea = await account('bea-dos@frasea.test')
	expect(await linkGoogle(bea.id, google('sub-bea-1'))).toBe('linked')
	expect(await linkGoogle(bea.id, google('sub-bea-2'))).toBe('has-other-google')
	expect(await connectionsOf(bea.id)).toEqual([{ providerName: 'google', providerId: 'sub-bea-1' }])
})

test('an unverified Google address or a disabled account links nothing', async () => {
	const carla = await account('carla-sin-verificar@frasea.test')
	expect(await linkGoogle(carla.id, google('sub-carla', false))).toBe('unverified')
	const dani = await account('dani-deshabilitado@frasea.test')
	await prisma.profile.update({ where: { id: dani.id }, data: { disabledAt: new Date() } })
	expect(await linkGoogle(dani.id, google('sub-dani'))).toBe('unavailable')
	expect(await linkGoogle('no-existe', google('sub-nadie'))).toBe('unavailable')
	expect(await connectionsOf(carla.id)).toEqual([])
	expect(await connectionsOf(dani.id)).toEqual([])
	expect(await prisma.connection.count({ where: { providerId: 'sub-nadie' } })).toBe(0)
})

test('an account whose address is unconfirmed links nothing, and loses any link on takeover', async () => {
	const squatter = await account('victima@frasea.test', { confirmed: false })
	expect(await linkGoogle(squatter.id, google('sub-okupa'))).toBe('unconfirmed')
	expect(await connectionsOf(squatter.id)).toEqual([])

	// Even a connection that got there somehow goes when the address's owner comes with Google.
	await prisma.connection.create({
		data: { providerName: 'google', providerId: 'sub-okupa', userId: squatter.id },
	})
	const result = await accountForGoogle({
		id: 'sub-duena',
		email: 'victima@frasea.test',
		emailVerified: true,
		name: 'Dueña',
	})
	expect(result).toMatchObject({ outcome: 'takeover', account: { id: squatter.id } })
	expect(await connectionsOf(squatter.id)).toEqual([
		{ providerName: 'google', providerId: 'sub-duena' },
	])
})

test('unlinking removes only this account’s Google connection', async () => {
	const eva = await account('eva-desvincula@frasea.test')
	const fede = await account('fede-intacto@frasea.test')
	await linkGoogle(eva.id, google('sub-eva'))
	await linkGoogle(fede.id, google('sub-fede'))
	expect(await checkUnlinkGoogle(eva.id)).toBe('ok')
	// The check alone removes nothing.
	expect(await connectionsOf(eva.id)).toHaveLength(1)
	expect(await unlinkGoogle(eva.id)).toBe('unlinked')
	expect(await connectionsOf(eva.id)).toEqual([])
	expect(await connectionsOf(fede.id)).toEqual([{ providerName: 'google', providerId: 'sub-fede' }])
	expect(
		await prisma.auditLog.count({ where: { actorId: eva.id, action: IDENTITY_ACTIONS.unlinked } }),
	).toBe(1)
	// Nothing left to unlink.
	expect(await unlinkGoogle(eva.id)).toBe('not-linked')
	expect(await checkUnlinkGoogle(eva.id)).toBe('not-linked')
})

test('Google cannot be unlinked from an account without a password: the last way in stays', async () => {
	const gala = await account('gala-solo-google@frasea.test', { password: false })
	await linkGoogle(gala.id, google('sub-gala'))
	expect(await checkUnlinkGoogle(gala.id)).toBe('last-way-in')
	expect(await unlinkGoogle(gala.id)).toBe('last-way-in')
	expect(await connectionsOf(gala.id)).toHaveLength(1)
	// Once the account has a password, Google can go.
	await prisma.password.create({
		data: { userId: gala.id, hash: 'hash-de-prueba' },
	})
	expect(await unlinkGoogle(gala.id)).toBe('unlinked')
})

// --- The link intent through the Google round trip ------------------------------------------

const setCookieToCookie = (setCookie: string) => setCookie.split(';')[0] ?? ''

async function signedIn(userId: string) {
	const session = await createSession(userId)
	return setCookieToCookie(session.cookie)
}

const GOOGLE_AUTHORIZE = 'https://accounts.example/authorize?client_id=x&state=estado-1'

test('a callback for the attempt the profile started, in the same session, is a link', async () => {
	const hugo = await account('hugo-intento@frasea.test')
	const session = await signedIn(hugo.id)
	const start = new Request('http://localhost/auth/google', { headers: { cookie: session } })
	const intent = await linkIntentCookie(start, hugo.id, GOOGLE_AUTHORIZE)
	expect(intent).not.toBeNull()
	const cookie = `${session}; ${setCookieToCookie(intent ?? '')}`

	const callback = (state: string, cookieHeader = cookie) =>
		new Request(`http://localhost/auth/google/callback?state=${state}&code=c`, {
			headers: { cookie: cookieHeader },
		})
	expect(await callbackMode(callback('estado-1'))).toEqual({ kind: 'link', userId: hugo.id })
	// Another attempt (a sign-in started afterwards) is not a link.
	expect(await callbackMode(callback('estado-2'))).toEqual({ kind: 'sign-in' })
	// No intent at all: a sign-in.
	expect(await callbackMode(callback('estado-1', session))).toEqual({ kind: 'sign-in' })
	// Signed out, or signed in again as someone else: the link is stale, nobody is linked.
	const intentOnly = setCookieToCookie(intent ?? '')
	expect(await callbackMode(callback('estado-1', intentOnly))).toEqual({ kind: 'stale' })
	const ines = await account('ines-otra-sesion@frasea.test')
	const otherSession = await signedIn(ines.id)
	expect(await callbackMode(callback('estado-1', `${otherSession}; ${intentOnly}`))).toEqual({
		kind: 'stale',
	})
	// The same account in a new session (signed out and in again) is stale too.
	const newSession = await signedIn(hugo.id)
	expect(await callbackMode(callback('estado-1', `${newSession}; ${intentOnly}`))).toEqual({
		kind: 'stale',
	})
})

test('no link intent is made without a session or without a state to bind to', async () => {
	const ivan = await account('ivan-sin-sesion@frasea.test')
	const anonymous = new Request('http://localhost/auth/google')
	expect(await linkIntentCookie(anonymous, ivan.id, GOOGLE_AUTHORIZE)).toBeNull()
	const session = await signedIn(ivan.id)
	const start = new Request('http://localhost/auth/google', { headers: { cookie: session } })
	expect(await linkIntentCookie(start, ivan.id, 'https://accounts.example/authorize')).toBeNull()
	expect(await linkIntentCookie(start, ivan.id, 'no es una dirección')).toBeNull()
})
