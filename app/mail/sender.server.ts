import { randomUUID } from 'node:crypto'
import { hit } from '~/auth/rate-limit.server'
import { prisma } from '~/utils/db.server'
import { skipLockedRows } from '~/utils/sql.server'
import { drawBulkMail } from './drawn.server'
import { PRIORITY } from './kinds'
import { mailMessages as m } from './messages'
import { redactError } from './redact'
import { afterFailure, retryDelayMs, type AfterFailure } from './retry'
import { openMail } from './sealed.server'
import { bulkMailPerMinute } from './settings.server'
import {
	deliverMail,
	failureKind,
	messageIdFor,
	SMTP_CONNECTIONS,
	type Deliver,
} from './transport.server'
import { queueWeeklySummaries } from './weekly-summary.server'

/**
 * The background sender: every process runs one. It claims a due mail (one row at a time,
 * atomically: PostgreSQL's `FOR UPDATE SKIP LOCKED`, SQLite's single writer), marks it
 * 'sending' under a lease, hands it to the relay and records what happened. A claim whose
 * process died ends with its lease and the mail is claimed again, so nothing is lost; the
 * price is that a process killed between the relay's "accepted" and its own write sends
 * that one mail again after the lease (its Message-ID is the same, so many receiving
 * servers keep one copy). A mail the relay accepted and that was recorded is never sent
 * again.
 */

/** How long a claim holds: far longer than a delivery may take (transport.server.ts). */
export const LEASE_MS = 5 * 60_000
/** How often an idle sender looks for mail queued by other processes or due for a retry. */
const POLL_MS = 5_000
/** Reclaiming dead claims, dropping expired mail, purging, the weekly summary: this often. */
const MAINTENANCE_MS = 60_000
const DAY_MS = 24 * 60 * 60_000
/** Sent mails are kept this long (for the admin's counts), without their message. */
export const SENT_RETENTION_MS = 7 * DAY_MS
/** Failed and dropped mails are kept this long. */
export const FINISHED_RETENTION_MS = 30 * DAY_MS
/** The shared counter that throttles bulk mail across every process. */
const BULK_COUNTER = 'mail:bulk'

type Claimed = {
	id: number
	kind: string
	toAddress: string
	userId: string | null
	message: string | null
	announcementId: string | null
	payload: string | null
	attempts: number
	expiresAt: Date | null
	giveUpAt: Date
}

export type SenderOptions = {
	deliver?: Deliver
	/** Mails in flight at once (the relay's connections). */
	concurrency?: number
	clock?: () => Date
	random?: () => number
	pollMs?: number
}

const asDate = (value: Date | string | null) =>
	value === null ? null : value instanceof Date ? value : new Date(value)

async function claim(priority: number, now: Date, token: string): Promise<Claimed | null> {
	const rows = await prisma.$queryRaw<Claimed[]>`
		UPDATE mail_outbox
		SET status = 'sending', attempts = attempts + 1, last_attempt_at = ${now},
			lease_until = ${new Date(now.getTime() + LEASE_MS)}, claim_token = ${token}
		WHERE id = (
			SELECT id FROM mail_outbox
			WHERE status = 'queued' AND priority = ${priority} AND next_attempt_at <= ${now}
			ORDER BY next_attempt_at, id
			LIMIT 1 ${skipLockedRows()}
		)
		RETURNING id, kind, to_address AS "toAddress", user_id AS "userId", message,
			announcement_id AS "announcementId", payload, attempts, expires_at AS "expiresAt",
			give_up_at AS "giveUpAt"`
	const row = rows[0]
	if (!row) return null
	return {
		...row,
		id: Number(row.id),
		attempts: Number(row.attempts),
		expiresAt: asDate(row.expiresAt),
		giveUpAt: asDate(row.giveUpAt) as Date,
	}
}

/** This claim's row, only while this sender still holds it. */
const held = (row: Claimed, token: string) => ({ id: row.id, claimToken: token, status: 'sending' })
const unclaimed = { claimToken: null, leaseUntil: null }

/** Puts a claimed mail back in the queue, its attempt counted, to be tried at `at`. */
async function putBack(row: Claimed, token: string, at: Date) {
	await prisma.mailOutbox.updateMany({
		where: held(row, token),
		data: { status: 'queued', nextAttemptAt: at, lastError: m.internalError, ...unclaimed },
	})
}

/** Gives a claimed bulk mail back untried (the throttle said wait). */
async function release(row: Claimed, token: string, until: Date) {
	await prisma.mailOutbox.updateMany({
		where: held(row, token),
		data: { status: 'queued', attempts: { decrement: 1 }, nextAttemptAt: until, ...unclaimed },
	})
}

