import { describe, expect, test, vi } from 'vitest'
import { withClock } from '../../tests/support/clock'
import { outboxMailsTo as mailsTo } from '../../tests/support/outbox'
import { prisma } from '~/utils/db.server'
import * as verification from './email-verification.server'

vi.hoisted(() => {
	// The public address: every link is built on it, whatever the request says.
	process.env.APP_URL = 'https://frasea.example'
})

const HOUR = 60 * 60 * 1000

/** Every confirmation link in the newest mail to an address. */
function links(address: string) {
	const mail = mailsTo(address).at(-1) ?? ''
	return [...mail.matchAll(/(https?:\/\/[^\s"<>]*)\/verify-email\?token=([\w-]+)/g)].map(
		([, origin, token]) => ({ origin, token: token ?? '' }),
	)
}

async function newUser(email: string) {
	return prisma.profile.create({
		data: { name: 'Confirma', email },
		select: { id: true, name: true, email: true },
	})
}

/** A request as a client may forge it: another Host, and a proxy's headers it has no proxy for. */
const forgedRequest = () =>
	new Request('http://evil.example/dashboard', {
		method: 'POST',
		headers: {
			host: 'evil.example',
			'x-forwarded-host': 'evil.example',
			'x-forwarded-proto': 'http',
			forwarded: 'host=evil.example;proto=http',
		},
	})

describe('confirmation links', () => {
	test('are built on APP_URL, never on the Host or forwarded headers of the request', async () => {
		const user = await newUser('enlace@frasea.test')
		await verification.sendEmailVerification(forgedRequest(), user)
		await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(1))
		const found = links(user.email)
		expect(found.length).toBeGreaterThan(0)
		for (const link of found) expect(link.origin).toBe('https://frasea.example')
		expect(mailsTo(user.email)[0]).not.toContain('evil.example')
	})

	test('still confirm a second before 24 hours are up', async () => {
		const user = await newUser('a-tiempo@frasea.test')
		await withClock(async (setNow) => {
			const sent = Date.parse('2026-06-01T09:00:00Z')
			setNow(sent)
			await verification.sendEmailVerification(forgedRequest(), user)
			await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(1))
			setNow(sent + 24 * HOUR - 1000)
			const confirmed = await verification.confirmEmail(links(user.email)[0]?.token ?? '', user.id)
			expect(confirmed).toBe('confirmed')
		})
		const profile = await prisma.profile.findUnique({ where: { id: user.id } })
		expect(profile?.emailVerifiedAt).not.toBeNull()
	})

	test('are dead 24 hours after they were mailed, and confirm nothing', async () => {
		const user = await newUser('tarde@frasea.test')
		await withClock(async (setNow) => {
			const sent = Date.parse('2026-06-01T09:00:00Z')
			setNow(sent)
			await verification.sendEmailVerification(forgedRequest(), user)
			await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(1))
			const token = links(user.email)[0]?.token ?? ''
			setNow(sent + 24 * HOUR)
			expect(await verification.confirmEmail(token, user.id)).toBe('invalid')
			setNow(sent + 30 * 24 * HOUR)
			expect(await verification.confirmEmail(token, user.id)).toBe('invalid')
		})
		const profile = await prisma.profile.findUnique({ where: { id: user.id } })
		expect(profile?.emailVerifiedAt).toBeNull()
	})
})

describe('who may confirm', () => {
	async function mailedToken(user: { id: string; name: string; email: string }) {
		await verification.sendEmailVerification(forgedRequest(), user)
		await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(1))
		return links(user.email)[0]?.token ?? ''
	}
	const confirmedAt = async (id: string) =>
		(await prisma.profile.findUniqueOrThrow({ where: { id } })).emailVerifiedAt

	test('opening the link (a mail scanner, as often as it likes) confirms nothing and spends nothing', async () => {
		const squatted = await newUser('escaneado@frasea.test')
		const token = await mailedToken(squatted)
		for (let i = 0; i < 3; i++) {
			expect(await verification.findEmailVerification(token)).toEqual(
				expect.objectContaining({ userId: squatted.id }),
			)
		}
		expect(await confirmedAt(squatted.id)).toBeNull()
	})

	test('someone signed in to another account confirms nothing; the account itself does, once', async () => {
		const owner = await newUser('propia@frasea.test')
		const stranger = await newUser('ajena@frasea.test')
		const token = await mailedToken(owner)
		expect(await verification.confirmEmail(token, stranger.id)).toBe('other-account')
		expect(await confirmedAt(owner.id)).toBeNull()
		expect(await confirmedAt(stranger.id)).toBeNull()
		expect(await verification.confirmEmail(token, owner.id)).toBe('confirmed')
		expect(await confirmedAt(owner.id)).not.toBeNull()
		expect(await verification.confirmEmail(token, owner.id)).toBe('invalid')
	})
})
