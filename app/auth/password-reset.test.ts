import { describe, expect, test, vi } from 'vitest'
import { withClock } from '../../tests/support/clock'
import { outboxMailsTo as mailsTo } from '../../tests/support/outbox'
import { prisma } from '~/utils/db.server'
import * as reset from './password-reset.server'

/** The token of the newest reset link mailed to an address. */
function lastToken(address: string) {
	const mails = mailsTo(address)
	const match = /reset-password\?token=([\w-]+)/.exec(mails.at(-1) ?? '')
	expect(match, `a reset link to ${address}`).not.toBeNull()
	return match?.[1] ?? ''
}
async function newUser(email: string) {
	return prisma.profile.create({ data: { name: 'Recupera', email }, select: { id: true } })
}

describe('password recovery', () => {
	test('a new link invalidates the earlier ones', async () => {
		const email = 'dos-enlaces@frasea.test'
		await newUser(email)
		await reset.requestPasswordReset(email)
		await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1))
		const first = lastToken(email)
		await reset.requestPasswordReset(email)
		await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(2))
		const second = lastToken(email)
		expect(second).not.toBe(first)
		expect(await reset.findPasswordReset(first)).toBeNull()
		expect(await reset.findPasswordReset(second)).not.toBeNull()
	})

	test('reading a link (what opening it does) spends nothing; the reset spends it once', async () => {
		const email = 'escaner@frasea.test'
		await newUser(email)
		await reset.requestPasswordReset(email)
		await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1))
		const token = lastToken(email)
		// A mail scanner, then the person: both only read.
		expect(await reset.findPasswordReset(token)).not.toBeNull()
		expect(await reset.findPasswordReset(token)).not.toBeNull()
		expect(await reset.resetPassword(token, 'contraseña nueva 1')).not.toBeNull()
		expect(await reset.resetPassword(token, 'contraseña nueva 2')).toBeNull()
		expect(await reset.findPasswordReset(token)).toBeNull()
	})

	test('an unknown address: no row, no mail, and the same answer', async () => {
		const email = 'nadie@frasea.test'
		const before = await prisma.passwordReset.count()
		expect(await reset.requestPasswordReset(email)).toBeUndefined()
		expect(await prisma.passwordReset.count()).toBe(before)
		await new Promise((resolve) => setTimeout(resolve, 200))
		expect(mailsTo(email)).toHaveLength(0)
	})

	test('caps per address: 3 an hour, 10 a day, the same for unknown addresses', async () => {
		const start = new Date('2026-03-01T08:00:00Z')
		const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000)
		for (const email of ['existe@frasea.test', 'no-existe@frasea.test']) {
			if (email.startsWith('existe')) await newUser(email)
			for (let i = 0; i < 3; i++) {
				expect((await reset.checkRecoveryMailCaps(email, at(i))).allowed, `${email} #${i}`).toBe(
					true,
				)
			}
			const fourth = await reset.checkRecoveryMailCaps(email.toUpperCase(), at(10))
			expect(fourth.allowed).toBe(false)
			// The hour started with the first request: 50 minutes left.
			expect(fourth.retryAfterSeconds).toBe(50 * 60)
			// The next hours allow 3 more each, until the day holds 10.
			let allowed = 3
			for (let hour = 1; hour < 6; hour++) {
				for (let i = 0; i < 3; i++) {
					if ((await reset.checkRecoveryMailCaps(email, at(hour * 60 + i))).allowed) allowed++
				}
			}
			expect(allowed).toBe(10)
			const nextDay = await reset.checkRecoveryMailCaps(email, at(24 * 60))
			expect(nextDay.allowed).toBe(true)
		}
	})
})

describe('reset links last 1 hour', () => {
	const HOUR = 60 * 60 * 1000
	test('a link still works a second before its hour is up', async () => {
		const email = 'a-tiempo@frasea.test'
		const user = await newUser(email)
		await withClock(async (setNow) => {
			const sent = Date.parse('2026-05-04T10:00:00Z')
			setNow(sent)
			await reset.requestPasswordReset(email)
			await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1))
			setNow(sent + HOUR - 1000)
			expect(await reset.findPasswordReset(lastToken(email))).not.toBeNull()
			expect((await reset.resetPassword(lastToken(email), 'contraseña a tiempo 1'))?.userId).toBe(
				user.id,
			)
		})
	})

	test('an hour after it was mailed the link is dead: it shows nothing and changes nothing', async () => {
		const email = 'caducado@frasea.test'
		const user = await newUser(email)
		await withClock(async (setNow) => {
			const sent = Date.parse('2026-05-04T12:00:00Z')
			setNow(sent)
			await reset.requestPasswordReset(email)
			await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1))
			const token = lastToken(email)
			setNow(sent + HOUR)
			expect(await reset.findPasswordReset(token)).toBeNull()
			expect(await reset.resetPassword(token, 'contraseña tardía 1')).toBeNull()
			setNow(sent + 5 * HOUR)
			expect(await reset.resetPassword(token, 'contraseña tardía 2')).toBeNull()
		})
		expect(await prisma.password.findUnique({ where: { userId: user.id } })).toBeNull()
		const profile = await prisma.profile.findUnique({ where: { id: user.id } })
		expect(profile?.emailVerifiedAt).toBeNull()
	})
})
