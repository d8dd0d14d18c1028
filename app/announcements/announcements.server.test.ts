/**
 * Announcements, on SQLite and PostgreSQL: who they are queued for, once per form, audited;
 * then sent at the bulk pace through a real relay, each mail with its one-click unsubscribe
 * link, and only to accounts that still want it when its turn comes.
 */
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { relayForTests } from '../../tests/support/relay-sender'
import { queueMailStatements } from '~/mail/outbox.server'
import { readUnsubscribeToken } from '~/mail/unsubscribe.server'
import { prisma } from '~/utils/db.server'
import {
	announcementsFor,
	countRecipients,
	listSentAnnouncements,
	sendAnnouncement,
} from './announcements.server'

vi.hoisted(() => {
	process.env.APP_URL = 'https://frasea.example'
})

let now = new Date()
const { relay: testRelay, sender } = relayForTests(() => now)
let relay: ReturnType<typeof testRelay>

type Account = { id: string; email: string }
const accounts: Record<string, Account> = {}

async function account(
	name: string,
	options: {
		confirmed?: boolean
		disabled?: boolean
		settings?: Partial<Record<'notifyNewFeatures' | 'notifyTips' | 'notifyEmail', boolean>>
	} = {},
) {
	const created = await prisma.profile.create({
		data: {
			name,
			email: `${name}@frasea.test`,
			emailVerifiedAt: options.confirmed === false ? null : new Date(),
			disabledAt: options.disabled ? new Date() : null,
			...(options.settings ? { settings: { create: options.settings } } : {}),
		},
		select: { id: true, email: true },
	})
	accounts[name] = created
	return created
}

let admin: Account

beforeAll(async () => {
	admin = await prisma.profile.create({
		data: { name: 'Jefa', email: 'jefa@frasea.test', role: 'admin', emailVerifiedAt: new Date() },
		select: { id: true, email: true },
	})
	// Never saved their settings: new features yes, tips no.
	await account('porDefecto')
	await account('sinConfirmar', { confirmed: false })
	await account('deshabilitada', { disabled: true })
	await account('sinCorreo', { settings: { notifyEmail: false } })
	await account('sinNovedades', { settings: { notifyNewFeatures: false } })
	await account('consejera', { settings: { notifyNewFeatures: false, notifyTips: true } })
})

beforeEach(async () => {
	relay = testRelay()
	now = new Date()
	relay.messages.length = 0
	await prisma.mailOutbox.deleteMany()
	await prisma.setting.deleteMany({ where: { key: 'mail.bulkPerMinute' } })
	await prisma.rateLimit.deleteMany()
})

const queuedTo = async (announcementId: string) =>
	(
		await prisma.mailOutbox.findMany({
			where: { announcementId },
			select: { toAddress: true },
			orderBy: { toAddress: 'asc' },
		})
	).map((row) => row.toAddress)

let keys = 0
const requestKey = () => `clave-del-formulario-${++keys}-xxxxxxxx`

describe('who an announcement is for', () => {
	test('confirmed, enabled accounts with the topic and mail on; the defaults for who never chose', async () => {
		expect(await countRecipients('nuevas-funciones')).toBe(2)
		const news = await sendAnnouncement({
			adminId: admin.id,
			subject: 'Novedades',
			body: 'Hola',
			audience: 'nuevas-funciones',
			requestKey: requestKey(),
			now,
		})
		expect(news).toMatchObject({ status: 'sent', recipients: 2 })
		if (news.status !== 'sent') return
		expect(await queuedTo(news.id)).toEqual(['jefa@frasea.test', 'porDefecto@frasea.test'])

		expect(await countRecipients('consejos')).toBe(1)
		const tips = await sendAnnouncement({
			adminId: admin.id,
			subject: 'Un consejo',
			body: 'Prueba los hashtags',
			audience: 'consejos',
			requestKey: requestKey(),
			now,
		})
		if (tips.status !== 'sent') throw new Error('not sent')
		expect(await queuedTo(tips.id)).toEqual(['consejera@frasea.test'])
		expect(
			await prisma.auditLog.findFirst({
				where: { action: 'admin.announcement.sent', target: tips.id, actorId: admin.id },
				select: { details: true },
			}),
		).toEqual({
			details: JSON.stringify({ subject: 'Un consejo', audience: 'tips', recipients: 1 }),
		})
	})

	test('the same form posted twice sends one announcement', async () => {
		const key = requestKey()
		const input = {
			adminId: admin.id,
			subject: 'Dos clics',
			body: 'Una vez',
			audience: 'nuevas-funciones' as const,
			requestKey: key,
			now,
		}
		const [first, second] = await Promise.all([sendAnnouncement(input), sendAnnouncement(input)])
		const outcomes = [first.status, second.status].sort()
		expect(outcomes).toEqual(['duplicate', 'sent'])
		expect(await prisma.announcement.count({ where: { requestKey: key } })).toBe(1)
		expect(await prisma.mailOutbox.count()).toBe(2)
	})
})

