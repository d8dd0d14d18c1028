/**
 * The outbox's sender against a real SMTP relay on loopback that misbehaves on demand, on
 * SQLite and on PostgreSQL: claiming, backoff on temporary failures, stopping on permanent
 * ones, dropping mail whose link would arrive dead, and never sending a mail twice with two
 * senders in one process or in two.
 */
import { spawn } from 'node:child_process'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { relayForTests } from '../../tests/support/relay-sender'
import { prisma } from '~/utils/db.server'
import { retryFailingMail } from './admin.server'
import { type MailKind } from './kinds'
import { dropUnsentMail, queueMailStatements, REVOKED, SUPERSEDED } from './outbox.server'
import { LEASE_MS, maintainOutbox, type MailSender, SENT_RETENTION_MS } from './sender.server'

vi.hoisted(() => {
	process.env.APP_URL = 'https://frasea.example'
})

let now = new Date()
const later = (ms: number) => (now = new Date(now.getTime() + ms))
const { relay: testRelay, sender } = relayForTests(() => now)
let relay: ReturnType<typeof testRelay>

beforeEach(async () => {
	relay = testRelay()
	now = new Date()
	relay.messages.length = 0
	relay.refuseNext(0)
	relay.dropNext(0)
	relay.failNextMessages(0, 451)
	relay.dropConnections()
	await prisma.mailOutbox.deleteMany()
})

let serial = 0
async function queue(
	options: {
		kind?: MailKind
		to?: string
		expiresAt?: Date
		supersedeKey?: string
		at?: Date
	} = {},
) {
	serial++
	const to = options.to ?? `persona${serial}@frasea.test`
	const [, created] = await prisma.$transaction(
		queueMailStatements(
			{
				to,
				subject: `Correo ${serial}`,
				text: `Tu código es 48${String(serial).padStart(4, '0')}`,
				html: `<p>Tu código es 48${String(serial).padStart(4, '0')}</p>`,
			},
			{
				kind: options.kind ?? 'email_code',
				expiresAt: options.expiresAt ?? null,
				supersedeKey: options.supersedeKey,
				now: options.at ?? now,
			},
		),
	)
	return { id: (created as { id: number }).id, to }
}

const row = (id: number) => prisma.mailOutbox.findUniqueOrThrow({ where: { id } })

/** Lets the clock jump to each retry until the mail is no longer waiting; returns its row. */
async function retryUntilSettled(id: number, delivery: MailSender, maxTries: number) {
	for (let i = 0; i < maxTries; i++) {
		await delivery.drain()
		const state = await row(id)
		if (state.status !== 'queued') return state
		now = state.nextAttemptAt
	}
	return row(id)
}
const messageIds = () => relay.messages.map((mail) => mail.header('Message-ID'))

describe('claiming', () => {
	test('every due mail goes once, with a Message-ID of its own; a mail not yet due waits', async () => {
		const a = await queue()
		const b = await queue()
		const future = await queue({ at: new Date(now.getTime() + 60_000) })
		expect(await sender().drain()).toBe(2)
		expect(relay.messages.map((mail) => mail.to[0]).sort()).toEqual([a.to, b.to].sort())
		expect(messageIds()).toEqual(
			expect.arrayContaining([`<mail-${a.id}@frasea.example>`, `<mail-${b.id}@frasea.example>`]),
		)
		const sent = await row(a.id)
		expect(sent).toMatchObject({ status: 'sent', attempts: 1, claimToken: null, leaseUntil: null })
		// The message (a code here) is gone once the relay has it.
		expect(sent.message).toBeNull()
		expect((await row(future.id)).status).toBe('queued')
		expect(await sender().drain()).toBe(0)
	})

	test("a claim holds until its lease ends; then a dead process's mail goes", async () => {
		const mail = await queue()
		// Another process claimed it and died before sending.
		await prisma.mailOutbox.update({
			where: { id: mail.id },
			data: {
				status: 'sending',
				claimToken: 'un-proceso-muerto',
				leaseUntil: new Date(now.getTime() + LEASE_MS),
			},
		})
		expect(await sender().drain()).toBe(0)
		await maintainOutbox(now)
		expect((await row(mail.id)).status).toBe('sending')
		later(LEASE_MS + 1)
		expect(await maintainOutbox(now)).toMatchObject({ reclaimed: 1 })
		expect(await sender().drain()).toBe(1)
		expect(relay.mailsTo(mail.to)).toHaveLength(1)
		expect((await row(mail.id)).status).toBe('sent')
	})

	test('two senders in one process never send the same mail', async () => {
		const mails = await Promise.all(Array.from({ length: 30 }, () => queue()))
		const [first, second] = await Promise.all([sender().drain(), sender().drain()])
		expect(first + second).toBe(30)
		expect(new Set(messageIds()).size).toBe(30)
		expect(relay.messages).toHaveLength(30)
		expect(await prisma.mailOutbox.count({ where: { status: 'sent' } })).toBe(mails.length)
	})
})

