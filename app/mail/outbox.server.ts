import { type Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { priorityOf, type MailKind } from './kinds'
import { type Mail } from './message'
import { RETRY_WINDOW_MS } from './retry'
import { sealMail } from './sealed.server'
import { wakeMailSender } from './sender.server'

/**
 * Queuing a mail: a row in mail_outbox, written in the same transaction as the change that
 * causes it (a reset token, an invitation, a code), so the mail exists exactly when the
 * change does. The sender of each process (sender.server.ts) takes it from there; nothing
 * here talks to the relay.
 */

export type QueueOptions = {
	kind: MailKind
	/** The account it is for, if any: its queued mails go with the account. */
	userId?: string | null
	/** When the link in it stops working: it is never sent after that. */
	expiresAt?: Date | null
	/**
	 * Mails with the same key replace each other until they are sent: a new reset link drops
	 * the unsent mail with the old one, whether it waits or failed (so "Reintentar ahora"
	 * cannot send it after the new one).
	 */
	supersedeKey?: string
	now?: Date
}

/** What the admin page says of a mail a newer one replaced. */
export const SUPERSEDED = 'Sustituido por otro correo más reciente antes de enviarse'
/** What it says of a mail whose link was revoked before it went. */
export const REVOKED = 'Descartado: su enlace se anuló antes de enviarse'

type OutboxClient = Pick<typeof prisma, 'mailOutbox'>

/**
 * The mails a newer mail or a revoked link stops: those waiting, those that failed for good
 * (which the admin's "Reintentar ahora" would queue again), and the one being sent right now.
 * That last one cannot be called back from the relay: if the relay takes it, the sender
 * still records it as sent (it matches its claim, not its status); if the attempt fails, it
 * stays dropped and is never tried again, so an old link cannot arrive after the new one.
 */
const UNSENT = { in: ['queued', 'failed', 'sending'] }

/**
 * The two statements that queue `mail`, for the batch transaction of the change that causes
 * it (`prisma.$transaction([...change, ...queueMailStatements(mail, options)])`). Call
 * `mailQueued()` once it has committed.
 */
export function queueMailStatements(
	mail: Mail,
	options: QueueOptions,
	client: OutboxClient = prisma,
): [Prisma.PrismaPromise<unknown>, Prisma.PrismaPromise<unknown>] {
	const now = options.now ?? new Date()
	return [
		client.mailOutbox.updateMany({
			// No key: a statement that matches nothing, so every caller runs the same two.
			where: { supersedeKey: options.supersedeKey ?? '', status: UNSENT },
			data: { status: 'dropped', message: null, finishedAt: now, lastError: SUPERSEDED },
		}),
		client.mailOutbox.create({
			data: {
				kind: options.kind,
				toAddress: mail.to,
				userId: options.userId ?? null,
				message: sealMail(mail),
				priority: priorityOf(options.kind),
				nextAttemptAt: now,
				expiresAt: options.expiresAt ?? null,
				giveUpAt: new Date(now.getTime() + RETRY_WINDOW_MS),
				supersedeKey: options.supersedeKey ?? null,
				createdAt: now,
			},
			select: { id: true },
		}),
	]
}

/** Drops the unsent mail with this key, waiting or failed (its link was revoked). */
export function dropUnsentMail(
	supersedeKey: string,
	now = new Date(),
	client: OutboxClient = prisma,
) {
	return client.mailOutbox.updateMany({
		where: { supersedeKey, status: UNSENT },
		data: { status: 'dropped', message: null, finishedAt: now, lastError: REVOKED },
	})
}

/**
 * Two statements of the same shape that queue nothing: for the paths that must take as long
 * as a real one whether or not a mail goes (an unknown address asking for a reset link).
 */
export function noMailStatements(
	client: OutboxClient = prisma,
): [Prisma.PrismaPromise<unknown>, Prisma.PrismaPromise<unknown>] {
	return [
		client.mailOutbox.updateMany({
			where: { supersedeKey: '', status: UNSENT },
			data: { status: 'dropped' },
		}),
		client.mailOutbox.deleteMany({ where: { id: -1 } }),
	]
}

/** Tells this process's sender that a mail is waiting (after the transaction committed). */
export function mailQueued() {
	wakeMailSender()
}

/** Queues one mail in a transaction of its own and wakes the sender. */
export async function queueMail(mail: Mail, options: QueueOptions) {
	await prisma.$transaction(queueMailStatements(mail, options))
	mailQueued()
}
