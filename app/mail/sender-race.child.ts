/**
 * One of two processes sending from the same outbox (sender.server.test.ts): prints `ready`,
 * waits for `go` on stdin so both start together, drains the outbox into the relay named on
 * the command line and prints how many mails it handled. The database comes from the
 * environment the test gives it.
 */
import { createInterface } from 'node:readline'
import { prisma } from '~/utils/db.server'
import { MailSender } from './sender.server'
import { smtpDelivery } from './transport.server'

const sender = new MailSender({ deliver: smtpDelivery(process.argv[2] ?? '') })
// Connect before the race: the first query opens the database.
await prisma.mailOutbox.count()
console.log('ready')
await new Promise<void>((resolve) => {
	const lines = createInterface({ input: process.stdin })
	lines.on('line', (line) => {
		if (line.trim() === 'go') {
			lines.close()
			resolve()
		}
	})
})
console.log(await sender.drain())
process.exit(0)
