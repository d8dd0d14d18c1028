/**
 * When the invitation mail cannot go (SMTP refuses the connection), the admin is told and
 * no link is left pending that nobody received.
 */
import { expect, test, vi } from 'vitest'
import { prisma } from '~/utils/db.server'
import { sendInvitation } from './invitations.server'

vi.hoisted(() => {
	// Port 9 on loopback: nothing listens, so the connection is refused at once.
	process.env.SMTP_URL = 'smtp://127.0.0.1:9'
})

test('a mail that fails leaves no pending invitation and says so', async () => {
	const admin = await prisma.profile.create({
		data: { name: 'Ana', email: 'ana@frasea.test', role: 'admin' },
		select: { id: true, name: true },
	})
	const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
	expect(await sendInvitation({ admin, email: 'sin-correo@frasea.test' })).toBe('mail_failed')
	expect(await prisma.invitation.count()).toBe(0)
	expect(await prisma.auditLog.count({ where: { action: 'admin.user.invited' } })).toBe(0)
	// The reason is logged, never the link.
	expect(errors).toHaveBeenCalled()
	expect(JSON.stringify(errors.mock.calls)).not.toContain('token=')
})