describe('sending', () => {
	test('each mail carries its one-click unsubscribe link for its account and topic', async () => {
		const sent = await sendAnnouncement({
			adminId: admin.id,
			subject: 'Llegó Instagram',
			body: 'Ya puedes probarlo: https://frasea.example/instagram\n\nUn saludo',
			audience: 'nuevas-funciones',
			requestKey: requestKey(),
			now,
		})
		expect(await sender().drain()).toBe(2)
		const [mail] = relay.mailsTo('porDefecto@frasea.test')
		expect(mail?.subject).toBe('Llegó Instagram')
		expect(mail?.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
		const link = /^<(https:\/\/frasea\.example\/baja\?t=([^>]+))>$/.exec(
			mail?.header('List-Unsubscribe') ?? '',
		)
		expect(link).not.toBeNull()
		expect(readUnsubscribeToken(decodeURIComponent(link?.[2] ?? ''))).toEqual({
			userId: accounts.porDefecto?.id,
			topic: 'new_features',
		})
		expect(mail?.text).toContain('Ya puedes probarlo: https://frasea.example/instagram')
		expect(mail?.text).toContain(link?.[1])
		expect(mail?.html).toContain('<a href="https://frasea.example/instagram"')
		expect(relay.messages).toHaveLength(2)
		expect(
			(await listSentAnnouncements()).find((row) => row.id === (sent as { id: string }).id),
		).toMatchObject({
			recipients: 2,
			sent: 2,
			pending: 0,
			failed: 0,
		})
	})

	test('an account that turned the topic off after the announcement was queued gets nothing', async () => {
		const sent = await sendAnnouncement({
			adminId: admin.id,
			subject: 'Otra novedad',
			body: 'Texto',
			audience: 'nuevas-funciones',
			requestKey: requestKey(),
			now,
		})
		await prisma.userSettings.upsert({
			where: { userId: admin.id },
			create: { userId: admin.id, notifyNewFeatures: false },
			update: { notifyNewFeatures: false },
		})
		try {
			await sender().drain()
			expect(relay.mailsTo(admin.email)).toHaveLength(0)
			expect(relay.mailsTo('porDefecto@frasea.test')).toHaveLength(1)
			const dropped = await prisma.mailOutbox.findFirstOrThrow({
				where: { announcementId: (sent as { id: string }).id, userId: admin.id },
			})
			expect(dropped.status).toBe('dropped')
		} finally {
			await prisma.userSettings.delete({ where: { userId: admin.id } })
		}
	})

	test('bulk mail keeps to its pace across senders; mail an account waits for goes first', async () => {
		await prisma.setting.create({ data: { key: 'mail.bulkPerMinute', value: '2' } })
		for (let i = 0; i < 4; i++) await account(`lector${i}`)
		const sent = await sendAnnouncement({
			adminId: admin.id,
			subject: 'Poco a poco',
			body: 'Texto',
			audience: 'nuevas-funciones',
			requestKey: requestKey(),
			now,
		})
		expect(sent).toMatchObject({ recipients: 6 })
		await prisma.$transaction(
			queueMailStatements(
				{ to: 'urgente@frasea.test', subject: 'Tu código', text: '1', html: '1' },
				{ kind: 'email_code', now },
			),
		)
		// Two senders (two processes would do the same: the counter is in the database).
		await Promise.all([sender().drain(), sender().drain()])
		expect(relay.mailsTo('urgente@frasea.test')).toHaveLength(1)
		expect(relay.messages.filter((mail) => mail.subject === 'Poco a poco')).toHaveLength(2)
		now = new Date(now.getTime() + 61_000)
		await Promise.all([sender().drain(), sender().drain()])
		expect(relay.messages.filter((mail) => mail.subject === 'Poco a poco')).toHaveLength(4)
		now = new Date(now.getTime() + 61_000)
		await sender().drain()
		expect(relay.messages.filter((mail) => mail.subject === 'Poco a poco')).toHaveLength(6)
		expect(await prisma.mailOutbox.count({ where: { status: 'queued' } })).toBe(0)
		for (let i = 0; i < 4; i++)
			await prisma.profile.delete({ where: { id: accounts[`lector${i}`]?.id } })
	})
})

test('the dashboard lists the announcements of the topics an account chose, mail or not', async () => {
	const sinCorreo = accounts.sinCorreo as Account
	const consejera = accounts.consejera as Account
	for (const [subject, audience] of [
		['Panel: novedad', 'nuevas-funciones'],
		['Panel: consejo', 'consejos'],
	] as const) {
		await sendAnnouncement({
			adminId: admin.id,
			subject,
			body: 'Texto',
			audience,
			requestKey: requestKey(),
			now,
		})
	}
	const seen = await announcementsFor(sinCorreo.id)
	expect(seen.total).toBeGreaterThan(0)
	expect(seen.items.every((item) => item.audience === 'new_features')).toBe(true)
	const tips = await announcementsFor(consejera.id)
	expect(tips.items.map((item) => item.audience)).toEqual(tips.items.map(() => 'tips'))
	expect(tips.items.map((item) => item.subject)).toContain('Panel: consejo')
	expect(seen.items.map((item) => item.subject)).toContain('Panel: novedad')
})
