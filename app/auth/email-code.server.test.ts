import { describe, expect, test, vi } from 'vitest'
import { withClock } from '../../tests/support/clock'
import { outboxMailsTo as mailsTo } from '../../tests/support/outbox'
import { prisma } from '~/utils/db.server'
import * as emailCode from './email-code.server'
import { hashToken } from './tokens.server'

type Options = { confirmed?: boolean; disabled?: boolean }

async function newUser(email: string, { confirmed = true, disabled = false }: Options = {}) {
	return prisma.profile.create({
		data: {
			name: 'Código',
			email,
			emailVerifiedAt: confirmed ? new Date() : null,
			disabledAt: disabled ? new Date() : null,
		},
		select: { id: true },
	})
}

/** The code and link token of the newest sign-in mail to an address. */
function lastMail(address: string) {
	const mail = mailsTo(address).at(-1) ?? ''
	const code = /es (\d{6})/.exec(mail)?.[1]
	const token = /login\/enlace\?token=([\w-]+)/.exec(mail)?.[1]
	expect(code, `a code mailed to ${address}`).toBeDefined()
	expect(token, `a link mailed to ${address}`).toBeDefined()
	return { code: code ?? '', token: token ?? '' }
}

async function requestAndRead(email: string, count: number) {
	await emailCode.requestEmailCode(email)
	await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(count))
	return lastMail(email)
}

