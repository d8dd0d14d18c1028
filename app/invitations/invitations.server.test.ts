/**
 * Invitations: the mailed link (on APP_URL, only its hash stored), one live link per
 * address, the daily limits, revoking, and opening the account from the link once.
 */
import { beforeAll, expect, test, vi } from 'vitest'
import { outboxMailsTo as mailsTo } from '../../tests/support/outbox'
import { verifyPassword } from '~/auth/password.server'
import { hashToken } from '~/auth/tokens.server'
import { prisma } from '~/utils/db.server'
import {
	acceptInvitation,
	findPendingInvitation,
	INVITATIONS_PER_ADMIN_PER_DAY,
	listPendingInvitations,
	revokeInvitation,
	sendInvitation,
} from './invitations.server'

let admin: { id: string; name: string }

beforeAll(async () => {
	admin = await prisma.profile.create({
		data: {
			name: 'Ana Admin',
			email: 'ana@frasea.test',
			role: 'admin',
			emailVerifiedAt: new Date(),
		},
		select: { id: true, name: true },
	})
})

/** Waits until `count` mails went to an address (the outbox sends in the background). */
async function mailed(address: string, count: number) {
	await vi.waitFor(() => expect(mailsTo(address)).toHaveLength(count), { timeout: 5000 })
	return mailsTo(address)
}

/** The token of the newest invitation mailed to an address, once its `count`-th mail came. */
async function lastToken(address: string, count = 1) {
	const match = /\/invitacion\?token=([\w-]+)/.exec((await mailed(address, count)).at(-1) ?? '')
	expect(match, `an invitation link to ${address}`).not.toBeNull()
	return match?.[1] ?? ''
}

test('the mail carries a link on APP_URL and names the admin; the database keeps only its hash', async () => {
	const email = 'nueva@frasea.test'
	expect(await sendInvitation({ admin, email })).toBe('sent')
	const mails = await mailed(email, 1)
	expect(mails[0]).toContain('Subject: Te han invitado a Frasea')
	expect(mails[0]).toContain('Ana Admin te ha invitado')
	expect(mails[0]).toMatch(/http:\/\/localhost:3000\/invitacion\?token=[\w-]{43}/)
	const token = await lastToken(email)
	const row = await prisma.invitation.findFirstOrThrow({ where: { email } })
	expect(row.tokenHash).toBe(hashToken(token))
	expect(JSON.stringify(row)).not.toContain(token)
	expect(row.invitedById).toBe(admin.id)
	// Seven days to accept it.
	expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000)
	expect(
		await prisma.auditLog.count({
			where: { actorId: admin.id, action: 'admin.user.invited', target: row.id },
		}),
	).toBe(1)
	expect((await listPendingInvitations()).map((invitation) => invitation.email)).toContain(email)
})

test('an address with an account is refused; a new invitation ends the pending one', async () => {
	expect(await sendInvitation({ admin, email: 'ana@frasea.test' })).toBe('account_exists')
	const email = 'dos-veces@frasea.test'
	await sendInvitation({ admin, email })
	const first = await lastToken(email)
	await sendInvitation({ admin, email })
	const second = await lastToken(email, 2)
	expect(second).not.toBe(first)
	expect(await findPendingInvitation(first)).toBeNull()
	expect(await findPendingInvitation(second)).toMatchObject({ email })
	const pending = (await listPendingInvitations()).filter(
		(invitation) => invitation.email === email,
	)
	expect(pending).toHaveLength(1)
})

test('at most 3 mails to one address and 50 invitations per admin in 24 hours', async () => {
	const email = 'tope@frasea.test'
	// A day and an hour ago, so the last of the series is in the past too: the mail sender
	// drops a mail whose link has expired against the real clock, so the dates must be real.
	const start = new Date(Date.now() - 25 * 60 * 60 * 1000)
	const hours = (n: number) => new Date(start.getTime() + n * 60 * 60 * 1000)
	for (const hour of [0, 1, 2]) {
		expect(await sendInvitation({ admin, email, now: hours(hour) })).toBe('sent')
	}
	expect(await sendInvitation({ admin, email, now: hours(3) })).toBe('address_capped')
	await mailed(email, 3)
	// A day after the first, one more may go.
	expect(await sendInvitation({ admin, email, now: hours(24.5) })).toBe('sent')

	const busy = await prisma.profile.create({
		data: { name: 'Muy Ocupada', email: 'ocupada@frasea.test', role: 'admin' },
		select: { id: true, name: true },
	})
	const now = new Date()
	await prisma.invitation.createMany({
		data: Array.from({ length: INVITATIONS_PER_ADMIN_PER_DAY }, (_, i) => ({
			email: `lote-${i}@frasea.test`,
			tokenHash: `lote-${i}`,
			invitedById: busy.id,
			expiresAt: new Date(now.getTime() + 60_000),
			createdAt: new Date(now.getTime() - 60_000),
		})),
	})
	expect(await sendInvitation({ admin: busy, email: 'una-mas@frasea.test', now })).toBe(
		'admin_capped',
	)
	expect(mailsTo('una-mas@frasea.test')).toHaveLength(0)
	expect(await sendInvitation({ admin, email: 'una-mas@frasea.test', now })).toBe('sent')
})