async function markSent(row: Claimed, token: string, now: Date) {
	// The relay has the mail: this write must land, or the mail would go again once the
	// claim ends. A database that hiccups gets a few more chances.
	for (let attempt = 1; ; attempt++) {
		try {
			await prisma.mailOutbox.updateMany({
				// Its claim, whatever its status: a mail replaced or revoked while the relay took
				// it was sent all the same, and the admin page says so.
				where: { id: row.id, claimToken: token },
				data: { status: 'sent', message: null, finishedAt: now, lastError: null, ...unclaimed },
			})
			return
		} catch (error) {
			if (attempt >= 5) {
				console.error(
					`Mail ${row.id} was sent but could not be recorded; it may go again when its claim ends:`,
					error instanceof Error ? error.message : error,
				)
				return
			}
			await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt))
		}
	}
}

async function settle(
	row: Claimed,
	token: string,
	outcome: AfterFailure,
	error: string,
	now: Date,
) {
	const data =
		outcome.status === 'queued'
			? { status: 'queued', nextAttemptAt: outcome.nextAttemptAt, lastError: error }
			: outcome.status === 'failed'
				? {
						status: 'failed',
						finishedAt: now,
						lastError: outcome.reason === 'gave_up' ? m.gaveUp(error) : error,
					}
				: { status: 'dropped', message: null, finishedAt: now, lastError: m.expiredAfter(error) }
	await prisma.mailOutbox.updateMany({ where: held(row, token), data: { ...data, ...unclaimed } })
}

/** Finishes a claimed mail without sending it: dropped (with why), or failed for good. */
async function finishUnsent(
	row: Claimed,
	token: string,
	status: 'dropped' | 'failed',
	why: string,
	now: Date,
) {
	await prisma.mailOutbox.updateMany({
		where: held(row, token),
		data: { status, message: null, finishedAt: now, lastError: why, ...unclaimed },
	})
}

/**
 * Keeps the table honest, whichever process does it: claims whose process died go back to
 * the queue, waiting mail whose link has died is dropped, messages of failed mails go once
 * their link is dead, and old rows go (sent after SENT_RETENTION_MS, the rest after
 * FINISHED_RETENTION_MS).
 */
export async function maintainOutbox(now: Date) {
	const [reclaimed, expired] = await prisma.$transaction([
		prisma.mailOutbox.updateMany({
			where: { status: 'sending', leaseUntil: { lt: now } },
			data: { status: 'queued', nextAttemptAt: now, ...unclaimed },
		}),
		prisma.mailOutbox.updateMany({
			where: { status: 'queued', expiresAt: { lte: now } },
			data: { status: 'dropped', message: null, finishedAt: now, lastError: m.expired },
		}),
		prisma.mailOutbox.updateMany({
			where: { status: 'failed', expiresAt: { lte: now }, message: { not: null } },
			data: { message: null },
		}),
		prisma.mailOutbox.deleteMany({
			where: { status: 'sent', finishedAt: { lt: new Date(now.getTime() - SENT_RETENTION_MS) } },
		}),
		prisma.mailOutbox.deleteMany({
			where: {
				status: { in: ['failed', 'dropped'] },
				finishedAt: { lt: new Date(now.getTime() - FINISHED_RETENTION_MS) },
			},
		}),
	])
	return { reclaimed: reclaimed.count, expired: expired.count }
}

export class MailSender {
	private readonly deliver: Deliver
	private readonly concurrency: number
	private readonly clock: () => Date
	private readonly random: () => number
	private readonly pollMs: number
	private running = false
	private workers: Promise<void>[] = []
	private sleepers = new Set<() => void>()
	/** Bulk mail waits until then: the shared throttle said so. */
	private bulkPausedUntil = 0
	private lastMaintenance = 0
	private failingSince = 0
	/** The earliest retry or end of a throttle pause this sender knows of (epoch ms). */
	private nextDueAt = Number.POSITIVE_INFINITY
	/** Woken while no worker slept: the next one to sleep looks again first. */
	private wakeMissed = false

	constructor(options: SenderOptions = {}) {
		this.deliver = options.deliver ?? deliverMail
		this.concurrency = options.concurrency ?? SMTP_CONNECTIONS
		this.clock = options.clock ?? (() => new Date())
		this.random = options.random ?? Math.random
		this.pollMs = options.pollMs ?? POLL_MS
	}

	/** Claims the next due mail: mail an account is waiting for first, then bulk mail. */
	private async claimNext(token: string): Promise<Claimed | null> {
		const now = this.clock()
		const mail = await claim(PRIORITY.account, now, token)
		if (mail || now.getTime() < this.bulkPausedUntil) return mail
		const bulk = await claim(PRIORITY.bulk, now, token)
		if (!bulk) return null
		let pace
		try {
			pace = await hit(BULK_COUNTER, (await bulkMailPerMinute()).value, now)
		} catch (error) {
			await release(bulk, token, now).catch(() => {})
			throw error
		}
		if (pace.allowed) return bulk
		this.bulkPausedUntil = now.getTime() + pace.retryAfterSeconds * 1000
		this.dueAt(this.bulkPausedUntil)
		await release(bulk, token, new Date(this.bulkPausedUntil))
		return null
	}