describe('temporary failures', () => {
	test('a relay that turns the first connections away (421) gets the mail on a later try, with growing waits', async () => {
		relay.dropConnections()
		relay.refuseNext(2)
		const mail = await queue()
		const delivery = sender({ concurrency: 1 })

		expect(await delivery.drain()).toBe(1)
		let state = await row(mail.id)
		expect(state).toMatchObject({ status: 'queued', attempts: 1 })
		expect(state.nextAttemptAt.getTime() - now.getTime()).toBe(1000)
		expect(state.lastError).toContain('421')
		expect(state.message).not.toBeNull()

		// Not due yet: nothing happens.
		later(999)
		expect(await delivery.drain()).toBe(0)
		later(1)
		expect(await delivery.drain()).toBe(1)
		state = await row(mail.id)
		expect(state).toMatchObject({ status: 'queued', attempts: 2 })
		expect(state.nextAttemptAt.getTime() - now.getTime()).toBe(2000)

		later(2000)
		expect(await delivery.drain()).toBe(1)
		expect(await row(mail.id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null })
		expect(relay.mailsTo(mail.to)).toHaveLength(1)
		expect(relay.stats.turnedAway).toBeGreaterThanOrEqual(2)
	})

	test('a dropped connection and a 451 after the data are temporary too', async () => {
		relay.dropConnections()
		relay.dropNext(1)
		const dropped = await queue()
		await sender({ concurrency: 1 }).drain()
		expect(await row(dropped.id)).toMatchObject({ status: 'queued', attempts: 1 })

		relay.failNextMessages(1, 451)
		const refused = await queue()
		later(1000)
		await sender({ concurrency: 1 }).drain()
		expect(relay.mailsTo(dropped.to)).toHaveLength(1)
		const state = await row(refused.id)
		expect(state).toMatchObject({ status: 'queued', attempts: 1 })
		expect(state.lastError).toContain('451')
	})

	test(
		'retries go on for the whole window, then the mail is failed',
		{ timeout: 60_000 },
		async () => {
			const mail = await queue({ kind: 'security_notice' })
			relay.dropConnections()
			relay.refuseNext(10_000)
			const queuedAt = now.getTime()
			const state = await retryUntilSettled(mail.id, sender({ concurrency: 1 }), 200)
			expect(state.status).toBe('failed')
			expect(state.lastError).toMatch(/^Sin éxito tras 48 horas de reintentos/)
			// Tried for more than a day before giving up.
			expect((state.lastAttemptAt?.getTime() ?? 0) - queuedAt).toBeGreaterThan(24 * 60 * 60 * 1000)
			expect(relay.messages).toHaveLength(0)
		},
	)
})

describe('permanent failures', () => {
	test('a 5xx stops the mail at once: no retry, the address masked in its error', async () => {
		relay.rejectRecipient('no-existe@frasea.test', 550)
		const mail = await queue({ to: 'no-existe@frasea.test' })
		expect(await sender().drain()).toBe(1)
		const state = await row(mail.id)
		expect(state).toMatchObject({ status: 'failed', attempts: 1 })
		expect(state.lastError).toContain('550')
		expect(state.lastError).toContain('n•••@f•••.test')
		expect(state.lastError).not.toContain('no-existe@')
		later(60 * 60 * 1000)
		expect(await sender().drain()).toBe(0)
		expect(relay.messages).toHaveLength(0)
	})
})