test('revoking ends a pending invitation; unknown ids and spent ones are told apart', async () => {
	const email = 'anulada@frasea.test'
	await sendInvitation({ admin, email })
	const token = await lastToken(email)
	const { id } = await prisma.invitation.findFirstOrThrow({ where: { email } })
	expect(await revokeInvitation({ actorId: admin.id, id })).toBe('revoked')
	expect(await findPendingInvitation(token)).toBeNull()
	expect(await acceptInvitation(token, { name: 'Tarde', password: 'clave secreta 1' })).toEqual({
		status: 'invalid',
	})
	expect(await revokeInvitation({ actorId: admin.id, id })).toBe('not_pending')
	expect(await revokeInvitation({ actorId: admin.id, id: 'no-existe' })).toBe('not_found')
	expect(
		await prisma.auditLog.count({
			where: { actorId: admin.id, action: 'admin.invitation.revoked', target: id },
		}),
	).toBe(1)
})

test("revoking an invitation that is no longer pending (a stale tab) leaves the newer one's mail alone", async () => {
	const email = 'pestana-vieja@frasea.test'
	// An hour ahead, so the mails wait in the outbox instead of going at once.
	const start = new Date(Date.now() + 60 * 60 * 1000)
	const at = (seconds: number) => new Date(start.getTime() + seconds * 1000)
	await sendInvitation({ admin, email, now: at(0) })
	const first = await prisma.invitation.findFirstOrThrow({ where: { email } })
	expect(await revokeInvitation({ actorId: admin.id, id: first.id, now: at(1) })).toBe('revoked')
	await sendInvitation({ admin, email, now: at(2) })
	// The first one again, from a tab opened before it was revoked.
	expect(await revokeInvitation({ actorId: admin.id, id: first.id, now: at(3) })).toBe(
		'not_pending',
	)
	const mails = await prisma.mailOutbox.findMany({
		where: { toAddress: email },
		orderBy: { id: 'asc' },
		select: { status: true, message: true },
	})
	expect(mails.map((mail) => mail.status)).toEqual(['dropped', 'queued'])
	expect(mails[1]?.message).not.toBeNull()
})

test('accepting opens a confirmed account with that password, once', async () => {
	const email = 'acepta@frasea.test'
	await sendInvitation({ admin, email })
	const token = await lastToken(email)
	const result = await acceptInvitation(token, {
		name: 'Nueva Persona',
		password: 'clave secreta 1',
	})
	expect(result.status).toBe('created')
	const account = await prisma.profile.findUniqueOrThrow({
		where: { email },
		select: { name: true, role: true, emailVerifiedAt: true, password: { select: { hash: true } } },
	})
	expect(account).toMatchObject({ name: 'Nueva Persona', role: 'usuario' })
	expect(account.emailVerifiedAt).not.toBeNull()
	expect(await verifyPassword('clave secreta 1', account.password?.hash)).toBe(true)
	// Spent: the same link again opens nothing.
	expect(await findPendingInvitation(token)).toBeNull()
	expect(await acceptInvitation(token, { name: 'Otra', password: 'clave secreta 2' })).toEqual({
		status: 'invalid',
	})
	expect(await prisma.profile.count({ where: { email } })).toBe(1)
	// Now the address has an account, inviting it again is refused.
	expect(await sendInvitation({ admin, email })).toBe('account_exists')
})

test('a link whose address registered meanwhile opens nothing; an expired one is dead', async () => {
	const email = 'se-adelanto@frasea.test'
	await sendInvitation({ admin, email })
	const token = await lastToken(email)
	await prisma.profile.create({ data: { name: 'Registrada', email } })
	expect(await acceptInvitation(token, { name: 'Invitada', password: 'clave secreta 1' })).toEqual({
		status: 'account_exists',
	})
	expect((await prisma.profile.findUniqueOrThrow({ where: { email } })).name).toBe('Registrada')

	const late = 'caducada@frasea.test'
	await sendInvitation({ admin, email: late })
	const lateToken = await lastToken(late)
	await prisma.invitation.updateMany({ where: { email: late }, data: { expiresAt: new Date() } })
	expect(await findPendingInvitation(lateToken)).toBeNull()
	expect(await acceptInvitation(lateToken, { name: 'Tarde', password: 'clave secreta 1' })).toEqual(
		{ status: 'invalid' },
	)
	expect(await prisma.profile.count({ where: { email: late } })).toBe(0)
})
