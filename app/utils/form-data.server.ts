import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
/**
 * Reading a posted form safely. `request.formData()` throws on a body that is not a form
 * (wrong Content-Type, broken multipart), which Remix turns into a 500. Here those are the
 * client's errors: a 400 or 413 with a Spanish reason, which the error boundary shows.
 *
 * Every body is already capped while it streams by the HTTP server (server/index.js:
 * 256 KB for text forms, 16 MB for multipart), which answers 413 the moment the cap is
 * crossed, bounds the bodies in flight per client address and per process, and closes
 * bodies that stop arriving (server/request-body.js); this reader applies the text forms'
 * cap again so the rule holds wherever the app is served from.
 */

export const formMessages = {
	unreadable: 'No hemos podido leer el formulario enviado. Recarga la página e inténtalo de nuevo.',
	tooLarge: 'El formulario enviado es demasiado grande.',
	crossSite:
		'Este formulario no se ha enviado desde Frasea, así que no lo hemos aceptado. Vuelve a la página e inténtalo de nuevo.',
	busyAddress:
		'Ya hay demasiados envíos en curso desde tu conexión. Espera a que terminen y vuelve a intentarlo.',
	busyServer:
		'Ahora mismo estamos recibiendo demasiados envíos. Vuelve a intentarlo en unos segundos.',
	tooSlow:
		'El envío se ha detenido o iba demasiado lento, así que lo hemos cancelado. Comprueba tu conexión y vuelve a intentarlo.',
} as const

/**
 * The most a request body may carry: a text form, or a multipart form with one image of
 * up to 15 MB and its fields. The HTTP server enforces these while the body streams.
 */
export const BODY_LIMITS = { form: 256 * 1024, multipart: 16 * 1024 * 1024 }

/**
 * What the bodies being received at once may add up to, per client address and per
 * process: each body counts its declared size (a chunked one, its cap) from its first byte
 * until its request is answered. Past it a new body is refused before any of it is read.
 */
export const BODIES_IN_FLIGHT = { perAddress: 48 * 1024 * 1024, perProcess: 128 * 1024 * 1024 }

/** A body must keep arriving: this long without a byte, or in all, and it is refused. */
export const BODY_TIMEOUTS = { idleMs: 20_000, totalMs: 120_000 }

/** No text form of ours comes near this. */
const MAX_FORM_BYTES = BODY_LIMITS.form

/** A text field of a multipart form (the longest of ours is a 1000-character topic). */
const MAX_FIELD_BYTES = 16 * 1024

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i
const MULTIPART = /^\s*multipart\/form-data\s*;/i

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

/**
 * Reads a form that may carry files. Each file is kept up to `maxFileBytes`; past that its
 * bytes are counted and dropped, and its field is named in `oversize`, so the other fields
 * still arrive and the visitor's input is kept (a browser whose body we stopped reading
 * would show a connection error instead). Nothing is kept past BODY_LIMITS.multipart.
 */
export async function readFormWithFiles(request: Request, maxFileBytes: number) {
	const oversize = new Set<string>()
	const contentType = request.headers.get('content-type') ?? ''
	if (!MULTIPART.test(contentType)) return { formData: await readFormData(request), oversize }
	if (Number(request.headers.get('content-length') ?? 0) > BODY_LIMITS.multipart) {
		reject(413, formMessages.tooLarge)
	}
	let total = 0
	const handler: UploadHandler = async ({ name, filename, contentType: type, data }) => {
		const limit = filename !== undefined ? maxFileBytes : MAX_FIELD_BYTES
		const chunks: Uint8Array[] = []
		let size = 0
		for await (const chunk of data) {
			size += chunk.byteLength
			total += chunk.byteLength
			if (total > BODY_LIMITS.multipart) reject(413, formMessages.tooLarge)
			if (size <= limit) chunks.push(chunk)
		}
		if (size > limit) {
			oversize.add(name)
			return undefined
		}
		if (filename === undefined) return Buffer.concat(chunks).toString('utf8')
		// A file input left empty arrives as a part with no name and no bytes.
		return filename ? new File([Buffer.concat(chunks)], filename, { type }) : undefined
	}
	try {
		return { formData: await unstable_parseMultipartFormData(request, handler), oversize }
	} catch (error) {
		// A broken multipart body (no boundary, cut short) is the client's error, not ours.
		if (error instanceof Response) throw error
		reject(400, formMessages.unreadable)
	}
}
