import { createServer, request as httpRequest, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { BodiesInFlight, cappedBody } from './request-body.js'

const MB = 1024 * 1024

describe('BodiesInFlight', () => {
	test('an address gets its share, and no more, until it gives bodies back', () => {
		const inFlight = new BodiesInFlight({ perAddress: 10 * MB, perProcess: 100 * MB })
		const first = inFlight.reserve('198.51.100.1', 6 * MB)
		expect(first.ok).toBe(true)
		expect(inFlight.reserve('198.51.100.1', 5 * MB)).toEqual({ ok: false, scope: 'address' })
		// Another address is not held back by the first.
		expect(inFlight.reserve('198.51.100.2', 10 * MB).ok).toBe(true)
		if (first.ok) {
			first.release()
			first.release() // twice gives back once
		}
		expect(inFlight.reservedBy('198.51.100.1')).toBe(0)
		expect(inFlight.reserve('198.51.100.1', 10 * MB).ok).toBe(true)
		expect(inFlight.reserve('198.51.100.1', 1).ok).toBe(false)
	})

	test('the process total bounds every address together', () => {
		const inFlight = new BodiesInFlight({ perAddress: 10 * MB, perProcess: 25 * MB })
		expect(inFlight.reserve('a', 10 * MB).ok).toBe(true)
		expect(inFlight.reserve('b', 10 * MB).ok).toBe(true)
		expect(inFlight.reserve('c', 10 * MB)).toEqual({ ok: false, scope: 'process' })
		expect(inFlight.reserve('c', 5 * MB).ok).toBe(true)
	})
})

describe('cappedBody', () => {
	let server: Server | undefined
	afterEach(async () => {
		server?.closeAllConnections()
		await new Promise((resolve) => server?.close(resolve))
		server = undefined
	})

	/**
	 * A server whose handler reads the body through cappedBody and answers with what
	 * happened: 200 and the byte count, or the refusal cappedBody asked for.
	 */
	async function serve(limit: number, timeouts: { idleMs: number; totalMs: number }) {
		const outcomes: string[] = []
		server = createServer((req, res) => {
			const refuse = (status: number, reason: string) => {
				outcomes.push(reason)
				if (res.headersSent) return
				// As the HTTP server does: no `Connection: close`, cappedBody closes it.
				res.writeHead(status).end(reason)
			}
			const body = cappedBody(req, res, {
				limit,
				timeouts,
				onExceeded: () => refuse(413, 'too large'),
				onTimeout: () => refuse(408, 'too slow'),
			})
			new Response(body).arrayBuffer().then(
				(bytes) => {
					outcomes.push(`read ${bytes.byteLength}`)
					if (!res.headersSent) res.end(String(bytes.byteLength))
				},
				(error: Error) => outcomes.push(`app saw: ${error.message}`),
			)
		})
		await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
		return { port: (server.address() as AddressInfo).port, outcomes }
	}

	/** Sends `parts` with `gapMs` between them, declaring `declared` bytes. */
	function post(port: number, declared: number, parts: Buffer[], gapMs: number) {
		return new Promise<{ status: number; text: string; ms: number }>((resolve, reject) => {
			const started = Date.now()
			const request = httpRequest(
				{ port, host: '127.0.0.1', method: 'POST', headers: { 'content-length': declared } },
				(response) => {
					let text = ''
					response.setEncoding('utf8')
					response.on('data', (chunk: string) => (text += chunk))
					response.on('end', () =>
						resolve({ status: response.statusCode ?? 0, text, ms: Date.now() - started }),
					)
				},
			)
			request.on('error', reject)
			let index = 0
			const next = () => {
				const part = parts[index++]
				if (!part) return
				request.write(part)
				setTimeout(next, gapMs)
			}
			next()
		})
	}

	test('a body that arrives steadily is read whole', async () => {
		const { port, outcomes } = await serve(MB, { idleMs: 300, totalMs: 5000 })
		const parts = Array.from({ length: 5 }, () => Buffer.alloc(1000, 0x61))
		const reply = await post(port, 5000, parts, 100)
		expect(reply).toMatchObject({ status: 200, text: '5000' })
		expect(outcomes).toEqual(['read 5000'])
	})

	test('a body that stops arriving is refused after the idle time, and the app stops waiting', async () => {
		const { port, outcomes } = await serve(MB, { idleMs: 300, totalMs: 5000 })
		const reply = await post(port, 5000, [Buffer.alloc(1000, 0x61)], 0)
		expect(reply.status).toBe(408)
		expect(reply.ms).toBeGreaterThanOrEqual(250)
		expect(reply.ms).toBeLessThan(2000)
		await expect.poll(() => outcomes).toContain('app saw: Request body too slow')
	})

	test('a body that trickles in too slowly in all is refused at the total time', async () => {
		const { port, outcomes } = await serve(MB, { idleMs: 300, totalMs: 1000 })
		// A byte every 100 ms never trips the idle clock, but would take 5 s.
		const parts = Array.from({ length: 50 }, () => Buffer.from('a'))
		const reply = await post(port, 50, parts, 100)
		expect(reply.status).toBe(408)
		expect(reply.ms).toBeGreaterThanOrEqual(950)
		expect(reply.ms).toBeLessThan(3000)
		expect(outcomes[0]).toBe('too slow')
	})

	test('a body over its cap is refused as it crosses it', async () => {
		const { port, outcomes } = await serve(1000, { idleMs: 1000, totalMs: 5000 })
		const reply = await post(port, 3000, [Buffer.alloc(3000, 0x61)], 0)
		expect(reply.status).toBe(413)
		expect(outcomes[0]).toBe('too large')
	})

	test('a client still sending far past the cap gets the refusal before the connection closes', async () => {
		const { port } = await serve(1000, { idleMs: 1000, totalMs: 5000 })
		// Like a browser uploading a large file: it keeps writing and reads the answer only
		// between writes. Closing a socket with unread data resets it, and a reset can take
		// an answer not yet read with it; here several megabytes are on their way first.
		const socket = connect(port, '127.0.0.1')
		let received = ''
		let error = ''
		socket.on('data', (chunk) => (received += chunk.toString('latin1')))
		socket.on('error', (caught: NodeJS.ErrnoException) => (error = caught.code ?? caught.message))
		const closed = new Promise((resolve) => socket.on('close', resolve))
		socket.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 104857600\r\n\r\n')
		for (let i = 0; i < 8; i++) socket.write(Buffer.alloc(MB, 0x61))
		await closed
		expect(received, `the answer (socket error: ${error || 'none'})`).toMatch(/^HTTP\/1\.1 413/)
		expect(received).toContain('too large')
		// Closed in order once the answer had time to arrive, not reset under the client.
		expect(error).toBe('')
	})

	test('a client that leaves mid-body ends the app’s wait', async () => {
		const { port, outcomes } = await serve(MB, { idleMs: 5000, totalMs: 10_000 })
		const request = httpRequest({
			port,
			host: '127.0.0.1',
			method: 'POST',
			headers: { 'content-length': 5000 },
		})
		request.on('error', () => {})
		request.write(Buffer.alloc(1000, 0x61))
		await new Promise((resolve) => setTimeout(resolve, 100))
		request.destroy()
		// Node reports it as an 'aborted' error; either way the app's read fails at once.
		await expect.poll(() => outcomes).toHaveLength(1)
		expect(outcomes[0]).toMatch(/^app saw: (aborted|Request body cut off)$/)
	})
})
