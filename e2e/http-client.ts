import { request as httpRequest } from 'node:http'

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
		const request = httpRequest(
			{
				host: url.hostname,
				port: url.port,
				path: url.pathname + url.search,
				method: 'POST',
				headers: {
					...headers,
					...('length' in body
						? { 'content-length': String(body.length) }
						: { 'transfer-encoding': 'chunked' }),
				},
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
