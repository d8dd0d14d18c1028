/**
 * What each mail in the outbox is, and what that decides: whether an account can do without
 * it (the notification settings never stop those), and its place in the queue.
 */

export const MAIL_KINDS = [
	'password_reset',
	'email_verification',
	'email_code',
	'security_notice',
	'invitation',
	'announcement',
	'activity_summary',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]

/** Bulk mail: written when it is sent, throttled, and only to accounts that want it. */
export const BULK_KINDS = ['announcement', 'activity_summary'] as const satisfies MailKind[]
export type BulkKind = (typeof BULK_KINDS)[number]

export function isBulk(kind: string): kind is BulkKind {
	return (BULK_KINDS as readonly string[]).includes(kind)
}

/** The queue's order: what an account is waiting for goes before any bulk mail. */
export const PRIORITY = { account: 0, bulk: 1 } as const

export function priorityOf(kind: MailKind) {
	return isBulk(kind) ? PRIORITY.bulk : PRIORITY.account
}

/** A row's state: waiting (or retrying), being sent, sent, failed for good, or dropped unsent. */
export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'dropped'