	/** Sends one claimed mail and records the outcome. */
	private async send(row: Claimed, token: string) {
		const now = this.clock()
		if (row.expiresAt && row.expiresAt <= now) {
			return finishUnsent(row, token, 'dropped', m.expired, now)
		}
		let mail
		if (row.message !== null) {
			mail = openMail(row.message)
			if (!mail) return finishUnsent(row, token, 'failed', m.unreadable, now)
		} else {
			const drawn = await drawBulkMail(row)
			if (drawn === 'unwanted') return finishUnsent(row, token, 'dropped', m.unwanted, now)
			if (!drawn) return finishUnsent(row, token, 'failed', m.unreadable, now)
			mail = drawn
		}
		try {
			await this.deliver({ ...mail, to: row.toAddress, messageId: messageIdFor(row.id) })
		} catch (error) {
			const reason = redactError(error instanceof Error ? error.message : String(error))
			const outcome = afterFailure(row, failureKind(error), this.clock(), this.random)
			await settle(row, token, outcome, reason, this.clock())
			if (outcome.status === 'queued') this.dueAt(outcome.nextAttemptAt.getTime())
			// The operator hears of a mail that will not arrive (never its content or address).
			else console.error(`Mail ${row.id} (${row.kind}) ${outcome.status}: ${reason}`)
			return
		}
		await markSent(row, token, this.clock())
	}

	/** One worker: claims and sends until nothing is due. Returns how many it handled. */
	private async work() {
		const token = randomUUID()
		let handled = 0
		for (;;) {
			const row = await this.claimNext(token)
			if (!row) return handled
			try {
				await this.send(row, token)
			} catch (error) {
				// The database failed around the mail (not the relay): try it again later
				// rather than leave it claimed until its lease ends.
				const retryAt = new Date(this.clock().getTime() + retryDelayMs(row.attempts, this.random))
				await putBack(row, token, retryAt).catch(() => {})
				throw error
			}
			handled++
		}
	}

	private dueAt(epochMs: number) {
		this.nextDueAt = Math.min(this.nextDueAt, epochMs)
	}

	/** Housekeeping, at most once a minute; true when it put mail back in the queue. */
	private async maintain() {
		const now = this.clock()
		if (now.getTime() - this.lastMaintenance < MAINTENANCE_MS) return false
		this.lastMaintenance = now.getTime()
		const { reclaimed } = await maintainOutbox(now)
		const summaries = await queueWeeklySummaries(now)
		return reclaimed + summaries > 0
	}

	/**
	 * Sends everything due now with `concurrency` workers, and returns how many mails it
	 * handled (sent, failed, dropped or put back for a retry). The loop's body; tests call it.
	 */
	async drain(): Promise<number> {
		const counts = await Promise.all(Array.from({ length: this.concurrency }, () => this.work()))
		return counts.reduce((sum, count) => sum + count, 0)
	}

	private sleep(ms: number) {
		// A wake that came while every worker was busy is not lost.
		if (this.wakeMissed) {
			this.wakeMissed = false
			return Promise.resolve()
		}
		return new Promise<void>((resolve) => {
			const done = () => {
				clearTimeout(timer)
				this.sleepers.delete(done)
				resolve()
			}
			const timer = setTimeout(done, ms)
			timer.unref()
			this.sleepers.add(done)
		})
	}

	private async loop() {
		while (this.running) {
			try {
				// Mail first: a process that just started or was just woken has mail waiting.
				await this.work()
				const requeued = await this.maintain()
				this.failingSince = 0
				if (requeued) continue
			} catch (error) {
				// The database is away: say so once, keep trying at the poll's pace.
				if (!this.failingSince) {
					this.failingSince = Date.now()
					console.error('Mail sender:', error instanceof Error ? error.message : error)
				}
			}
			if (!this.running) break
			// Until the next poll, or sooner when a retry this sender scheduled falls due.
			const untilDue = this.nextDueAt - Date.now()
			if (untilDue <= 0) this.nextDueAt = Number.POSITIVE_INFINITY
			await this.sleep(Math.max(0, Math.min(this.pollMs, untilDue)))
		}
	}

	/** Runs the workers until `stop()`; each wakes on `wake()` or after the poll interval. */
	start() {
		if (this.running) return
		this.running = true
		this.workers = Array.from({ length: this.concurrency }, () => this.loop())
	}

	/** A mail was queued in this process: idle workers look at once. */
	wake() {
		if (this.sleepers.size === 0) this.wakeMissed = true
		for (const sleeper of [...this.sleepers]) sleeper()
	}

	async stop() {
		this.running = false
		this.wake()
		await Promise.all(this.workers)
	}
}

let processSender: MailSender | undefined

/** Starts this process's sender (at server start; queuing a mail starts it too). */
export function startMailSender() {
	processSender ??= new MailSender()
	processSender.start()
	return processSender
}

/**
 * Makes `sender` this process's sender without starting it: a test that drives its own
 * sender (drain) keeps the one mail queuing would start from competing with it.
 */
export function useMailSender(sender: MailSender) {
	processSender = sender
}

export function wakeMailSender() {
	if (!processSender) startMailSender()
	processSender?.wake()
}
