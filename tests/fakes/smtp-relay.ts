/**
 * A real SMTP relay on loopback (smtp-server) that keeps what it accepts in memory and can be
 * told to misbehave the way relays do: turn the next connections away with a 421 (a relay
 * restarting), drop them without a word, refuse a recipient for good (550), or fail the
 * next messages after DATA. The app is pointed at it with SMTP_URL.
 */
import { type AddressInfo, type Server, type Socket } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { parseMessage, type ParsedMail } from '../support/mime'

export type RelayedMail = ParsedMail & {
	/** Envelope recipients. */
	to: string[]
	raw: string
	receivedAt: number
}

export interface SmtpRelay {
	url: string
	port: number
	messages: RelayedMail[]
	/** Connections opened, and those turned away (answered 421 or dropped). */
	stats: { connections: number; turnedAway: number }
	/** The next `count` connections are answered `code` (421: try later) and closed. */
	refuseNext(count: number, code?: number): void
	/** The next `count` connections are closed before the greeting. */
	dropNext(count: number): void
	/** Every message to `address` is refused with `code` (550: no such mailbox). */
	rejectRecipient(address: string, code?: number): void
	/** Takes `address` again. */
	acceptRecipient(address: string): void
	/** The next `count` messages are refused after their data with `code`. */
	failNextMessages(count: number, code: number): void
	/** Closes every open connection (a relay restarting under its clients). */
	dropConnections(): void
	mailsTo(address: string): RelayedMail[]
	close(): Promise<void>
}

function smtpError(code: number, message: string) {
	return Object.assign(new Error(message), { responseCode: code })
}

export async function startSmtpRelay(): Promise<SmtpRelay> {
	const messages: RelayedMail[] = []
	const stats = { connections: 0, turnedAway: 0 }
	const rejected = new Map<string, number>()
	const sockets = new Set<Socket>()
	let refuse = { count: 0, code: 421 }
	let drop = 0
	let failing = { count: 0, code: 451 }

	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS', 'AUTH'],
		logger: false,
		onConnect(_session, callback) {
			if (refuse.count > 0) {
				refuse.count--
				stats.turnedAway++
				return callback(smtpError(refuse.code, 'Service not available, try again later'))
			}
			callback()
		},
		onRcptTo(address, _session, callback) {
			const code = rejected.get(address.address.toLowerCase())
			if (code) return callback(smtpError(code, `<${address.address}>: Recipient address rejected`))
			callback()
		},
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				if (failing.count > 0) {
					failing.count--
					return callback(smtpError(failing.code, 'Message refused'))
				}
				const raw = Buffer.concat(chunks).toString('utf8')
				messages.push({
					...parseMessage(raw),
					to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
					raw,
					receivedAt: Date.now(),
				})
				callback()
			})
		},
	})
	// smtp-server's own listener answers the connection; this one sees it first.
	const net = (server as unknown as { server: Server }).server
	net.prependListener('connection', (socket: Socket) => {
		stats.connections++
		sockets.add(socket)
		socket.once('close', () => sockets.delete(socket))
		if (drop > 0) {
			drop--
			stats.turnedAway++
			socket.destroy()
		}
	})
	server.on('error', () => {})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const port = (net.address() as AddressInfo).port

	return {
		url: `smtp://127.0.0.1:${port}`,
		port,
		messages,
		stats,
		refuseNext(count, code = 421) {
			refuse = { count, code }
		},
		dropNext(count) {
			drop = count
		},
		rejectRecipient(address, code = 550) {
			rejected.set(address.toLowerCase(), code)
		},
		acceptRecipient(address) {
			rejected.delete(address.toLowerCase())
		},
		failNextMessages(count, code) {
			failing = { count, code }
		},
		dropConnections() {
			for (const socket of sockets) socket.destroy()
		},
		mailsTo(address) {
			return messages.filter((mail) => mail.to.includes(address.toLowerCase()))
		},
		close() {
			for (const socket of sockets) socket.destroy()
			return new Promise((resolve) => server.close(() => resolve()))
		},
	}
}
