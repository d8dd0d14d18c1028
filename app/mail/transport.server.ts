import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import { getEnv } from '~/utils/env.server'
import { type Mail } from './message'

/**
 * The last hop of a mail: SMTP_URL, or without it an .eml file in DATA_DIR/outbox (open it
 * with any mail client) whose path the log names. Logs never contain the message itself: it
 * may carry a sign-in link. The outbox (outbox.server.ts) decides when and whether to call
 * this; this only tries once.
 */

/** SMTP connections one process keeps open to the relay. */
export const SMTP_CONNECTIONS = 4

// A relay that stops answering must not hold a mail for longer than its claim lasts
// (sender.server.ts): each step of the conversation has its own clock.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }

let smtp: Deliver | undefined
let files: Transporter | undefined

export function mailFrom() {
	return getEnv().MAIL_FROM ?? 'Frasea <no-reply@frasea.local>'
}

/** A Message-ID of our own per outbox row: a receiving server that sees it twice can drop the copy. */
export function messageIdFor(outboxId: number) {
	const host = new URL(getEnv().appOrigin).hostname
	return `<mail-${outboxId}@${host}>`
}

export type Delivery = Mail & { messageId?: string }
export type Deliver = (mail: Delivery) => Promise<void>

/** Delivery through the relay at `url`, over a pool of SMTP_CONNECTIONS connections. */
export function smtpDelivery(url: string): Deliver {
	const transport = nodemailer.createTransport({
		url,
		pool: true,
		maxConnections: SMTP_CONNECTIONS,
		maxMessages: 100,
		// The outbox decides retries (with its lease and backoff). The pool would otherwise
		// send a message again on its own when a connection closed during it, perhaps after
		// the relay had it.
		maxRequeues: 0,
		...SMTP_TIMEOUTS,
	} as Parameters<typeof nodemailer.createTransport>[0])
	return async (mail) => {
		await transport.sendMail({ from: mailFrom(), ...mail })
	}
}

/** Hands a mail to the relay (or writes it out); throws what the relay answered. */
export async function deliverMail(mail: Delivery): Promise<void> {
	const env = getEnv()
	if (env.SMTP_URL) {
		smtp ??= smtpDelivery(env.SMTP_URL)
		return smtp(mail)
	}
	files ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
	const info = await files.sendMail({ from: mailFrom(), ...mail })
	const dir = path.join(env.dataDir, 'outbox')
	await mkdir(dir, { recursive: true })
	const stamp = new Date().toISOString().replace(/[:.]/g, '-')
	const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`
	const file = path.join(dir, name)
	// Written beside the outbox and moved in whole: whatever watches the folder (a mail
	// client, a script) never opens a message that is still being written.
	const partial = path.join(env.dataDir, `.${name}.partial`)
	await writeFile(partial, info.message as Buffer, { mode: 0o600 })
	await rename(partial, file)
	console.log(`Mail: SMTP_URL is not set; wrote "${mail.subject}" to ${file}`)
}

/**
 * Whether a failed delivery may work later. The relay's 5xx replies are final (no such
 * mailbox, refused as spam, bad credentials); its 4xx replies ("try again later"), a
 * connection that fails, drops or times out, and anything else without a reply are not.
 */
export function failureKind(error: unknown): 'temporary' | 'permanent' {
	const code = (error as { responseCode?: unknown } | null)?.responseCode
	return typeof code === 'number' && code >= 500 && code < 600 ? 'permanent' : 'temporary'
}
