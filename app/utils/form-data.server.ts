/**
 * Reading a posted form safely. `request.formData()` throws on a body that is not a form
 * (wrong Content-Type, broken multipart), which Remix turns into a 500. Here those are the
 * client's errors: a 400 or 413 with a Spanish reason, which the error boundary shows.
 *
 * Every body is already capped while it streams by the HTTP server (server/index.js:
 * 256 KB for text forms, 16 MB for multipart), which answers 413 the moment the cap is
 * crossed; this reader applies the text forms' cap again so the rule holds wherever the
 * app is served from.
 */

export const formMessages = {
	unreadable: 'No hemos podido leer el formulario enviado. Recarga la página e inténtalo de nuevo.',
	tooLarge: 'El formulario enviado es demasiado grande.',
	crossSite:
		'Este formulario no se ha enviado desde Frasea, así que no lo hemos aceptado. Vuelve a la página e inténtalo de nuevo.',
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

export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES) {
	const contentType = request.headers.get('content-type') ?? ''
	if (!FORM_TYPES.test(contentType)) reject(400, formMessages.unreadable)
	if (Number(request.headers.get('content-length') ?? 0) > maxBytes) {
		reject(413, formMessages.tooLarge)
	}
	// A chunked body declares no length: count while reading, and stop at the cap.
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
			if (size > maxBytes) {
				await reader.cancel().catch(() => {})
				reject(413, formMessages.tooLarge)
			}
			chunks.push(result.value)
		}
	}
	try {
		return await new Response(Buffer.concat(chunks), {
			headers: { 'Content-Type': contentType },
		}).formData()
	} catch {
		reject(400, formMessages.unreadable)
	}
}
