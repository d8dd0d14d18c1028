import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { vi } from 'vitest'

/**
 * For Vitest files on a database from setUpTestDatabase: the mails written to its outbox
 * for an address, oldest first, with quoted-printable undone just enough for links (soft
 * line breaks and `=3D`).
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

/**
 * Runs `body` with a clock that moves only when the test sets it (`setNow(ms)`): Date
 * alone is faked, timers stay real, so the database and the file system work as usual.
 */
export async function withClock(body: (setNow: (ms: number) => void) => Promise<void>) {
	vi.useFakeTimers({ toFake: ['Date'] })
	try {
		await body((ms) => vi.setSystemTime(ms))
	} finally {
		vi.useRealTimers()
	}
}
