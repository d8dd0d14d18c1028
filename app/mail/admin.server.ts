import { recordAdminChange } from '~/admin/audit.server'
import { prisma } from '~/utils/db.server'
import { isBulk, MAIL_KINDS, type MailKind } from './kinds'
import { mailMessages as m } from './messages'
import { mailQueued } from './outbox.server'
import { maskAddress } from './redact'
import { RETRY_WINDOW_MS } from './retry'

/**
 * What Administración › Correo shows of the outbox: how many mails wait, went, fail or were
 * dropped, the last failures (addresses masked; a stored error never holds a link or a code,
 * sender.server.ts redacts it), and "Reintentar ahora".
 */

export type OutboxCounts = {
	/** Waiting for their first try (or being sent). */
	queued: number
	/** Sent in the last week (older rows are purged). */
	sent: number
	/** Failed at least once and waiting for their next try. */
	retrying: number
	/** Failed for good: a permanent refusal, or the retry window is over. */
	failed: number
	/** Dropped unsent: their link died, a newer mail replaced them, or the account no longer wants them. */
	dropped: number
}

export async function outboxCounts(): Promise<OutboxCounts> {
	const [groups, retrying] = await Promise.all([
		prisma.mailOutbox.groupBy({ by: ['status'], _count: { _all: true } }),
		prisma.mailOutbox.count({ where: { status: 'queued', lastError: { not: null } } }),
	])
	const count = (status: string) =>
		groups.find((group) => group.status === status)?._count._all ?? 0
	return {
		queued: count('queued') + count('sending') - retrying,
		sent: count('sent'),
		retrying,
		failed: count('failed'),
		dropped: count('dropped'),
	}
}

export const LAST_ERRORS_SHOWN = 10

export type MailError = {
	id: number
	kind: string
	to: string
	attempts: number
	status: 'retrying' | 'failed' | 'dropped'
	error: string
	at: Date
}

/** The latest mails that failed or were dropped with a reason, newest first. */
export async function lastMailErrors(limit = LAST_ERRORS_SHOWN): Promise<MailError[]> {
	const rows = await prisma.mailOutbox.findMany({
		where: { status: { in: ['queued', 'failed', 'dropped'] }, lastError: { not: null } },
		orderBy: [{ lastAttemptAt: 'desc' }, { id: 'desc' }],
		take: limit,
		select: {
			id: true,
			kind: true,
			toAddress: true,
			attempts: true,
			status: true,
			lastError: true,
			lastAttemptAt: true,
			createdAt: true,
		},
	})
	return rows.map((row) => ({
		id: row.id,
		kind: MAIL_KINDS.includes(row.kind as MailKind) ? m.kinds[row.kind as MailKind] : row.kind,
		to: maskAddress(row.toAddress),
		attempts: row.attempts,
		status: row.status === 'queued' ? 'retrying' : (row.status as 'failed' | 'dropped'),
		error: row.lastError ?? '',
		at: row.lastAttemptAt ?? row.createdAt,
	}))
}

/**
 * "Reintentar ahora": every failing mail is tried again at once — those waiting for a retry,
 * and those that failed for good, with a new retry window — unless its link has died or its
 * message is gone (a bulk mail is written again when it goes). A failed mail that a newer one
 * replaced, or whose link was revoked, is no longer failed but dropped (outbox.server.ts), so
 * it never goes. Audited. Returns how many.
 */
export async function retryFailingMail(actorId: string, now = new Date()) {
	const live = { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }
	const [retrying, failed] = await prisma.$transaction([
		prisma.mailOutbox.updateMany({
			where: { status: 'queued', lastError: { not: null }, ...live },
			data: { nextAttemptAt: now },
		}),
		prisma.mailOutbox.updateMany({
			where: {
				status: 'failed',
				AND: [
					live,
					{ OR: [{ message: { not: null } }, { kind: { in: MAIL_KINDS.filter(isBulk) } }] },
				],
			},
			data: {
				status: 'queued',
				nextAttemptAt: now,
				giveUpAt: new Date(now.getTime() + RETRY_WINDOW_MS),
				finishedAt: null,
			},
		}),
	])
	const count = retrying.count + failed.count
	await recordAdminChange({ actorId, action: 'admin.mail.retried', details: { count } })
	if (count > 0) mailQueued()
	return count
}
