import { describe, expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { accountForGoogle, GoogleAccountError } from './google-account.server'
import { identityFromIdToken } from './google.server'
import { hashPassword } from './password.server'

function idToken(claims: Record<string, unknown>) {
	const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
	return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.firma`
}

const expected = { issuer: 'https://accounts.google.com', clientId: 'cliente' }
const valid = {
	iss: 'https://accounts.google.com',
	aud: 'cliente',
	exp: Math.floor(Date.now() / 1000) + 3600,
	sub: '123',
	email: 'Ana@Example.com',
	email_verified: true,
	name: ' Ana Google ',
}

describe('identityFromIdToken', () => {
	test('reads sub, e-mail (lower-cased), verification and name', () => {
		expect(identityFromIdToken(idToken(valid), expected)).toEqual({
			id: '123',
			email: 'ana@example.com',
			emailVerified: true,
			name: 'Ana Google',
		})
		expect(identityFromIdToken(idToken({ ...valid, name: undefined }), expected).name).toBeNull()
	})

	test('refuses another issuer, another audience, or an expired token', () => {
		expect(() =>
			identityFromIdToken(idToken({ ...valid, iss: 'https://evil.example' }), expected),
		).toThrow()
		expect(() => identityFromIdToken(idToken({ ...valid, aud: 'otro' }), expected)).toThrow()
		expect(() => identityFromIdToken(idToken({ ...valid, exp: 1 }), expected)).toThrow()
		expect(() => identityFromIdToken(idToken({ ...valid, email: undefined }), expected)).toThrow()
	})
})

const identity = (
	over: Partial<{ id: string; email: string; emailVerified: boolean; name: string | null }>,
) => ({
	id: `g-${Math.random().toString(36).slice(2)}`,
	email: `u${Math.random().toString(36).slice(2)}@frasea.test`,
	emailVerified: true,
	name: 'Nombre Google',
	...over,
})

describe('accountForGoogle', () => {
	test('creates an account (verified) with the provider’s name, or the e-mail before the @', async () => {
		const created = await accountForGoogle(identity({ email: 'nueva@frasea.test' }))
		expect(created.outcome).toBe('created')
		expect(created.account).toMatchObject({
			name: 'Nombre Google',
			email: 'nueva@frasea.test',
			role: 'usuario',
		})
		expect(created.account.emailVerifiedAt).not.toBeNull()
		const unnamed = await accountForGoogle(
			identity({ email: 'sin.nombre@frasea.test', name: null }),
		)
		expect(unnamed.account.name).toBe('sin.nombre')
	})

	test('the same Google identity signs in to the same account', async () => {
		const first = identity({})
		const a = await accountForGoogle(first)
		const b = await accountForGoogle({ ...first, email: 'cambiado@frasea.test' })
		expect(b).toMatchObject({ outcome: 'existing', account: { id: a.account.id } })
	})

	test('links to an account whose e-mail is verified, keeping its password', async () => {
		const user = await prisma.profile.create({
			data: {
				name: 'Verificada',
				email: 'verificada@frasea.test',
				emailVerifiedAt: new Date(),
				password: { create: { hash: await hashPassword('contraseña1') } },
			},
		})
		const result = await accountForGoogle(identity({ email: 'verificada@frasea.test' }))
		expect(result).toMatchObject({
			outcome: 'linked',
			account: { id: user.id, name: 'Verificada' },
		})
		expect(await prisma.password.count({ where: { userId: user.id } })).toBe(1)
	})

	test('takes over an unverified account: password, sessions and links removed, e-mail verified', async () => {
		const user = await prisma.profile.create({
			data: {
				name: 'Impostor',
				email: 'okupa@frasea.test',
				password: { create: { hash: await hashPassword('contraseña1') } },
			},
		})
		await prisma.session.create({
			data: { id: 'sesion-okupa', userId: user.id, expiresAt: new Date(Date.now() + 60_000) },
		})
		const result = await accountForGoogle(
			identity({ email: 'okupa@frasea.test', name: 'Dueña Real' }),
		)
		expect(result).toMatchObject({
			outcome: 'takeover',
			account: { id: user.id, name: 'Dueña Real' },
		})
		expect(result.account.emailVerifiedAt).not.toBeNull()
		expect(await prisma.password.count({ where: { userId: user.id } })).toBe(0)
		expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
	})

	test('refuses an address Google has not verified, and links or creates nothing', async () => {
		await expect(
			accountForGoogle(identity({ email: 'dudosa@frasea.test', emailVerified: false })),
		).rejects.toBeInstanceOf(GoogleAccountError)
		expect(await prisma.profile.count({ where: { email: 'dudosa@frasea.test' } })).toBe(0)
	})

	test('the ADMIN_EMAIL account created through Google is an admin', async () => {
		const result = await accountForGoogle(identity({ email: 'jefa@frasea.test' }))
		expect(result.account.role).toBe('admin')
	})
})