/** A six-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('sign-in by e-mail code', () => {
	test('the code and the link are kept only as hashes, the code keyed with the server secret', async () => {
		const email = 'hash@frasea.test'
		await newUser(email)
		const { code, token } = await requestAndRead(email, 1)
		const row = await prisma.emailSignInCode.findFirstOrThrow({ where: { email } })
		expect(row.codeHash).not.toContain(code)
		expect(row.codeHash).toBe(emailCode.hashCode(code))
		// Not a plain digest a leaked table could be matched against in a million tries.
		expect(row.codeHash).not.toBe(hashToken(code))
		expect(row.linkTokenHash).toBe(hashToken(token))
		expect(JSON.stringify(row)).not.toContain(token)
		expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(10 * 60_000, -3)
	})

	test('the right code signs in once; the address may be typed in any case', async () => {
		const email = 'una-vez@frasea.test'
		const user = await newUser(email)
		const { code } = await requestAndRead(email, 1)
		expect(await emailCode.verifyEmailCode('Una-Vez@Frasea.test', code)).toMatchObject({
			id: user.id,
		})
		expect(await emailCode.verifyEmailCode(email, code)).toBeNull()
	})

	test('of two concurrent spends of the same code, or of the code and the link, one wins', async () => {
		const email = 'carrera@frasea.test'
		await newUser(email)
		const first = await requestAndRead(email, 1)
		const both = await Promise.all([
			emailCode.verifyEmailCode(email, first.code),
			emailCode.verifyEmailCode(email, first.code),
		])
		expect(both.filter(Boolean)).toHaveLength(1)

		const second = await requestAndRead(email, 2)
		const mixed = await Promise.all([
			emailCode.spendEmailLink(second.token),
			emailCode.verifyEmailCode(email, second.code),
			emailCode.spendEmailLink(second.token),
		])
		expect(mixed.filter(Boolean)).toHaveLength(1)
	})

	test('a code expires after 10 minutes, and so does its link', async () => {
		const email = 'caduca@frasea.test'
		await newUser(email)
		await withClock(async (setNow) => {
			const start = Date.now()
			setNow(start)
			const { code, token } = await requestAndRead(email, 1)
			setNow(start + 10 * 60_000 + 1)
			expect(await emailCode.findEmailLink(token)).toBeNull()
			expect(await emailCode.spendEmailLink(token)).toBeNull()
			expect(await emailCode.verifyEmailCode(email, code)).toBeNull()
		})
	})

	test('five wrong tries kill the code, even for the right one after them; concurrent guesses share no try', async () => {
		const email = 'intentos@frasea.test'
		await newUser(email)
		const { code } = await requestAndRead(email, 1)
		for (let i = 0; i < 4; i++)
			expect(await emailCode.verifyEmailCode(email, wrong(code))).toBeNull()
		const row = await prisma.emailSignInCode.findFirstOrThrow({ where: { email } })
		expect(row.attempts).toBe(4)
		// Ten guesses at once: only one of them gets the fifth try.
		await Promise.all(
			Array.from({ length: 10 }, () => emailCode.verifyEmailCode(email, wrong(code))),
		)
		expect((await prisma.emailSignInCode.findFirstOrThrow({ where: { email } })).attempts).toBe(5)
		expect(await emailCode.verifyEmailCode(email, code)).toBeNull()

		// A new code starts afresh, and the old one is gone.
		const fresh = await requestAndRead(email, 2)
		expect(await prisma.emailSignInCode.count({ where: { email } })).toBe(1)
		expect(await emailCode.verifyEmailCode(email, fresh.code)).not.toBeNull()
	})

	test('a new code replaces the earlier one, code and link', async () => {
		const email = 'reemplazo@frasea.test'
		await newUser(email)
		const first = await requestAndRead(email, 1)
		const second = await requestAndRead(email, 2)
		expect(await emailCode.findEmailLink(first.token)).toBeNull()
		expect(
			await emailCode.verifyEmailCode(email, first.code === second.code ? 'x' : first.code),
		).toBeNull()
		expect(await emailCode.findEmailLink(second.token)).not.toBeNull()
	})

	test('opening the link spends nothing; its POST spends it once', async () => {
		const email = 'enlace@frasea.test'
		const user = await newUser(email)
		const { token, code } = await requestAndRead(email, 1)
		expect(await emailCode.findEmailLink(token)).not.toBeNull()
		expect(await emailCode.findEmailLink(token)).not.toBeNull()
		expect(await emailCode.spendEmailLink(token)).toMatchObject({ id: user.id })
		expect(await emailCode.spendEmailLink(token)).toBeNull()
		expect(await emailCode.findEmailLink(token)).toBeNull()
		// The code of the same mail is spent with it.
		expect(await emailCode.verifyEmailCode(email, code)).toBeNull()
		expect(await emailCode.spendEmailLink('no-such-token')).toBeNull()
	})

	test('unknown, unconfirmed and disabled addresses: the same answer, no row, no mail', async () => {
		await newUser('sin-confirmar@frasea.test', { confirmed: false })
		await newUser('deshabilitada@frasea.test', { disabled: true })
		const addresses = [
			'nadie@frasea.test',
			'sin-confirmar@frasea.test',
			'deshabilitada@frasea.test',
		]
		for (const email of addresses) {
			expect(await emailCode.requestEmailCode(email)).toBeUndefined()
		}
		expect(await prisma.emailSignInCode.count({ where: { email: { in: addresses } } })).toBe(0)
		await new Promise((resolve) => setTimeout(resolve, 200))
		for (const email of addresses) expect(mailsTo(email)).toHaveLength(0)
		// Nothing to guess either.
		for (const email of addresses)
			expect(await emailCode.verifyEmailCode(email, '123456')).toBeNull()
	})

	test('an account disabled after its code was mailed gets no new code, and its old one goes', async () => {
		const email = 'luego-deshabilitada@frasea.test'
		const user = await newUser(email)
		await requestAndRead(email, 1)
		await prisma.profile.update({ where: { id: user.id }, data: { disabledAt: new Date() } })
		await emailCode.requestEmailCode(email)
		expect(await prisma.emailSignInCode.count({ where: { email } })).toBe(0)
	})

	test('caps: 5 codes an hour and 20 a day per address, 30 an hour per client, the same for unknown addresses', async () => {
		const start = new Date('2026-03-01T08:00:00Z')
		const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000)
		await newUser('existe-cap@frasea.test')
		for (const [index, email] of [
			'existe-cap@frasea.test',
			'no-existe-cap@frasea.test',
		].entries()) {
			const client = `203.0.113.${index + 1}`
			for (let i = 0; i < 5; i++) {
				expect((await emailCode.checkEmailCodeCaps(client, email, at(i))).allowed).toBe(true)
			}
			const sixth = await emailCode.checkEmailCodeCaps(client, email.toUpperCase(), at(10))
			expect(sixth).toMatchObject({ allowed: false, reason: 'address' })
			expect(sixth.retryAfterSeconds).toBe(50 * 60)
			let allowed = 5
			for (let hour = 1; hour < 8; hour++) {
				for (let i = 0; i < 5; i++) {
					const other = `198.51.100.${hour}`
					if ((await emailCode.checkEmailCodeCaps(other, email, at(hour * 60 + i))).allowed)
						allowed++
				}
			}
			expect(allowed).toBe(20)
			expect((await emailCode.checkEmailCodeCaps(client, email, at(24 * 60))).allowed).toBe(true)
		}
		// One client asking for many addresses.
		const client = '192.0.2.7'
		for (let i = 0; i < 30; i++) {
			const result = await emailCode.checkEmailCodeCaps(client, `buzon-${i}@frasea.test`, at(i))
			expect(result.allowed).toBe(true)
		}
		expect(await emailCode.checkEmailCodeCaps(client, 'otro@frasea.test', at(31))).toMatchObject({
			allowed: false,
			reason: 'client',
		})
	})

	test('codes are six digits, leading zeros kept', () => {
		for (let i = 0; i < 200; i++) expect(emailCode.newCode()).toMatch(/^\d{6}$/)
	})
})
