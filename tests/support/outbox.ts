import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The mails the app wrote to DATA_DIR's outbox for an address (no SMTP_URL), oldest
 * first, with quoted-printable undone just enough for links (soft line breaks and `=3D`).
 */
export function outboxMailsTo(address: string): string[] {
	const outbox = path.join(process.env.DATA_DIR ?? '', 'outbox')
	if (!existsSync(outbox)) return []
	return readdirSync(outbox)
		.sort()
		.map((name) =>
			readFileSync(path.join(outbox, name), 'utf8')
				.replace(/=\r?\n/g, '')
				.replace(/=3D/g, '='),
		)
		.filter((mail) => mail.includes(`To: ${address}`))
}
