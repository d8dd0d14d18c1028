/**
 * Reading a generator form: multipart with an image capped while it streams, and the
 * image's real type taken from its bytes.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import sharp from 'sharp'
import { formMessages, readFormData } from '~/utils/form-data.server'
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, type Page } from './options'
import { VALIDATION_MESSAGES } from './validation-messages'

const MAX_FIELD_BYTES = 16 * 1024
const MAX_REQUEST_BYTES = 64 * 1024 * 1024

/**
 * Reads the form, multipart or not. The image is capped while it streams: past 15 MB the
 * rest of the file is read and dropped (so the other fields still arrive and the visitor's
 * input is kept), and the request is refused outright past 64 MB.
 */
export async function readGeneratorForm(request: Request) {
	const declared = Number(request.headers.get('content-length') ?? 0)
	if (declared > MAX_REQUEST_BYTES) {
		throw new Response(VALIDATION_MESSAGES.imageTooLarge, { status: 413 })
	}
	const contentType = request.headers.get('content-type') ?? ''
	if (!contentType.startsWith('multipart/form-data')) {
		return { formData: await readFormData(request), oversize: false }
	}
	let oversize = false
	let total = 0
	const handler: UploadHandler = async ({ name, filename, contentType: type, data: stream }) => {
		const chunks: Uint8Array[] = []
		let size = 0
		const limit = filename !== undefined ? MAX_IMAGE_BYTES : MAX_FIELD_BYTES
		for await (const chunk of stream) {
			size += chunk.byteLength
			total += chunk.byteLength
			if (total > MAX_REQUEST_BYTES) {
				throw new Response(VALIDATION_MESSAGES.imageTooLarge, { status: 413 })
			}
			if (size <= limit) chunks.push(chunk)
		}
		if (size > limit) {
			if (name === 'image') oversize = true
			return undefined
		}
		if (filename !== undefined) {
			return filename ? new File([Buffer.concat(chunks)], filename, { type }) : undefined
		}
		return Buffer.concat(chunks).toString('utf8')
	}
	try {
		const formData = await unstable_parseMultipartFormData(request, handler)
		return { formData, oversize }
	} catch (error) {
		// A broken multipart body (no boundary, cut short) is the client's error, not ours.
		if (error instanceof Response) throw error
		throw new Response(formMessages.unreadable, { status: 400 })
	}
}

/** The image's real type, from its bytes; null when it is not an accepted picture. */
export async function sniffImage(page: Page, file: File) {
	const buffer = Buffer.from(await file.arrayBuffer())
	try {
		const { format } = await sharp(buffer, { animated: false }).metadata()
		const mimeType = format === 'jpeg' ? 'image/jpeg' : `image/${format}`
		if (!(IMAGE_MIME_TYPES[page] as readonly string[]).includes(mimeType)) return null
		return { mimeType, data: buffer }
	} catch {
		return null
	}
}