describe('expiry', () => {
	test('a mail whose link dies before its next try is dropped, never sent stale', async () => {
		relay.dropConnections()
		relay.refuseNext(10_000)
		const mail = await queue({
			kind: 'email_code',
			expiresAt: new Date(now.getTime() + 10 * 60_000),
		})
		const state = await retryUntilSettled(mail.id, sender({ concurrency: 1 }), 50)
		expect(state.status).toBe('dropped')
		expect(state.attempts).toBeGreaterThan(3)
		expect(state.message).toBeNull()
		expect(state.lastError).toMatch(/^Descartado: el enlace caducaba antes del siguiente intento/)
		expect(relay.messages).toHaveLength(0)
	})

	test('a mail already dead when its turn comes is dropped without calling the relay', async () => {
		const mail = await queue({ expiresAt: new Date(now.getTime() + 1000) })
		const connections = relay.stats.connections
		later(1000)
		expect(await sender().drain()).toBe(1)
		expect(await row(mail.id)).toMatchObject({ status: 'dropped', message: null })
		expect(relay.stats.connections).toBe(connections)
		// Waiting ones are swept by the housekeeping too.
		const waiting = await queue({
			at: new Date(now.getTime() + 60_000),
			expiresAt: new Date(now.getTime() + 30_000),
		})
		later(30_000)
		expect(await maintainOutbox(now)).toMatchObject({ expired: 1 })
		expect(await row(waiting.id)).toMatchObject({ status: 'dropped', message: null })
	})

	test('a newer mail with the same key replaces the waiting one', async () => {
		const old = await queue({ to: 'ana@frasea.test', supersedeKey: 'password_reset:ana' })
		const fresh = await queue({ to: 'ana@frasea.test', supersedeKey: 'password_reset:ana' })
		expect(await row(old.id)).toMatchObject({
			status: 'dropped',
			message: null,
			lastError: SUPERSEDED,
		})
		await sender().drain()
		expect(relay.mailsTo('ana@frasea.test').map((mail) => mail.header('Message-ID'))).toEqual([
			`<mail-${fresh.id}@frasea.example>`,
		])
	})
})

describe('"Reintentar ahora"', () => {
	const admin = () =>
		prisma.profile.create({
			data: { name: 'Admin', email: `admin${++serial}@frasea.test`, role: 'admin' },
			select: { id: true },
		})

	/** Queues a mail the relay refuses for good (550), and lets it fail. */
	async function failedForGood(to: string, supersedeKey: string) {
		relay.rejectRecipient(to, 550)
		const mail = await queue({ to, supersedeKey, expiresAt: new Date(now.getTime() + 3_600_000) })
		await sender().drain()
		expect(await row(mail.id)).toMatchObject({ status: 'failed' })
		// The mailbox works again by the time the admin retries.
		relay.acceptRecipient(to)
		return mail
	}

	test('a mail that failed for good goes again, but never one a newer mail replaced', async () => {
		const { id: actorId } = await admin()
		const lone = await failedForGood('sola@frasea.test', 'password_reset:sola')
		const old = await failedForGood('bea@frasea.test', 'password_reset:bea')
		const fresh = await queue({ to: 'bea@frasea.test', supersedeKey: 'password_reset:bea' })
		expect(await sender().drain()).toBe(1)

		expect(await retryFailingMail(actorId, now)).toBe(1)
		expect(await sender().drain()).toBe(1)
		expect(relay.mailsTo('sola@frasea.test').map((mail) => mail.header('Message-ID'))).toEqual([
			`<mail-${lone.id}@frasea.example>`,
		])
		// Only the newer link reached Bea: the older one stays dead.
		expect(relay.mailsTo('bea@frasea.test').map((mail) => mail.header('Message-ID'))).toEqual([
			`<mail-${fresh.id}@frasea.example>`,
		])
		// The admin page says why, and the link it held is gone.
		expect(await row(old.id)).toMatchObject({
			status: 'dropped',
			message: null,
			lastError: SUPERSEDED,
		})
	})

	test('a mail whose link was revoked after it failed for good is never sent again', async () => {
		const { id: actorId } = await admin()
		const mail = await failedForGood('carla@frasea.test', 'invitation:carla@frasea.test')
		await dropUnsentMail('invitation:carla@frasea.test', now)
		expect(await retryFailingMail(actorId, now)).toBe(0)
		expect(await sender().drain()).toBe(0)
		expect(relay.mailsTo('carla@frasea.test')).toHaveLength(0)
		expect(await row(mail.id)).toMatchObject({
			status: 'dropped',
			message: null,
			lastError: REVOKED,
		})
	})
})

