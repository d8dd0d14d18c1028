// @ts-check
/**
 * How the HTTP server takes in request bodies, so that no client can make the process hold
 * more memory than these bounds, whatever the app does with the body later:
 * - every body is capped while it streams (413 the moment it crosses its cap);
 * - the bodies being received at once may only add up to a share per client address and a
 *   total per process, counted from their declared size before a byte is read (429 / 503);
 * - a body must keep arriving: stalled for too long, or too slow in all, it is refused
 *   with a 408 and its connection closed.
 */

/**
 * The bodies in flight, per client address and in total. A body reserves its size before
 * any of it is read and gives it back once its request has been answered (or its client
 * left): until then the app may hold it in memory.
 */
export class BodiesInFlight {
	/** @param {{ perAddress: number, perProcess: number }} limits */
	constructor(limits) {
		this.limits = limits
		this.total = 0
		/** @type {Map<string, number>} */
		this.byAddress = new Map()
	}

	/**
	 * Reserves `bytes` for a body from `address`. Returns the function that gives them back
	 * (safe to call more than once), or which share is full.
	 * @param {string} address
	 * @param {number} bytes
	 * @returns {{ ok: true, release: () => void } | { ok: false, scope: 'address' | 'process' }}
	 */
	reserve(address, bytes) {
		const own = this.byAddress.get(address) ?? 0
		if (own + bytes > this.limits.perAddress) return { ok: false, scope: 'address' }
		if (this.total + bytes > this.limits.perProcess) return { ok: false, scope: 'process' }
		this.byAddress.set(address, own + bytes)
		this.total += bytes
		let released = false
		return {
			ok: true,
			release: () => {
				if (released) return
				released = true
				this.total -= bytes
				const left = (this.byAddress.get(address) ?? 0) - bytes
				if (left > 0) this.byAddress.set(address, left)
				else this.byAddress.delete(address)
			},
		}
	}

	/** Bytes reserved by one address (for tests and diagnostics). */
	reservedBy(/** @type {string} */ address) {
		return this.byAddress.get(address) ?? 0
	}
}

/** After a refusal, what the client is still sending is read and dropped up to this. */
const DRAIN_AFTER_REFUSAL = 1024 * 1024
/**
 * Once answered, what the client still sends is read and dropped for this long before the
 * connection is closed. A client uploading a large file reads the answer only between its
 * writes; closing a socket with unread data resets it, and the reset (EPIPE on its next
 * write) can reach it before the answer does, leaving it with an error instead of our
 * reason. Bounded in time, so an endless body still ends here.
 */
const LINGER_AFTER_ANSWER_MS = 2000

/**
 * The request body as a web stream that errors as soon as it crosses `limit` bytes
 * (`onExceeded` answers the 413), stalls for `timeouts.idleMs` or takes longer than
 * `timeouts.totalMs` in all (`onTimeout` answers the 408), or is cut off by the client.
 * Bytes past the cap are never kept; past the cap plus a small drain the socket is closed,
 * so an endless chunked body ends there. While the app is not reading (backpressure), the
 * idle clock stops: only the client's silence counts.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ limit: number, timeouts: { idleMs: number, totalMs: number }, onExceeded: () => void, onTimeout: () => void }} options
 * @returns {ReadableStream<Uint8Array>}
 */
export function cappedBody(req, res, { limit, timeouts, onExceeded, onTimeout }) {
	let received = 0
	let open = true
	/** @type {NodeJS.Timeout | undefined} */
	let idle
	/** @type {NodeJS.Timeout | undefined} */
	let total
	/** @type {ReadableStreamDefaultController<Uint8Array>} */
	let stream
	const stopClocks = () => {
		clearTimeout(idle)
		clearTimeout(total)
	}
	const fail = (/** @type {Error} */ error) => {
		if (!open) return
		open = false
		stopClocks()
		stream.error(error)
	}
	const timedOut = () => {
		if (!open) return
		fail(new Error('Request body too slow'))
		onTimeout()
		// Whatever still trickles in is dropped; the answer closes the connection.
		req.resume()
	}
	const waitForClient = () => {
		clearTimeout(idle)
		if (open) idle = setTimeout(timedOut, timeouts.idleMs)
	}
	/** @type {NodeJS.Timeout | undefined} */
	let linger
	// Answered without reading the whole body (a redirect, a 404, a refusal): drop the rest,
	// so the connection can serve the client's next request, or close it once the client
	// had the time to read the answer.
	res.once('finish', () => {
		open = false
		stopClocks()
		req.resume()
		if (!req.complete) linger = setTimeout(() => req.destroy(), LINGER_AFTER_ANSWER_MS)
	})
	req.once('close', () => clearTimeout(linger))
	return new ReadableStream({
		start(controller) {
			stream = controller
			total = setTimeout(timedOut, timeouts.totalMs)
			waitForClient()
			req.on('data', (/** @type {Buffer} */ chunk) => {
				received += chunk.byteLength
				// Past the cap the body is dropped; once the answer is out, for a while only.
				if (received > limit + DRAIN_AFTER_REFUSAL && !res.writableFinished) {
					req.destroy()
					return
				}
				if (!open) return
				if (received > limit) {
					fail(new Error('Request body over its limit'))
					onExceeded()
					return
				}
				controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
				if ((controller.desiredSize ?? 0) <= 0) {
					req.pause()
					clearTimeout(idle)
				} else {
					waitForClient()
				}
			})
			req.on('end', () => {
				if (open) controller.close()
				open = false
				stopClocks()
			})
			req.on('error', (error) => fail(error))
			// The client went away before the body was complete: the app stops waiting for it.
			req.on('close', () => {
				if (!req.complete) fail(new Error('Request body cut off'))
				stopClocks()
			})
		},
		pull() {
			if (!open) return
			req.resume()
			waitForClient()
		},
		cancel() {
			// The app stopped reading early: drop the rest (still capped above).
			open = false
			stopClocks()
			req.resume()
		},
	})
}
