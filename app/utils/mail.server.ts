import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import { getEnv } from './env.server'

export type Mail = { to: string; subject: string; text: string; html: string }

let smtp: Transporter | undefined
let outbox: Transporter | undefined

function from() {
	return getEnv().MAIL_FROM ?? 'Frasea <no-reply@frasea.local>'
}

/**
 * Sends a mail through SMTP_URL. Without SMTP_URL the message is written as an .eml file
 * to DATA_DIR/outbox (open it with any mail client) and the log says where. Logs never
 * contain the message itself: it may carry a sign-in link.
 */
export async function sendMail(mail: Mail): Promise<void> {
	const env = getEnv()
	const message = { from: from(), ...mail }
	if (env.SMTP_URL) {
		smtp ??= nodemailer.createTransport(env.SMTP_URL)
		await smtp.sendMail(message)
		return
	}
	outbox ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
	const info = await outbox.sendMail(message)
	const dir = path.join(env.dataDir, 'outbox')
	await mkdir(dir, { recursive: true })
	const stamp = new Date().toISOString().replace(/[:.]/g, '-')
	const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`)
	await writeFile(file, info.message as Buffer, { mode: 0o600 })
	console.log(`Mail: SMTP_URL is not set; wrote "${mail.subject}" to ${file}`)
}

/** Sends without making the visitor wait or learn whether it worked; failures are logged. */
export function sendMailInBackground(mail: Mail) {
	sendMail(mail).catch((error: unknown) => {
		console.error(
			`Mail: could not send "${mail.subject}":`,
			error instanceof Error ? error.message : error,
		)
	})
}
