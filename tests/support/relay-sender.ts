import { afterAll, beforeAll } from 'vitest'
import { MailSender, type SenderOptions, useMailSender } from '~/mail/sender.server'
import { smtpDelivery } from '~/mail/transport.server'
import { startSmtpRelay, type SmtpRelay } from '../fakes/smtp-relay'

/**
 * For a Vitest file that sends mail: a real SMTP relay on loopback for the file, and senders
 * that deliver to it on the test's clock, with retry waits at the top of their jitter (so
 * they are exact). The process's own sender is replaced by one that never runs, so nothing
 * sends behind the test's back.
 */
export function relayForTests(clock: () => Date) {
	let started: SmtpRelay | undefined
	const relay = () => {
		if (!started) throw new Error('The relay starts in beforeAll.')
		return started
	}
	/** `before` runs as each delivery starts: what happens while the relay has the mail. */
	const sender = (
		options: Pick<SenderOptions, 'concurrency'> & { before?: () => Promise<void> } = {},
	) => {
		const toRelay = smtpDelivery(relay().url)
		const { before, ...rest } = options
		return new MailSender({
			deliver: before ? async (mail) => (await before(), toRelay(mail)) : toRelay,
			clock,
			random: () => 1,
			...rest,
		})
	}
	beforeAll(async () => {
		started = await startSmtpRelay()
		useMailSender(sender())
	})
	afterAll(() => started?.close())
	return { relay, sender }
}
