/**
 * Reading a posted form safely. `request.formData()` buffers a body of any size and throws
 * on a body that is not a form (wrong Content-Type, broken multipart), which Remix turns
 * into a 500. Here those are the client's errors: a 400 or 413 with a Spanish reason, which
 * the error boundary shows.
 */

export const formMessages = {
	unreadable: 'No hemos podido leer el formulario enviado. Recarga la página e inténtalo de nuevo.',
	tooLarge: 'El formulario enviado es demasiado grande.',
} as const

/** No text form of ours comes near this; uploads go through their own capped parser. */
export const MAX_FORM_BYTES = 256 * 1024

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i

function reject(status: 400 | 413, message: string): never {
	throw new Response(message, {
		status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	})
}

/**
 * Past the cap the rest of the body is still read (and dropped) up to this size, so the
 * browser gets our 413 page instead of a connection reset while it is still sending.
 */
const DRAIN_BYTES = 16 * 1024 * 1024

export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES) {
	const contentType = request.headers.get('content-type') ?? ''
	if (!FORM_TYPES.test(contentType)) reject(400, formMessages.unreadable)
	if (Number(request.headers.get('content-length') ?? 0) > DRAIN_BYTES) {
		reject(413, formMessages.tooLarge)
	}
	// A chunked body declares no length: count while reading.
	const chunks: Uint8Array[] = []
	let size = 0
	if (request.body) {
		const reader = request.body.getReader()
		for (;;) {
			let result: ReadableStreamReadResult<Uint8Array>
			try {
				result = await reader.read()
			} catch {
				reject(400, formMessages.unreadable)
			}
			if (result.done) break
			size += result.value.byteLength
			if (size > DRAIN_BYTES) {
				await reader.cancel().catch(() => {})
				break
			}
			if (size <= maxBytes) chunks.push(result.value)
		}
	}
	if (size > maxBytes) reject(413, formMessages.tooLarge)
	try {
		return await new Response(Buffer.concat(chunks), {
			headers: { 'Content-Type': contentType },
		}).formData()
	} catch {
		reject(400, formMessages.unreadable)
	}
}