describe('replaced or revoked while the relay has it', () => {
	const key = 'email_code:dora'
	/** Queues a mail for Dora; `meanwhile` runs while its first delivery is under way. */
	async function whileSending(meanwhile: () => Promise<unknown>) {
		const old = await queue({ to: 'dora@frasea.test', supersedeKey: key })
		let ran = false
		const delivery = sender({
			concurrency: 1,
			before: async () => {
				if (ran) return
				ran = true
				await meanwhile()
			},
		})
		return { old, delivery }
	}

	test('a delivery that fails after a newer mail replaced it is never tried again', async () => {
		let fresh: Awaited<ReturnType<typeof queue>> | undefined
		const { old, delivery } = await whileSending(async () => {
			fresh = await queue({ to: 'dora@frasea.test', supersedeKey: key })
		})
		relay.failNextMessages(1, 451)
		await delivery.drain()
		// Long after any retry would have been due, only the newer code has reached Dora.
		later(60 * 60_000)
		await delivery.drain()
		expect(relay.mailsTo('dora@frasea.test').map((mail) => mail.header('Message-ID'))).toEqual([
			`<mail-${fresh?.id}@frasea.example>`,
		])
		expect(await row(old.id)).toMatchObject({
			status: 'dropped',
			message: null,
			lastError: SUPERSEDED,
		})
	})

	test('a delivery that fails after its link was revoked is never tried again', async () => {
		const { old, delivery } = await whileSending(() => dropUnsentMail(key, now))
		relay.failNextMessages(1, 451)
		await delivery.drain()
		later(60 * 60_000)
		expect(await delivery.drain()).toBe(0)
		expect(relay.mailsTo('dora@frasea.test')).toHaveLength(0)
		expect(await row(old.id)).toMatchObject({
			status: 'dropped',
			message: null,
			lastError: REVOKED,
		})
	})

	test('a mail the relay took while it was being replaced is recorded as sent, once', async () => {
		const { old, delivery } = await whileSending(() =>
			queue({ to: 'dora@frasea.test', supersedeKey: key }),
		)
		await delivery.drain()
		later(LEASE_MS + 1)
		await maintainOutbox(now)
		await delivery.drain()
		expect(await row(old.id)).toMatchObject({ status: 'sent', claimToken: null, leaseUntil: null })
		// The old one went before it could be stopped, and the newer one after it: each once.
		expect(relay.mailsTo('dora@frasea.test')).toHaveLength(2)
	})
})

describe('retention', () => {
	test('sent rows go after a week, failed and dropped ones after 30 days', async () => {
		const sent = await queue()
		await sender().drain()
		await maintainOutbox(new Date(now.getTime() + SENT_RETENTION_MS - 60_000))
		expect(await prisma.mailOutbox.count({ where: { id: sent.id } })).toBe(1)
		await maintainOutbox(new Date(now.getTime() + SENT_RETENTION_MS + 60_000))
		expect(await prisma.mailOutbox.count({ where: { id: sent.id } })).toBe(0)
	})
})

/**
 * A sender in a process of its own against the same database and relay; it starts sending
 * when `go()` is called, so two of them race.
 */
async function senderProcess() {
	const child = spawn(
		process.execPath,
		['--import', 'tsx', 'app/mail/sender-race.child.ts', relay.url],
		{
			env: process.env,
			stdio: ['pipe', 'pipe', 'inherit'],
		},
	)
	const lines: string[] = []
	let buffer = ''
	child.stdout.on('data', (chunk: Buffer) => {
		buffer += chunk.toString()
		const parts = buffer.split('\n')
		buffer = parts.pop() ?? ''
		lines.push(...parts.map((line) => line.trim()).filter(Boolean))
	})
	const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
	await vi.waitFor(() => expect(lines).toContain('ready'), { timeout: 30_000, interval: 50 })
	return {
		go: () => child.stdin.write('go\n'),
		handled: async () => {
			expect(await exited).toBe(0)
			return Number(lines.at(-1))
		},
	}
}

test(
	'two processes sending from one outbox never send a mail twice',
	{ timeout: 90_000 },
	async () => {
		const count = 80
		for (let i = 0; i < count; i += 20) {
			await Promise.all(
				Array.from({ length: 20 }, () => queue({ at: new Date(Date.now() - 1000) })),
			)
		}
		const processes = await Promise.all([senderProcess(), senderProcess()])
		for (const child of processes) child.go()
		const handled = await Promise.all(processes.map((child) => child.handled()))
		expect(handled.reduce((sum, n) => sum + n, 0)).toBe(count)
		// Both really sent: they raced for the same rows.
		expect(Math.min(...handled)).toBeGreaterThan(0)
		expect(relay.messages).toHaveLength(count)
		expect(new Set(messageIds()).size).toBe(count)
		expect(await prisma.mailOutbox.count({ where: { status: 'sent' } })).toBe(count)
	},
)
