import { request as httpRequest, type IncomingMessage } from 'node:http'

/** A POST whose body the caller writes, over a socket of its own. */
function rawPost(
	url: URL,
	headers: Record<string, string>,
	onResponse?: (response: IncomingMessage) => void,
) {
	return httpRequest(
		{
			host: url.hostname,
			port: url.port,
			path: url.pathname + url.search,
			method: 'POST',
			headers,
		},
		onResponse,
	)
}

export type StreamedReply = { status: number; text: string; sent: number }

/**
 * A POST over a raw socket, so the answer is read even when the server refuses before the
 * body is through (fetch would only report the broken pipe):
 * - `{ length, withBody }` declares a Content-Length and sends that many bytes, or only the
 *   headers when `withBody` is false;
 * - `{ chunked }` streams that many bytes with chunked encoding, and stops at the answer.
 * `sent` says how many body bytes went out before the answer.
 */
export function postStreaming(
	url: URL,
	headers: Record<string, string>,
	body: { length: number; withBody: boolean } | { chunked: number },
	chunkSize = 64 * 1024,
): Promise<StreamedReply> {
	return new Promise((resolve, reject) => {
		let answered = false
		let sent = 0
		const request = rawPost(
			url,
			{
				...headers,
				...('length' in body
					? { 'content-length': String(body.length) }
					: { 'transfer-encoding': 'chunked' }),
			},
			(response) => {
				answered = true
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () => {
					request.destroy()
					resolve({
						status: response.statusCode ?? 0,
						text: Buffer.concat(chunks).toString('utf8'),
						sent,
					})
				})
			},
		)
		// The server closes the connection once it has answered: that is the point.
		request.on('error', (error) => {
			if (!answered) reject(error)
		})
		if ('length' in body) {
			if (body.withBody) {
				sent = body.length
				request.end('x'.repeat(body.length))
			} else {
				request.flushHeaders()
			}
			return
		}
		const chunk = Buffer.alloc(chunkSize, 0x78)
		const pump = () => {
			while (!answered && sent < body.chunked) {
				const piece = chunk.subarray(0, Math.min(chunk.length, body.chunked - sent))
				sent += piece.length
				if (!request.write(piece)) return void request.once('drain', pump)
			}
			if (!answered) request.end()
		}
		pump()
	})
}

export type StalledUpload = {
	/** The answer's status, 0 while none came. */
	status: number
	text: string
	/** File bytes written before stalling (or before the answer). */
	sent: number
	/** The server closed the connection (with or without an answer). */
	closed: boolean
	/** Settles once the server answered in full or closed the connection. */
	settled: Promise<void>
	destroy(): void
}

/**
 * A multipart upload that never finishes: it sends a form field and `bytes` of an image,
 * then stalls, its declared Content-Length still 1 KB short of arriving (what a slow or
 * hostile client does). Resolves once those bytes are out, or once the server answered or
 * closed the connection before that.
 */
export function stalledUpload(
	url: URL,
	headers: Record<string, string>,
	bytes: number,
): Promise<StalledUpload> {
	const boundary = '----frasea-stalled-upload'
	const head = Buffer.from(
		`--${boundary}\r\ncontent-disposition: form-data; name="intent"\r\n\r\ngenerate\r\n` +
			`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="foto.jpg"\r\n` +
			'content-type: image/jpeg\r\n\r\n',
	)
	const declared = head.length + bytes + 1024 + `\r\n--${boundary}--\r\n`.length
	let settle = () => {}
	const upload: StalledUpload = {
		status: 0,
		text: '',
		sent: 0,
		closed: false,
		settled: new Promise<void>((resolve) => (settle = resolve)),
		destroy: () => request.destroy(),
	}
	const request = rawPost(url, {
		...headers,
		'content-type': `multipart/form-data; boundary=${boundary}`,
		'content-length': String(declared),
	})
	return new Promise((resolve) => {
		const done = () => {
			upload.closed = true
			settle()
			resolve(upload)
		}
		request.on('response', (response) => {
			upload.status = response.statusCode ?? 0
			response.setEncoding('utf8')
			response.on('data', (chunk: string) => (upload.text += chunk))
			response.on('end', () => {
				settle()
				resolve(upload)
			})
		})
		request.on('error', done)
		request.on('close', done)
		request.write(head)
		const chunk = Buffer.alloc(64 * 1024, 0x41)
		const pump = () => {
			while (upload.sent < bytes && !upload.closed && upload.status === 0) {
				const piece = chunk.subarray(0, Math.min(chunk.length, bytes - upload.sent))
				upload.sent += piece.length
				if (!request.write(piece)) return void request.once('drain', pump)
			}
			resolve(upload)
		}
		pump()
	})
}
