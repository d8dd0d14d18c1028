import { randomBytes } from 'node:crypto'
import path from 'node:path'
import sharp, { type OutputInfo } from 'sharp'
import { fileStore } from '~/storage/files.server'
import { Limiter, QueueFullError } from '~/utils/concurrency.server'
import { getEnv } from '~/utils/env.server'
import { CARD_LIMITS } from './limits'
import { UPLOAD_LIMIT_MESSAGES } from './messages'

/**
 * Custom card backgrounds. The format is checked from the bytes (never the file name or
 * the declared type), the size while streaming, and the image is re-encoded without its
 * metadata before it is stored (`uploads/{id}.jpg` in the file store: DATA_DIR on SQLite,
 * the database on PostgreSQL). The `uploads` row is the caller's.
 */

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024
/** Longest side kept; larger images are scaled down (the biggest card side is 1920). */
const UPLOAD_MAX_SIDE = 2560
/** Refuse decompression bombs before decoding them. */
const MAX_INPUT_PIXELS = 80_000_000
const STORED_QUALITY = 88

export const UPLOAD_MESSAGES = {
	format: 'Formato de archivo no válido. Por favor, usa JPG, PNG o WEBP.',
	size: 'El archivo es demasiado grande. Tamaño máximo: 10MB.',
	failed: 'Error al subir la imagen',
	busy: UPLOAD_LIMIT_MESSAGES.busy,
} as const

/**
 * Decoding and re-encoding an upload takes memory and CPU in proportion to its pixels (up
 * to 80 megapixels): a few at once, a short queue, and "busy" beyond it.
 */
export const decodeLimiter = new Limiter(
	'upload decoding',
	CARD_LIMITS.decodeConcurrency,
	CARD_LIMITS.decodeQueue,
)

export class UploadError extends Error {
	constructor(
		readonly code: keyof typeof UPLOAD_MESSAGES,
		message: string = UPLOAD_MESSAGES[code],
	) {
		super(message)
		this.name = 'UploadError'
	}
}

export interface StoredUpload {
	id: string
	width: number
	height: number
	/** Size of the stored (re-encoded) file. */
	bytes: number
	mimeType: 'image/jpeg'
	/** Size and format of what was sent. */
	originalBytes: number
	originalFormat: 'jpeg' | 'png' | 'webp'
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])
const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/

export function uploadsDir(dataDir?: string) {
	return path.join(dataDir ?? getEnv().dataDir, 'uploads')
}

/** An upload's key in the file store, or null for an id that is not one of ours. */
export function uploadKey(id: string): string | null {
	return UPLOAD_ID.test(id) ? `uploads/${id}.jpg` : null
}

/** The upload id a store key names, or null (a temporary leftover, say). */
export function uploadIdOfKey(key: string): string | null {
	const id = /^uploads\/(.+)\.jpg$/.exec(key)?.[1]
	return id && UPLOAD_ID.test(id) ? id : null
}

/** Where an upload's file lives on SQLite, or null for an id that is not one of ours. */
export function uploadPath(id: string, dataDir?: string): string | null {
	if (!UPLOAD_ID.test(id)) return null
	return path.join(uploadsDir(dataDir), `${id}.jpg`)
}

/**
 * Reads an upload from a stream, counting bytes as they arrive: past 10 MB it stops
 * reading and throws, so a huge upload is never held in memory.
 */
async function readLimited(
	source: AsyncIterable<Uint8Array> | Uint8Array,
	maxBytes = UPLOAD_MAX_BYTES,
): Promise<Buffer> {
	if (source instanceof Uint8Array) {
		if (source.byteLength > maxBytes) throw new UploadError('size')
		return Buffer.from(source.buffer, source.byteOffset, source.byteLength)
	}
	const chunks: Uint8Array[] = []
	let total = 0
	for await (const chunk of source) {
		total += chunk.byteLength
		if (total > maxBytes) throw new UploadError('size')
		chunks.push(chunk)
	}
	return Buffer.concat(chunks, total)
}

/** Checks the bytes are a JPG, PNG or WEBP image; returns its format. */
async function detectImageFormat(bytes: Uint8Array): Promise<'jpeg' | 'png' | 'webp'> {
	if (bytes.byteLength === 0) throw new UploadError('format')
	let format: string | undefined
	try {
		const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
		format = metadata.format
		if (!metadata.width || !metadata.height) format = undefined
	} catch {
		format = undefined
	}
	if (!format || !ACCEPTED_FORMATS.has(format)) throw new UploadError('format')
	return format as 'jpeg' | 'png' | 'webp'
}

type Encoded = { data: Buffer; info: OutputInfo }

/** Checks the format from the bytes, then re-encodes; under decodeLimiter. */
async function reencode(original: Buffer) {
	const originalFormat = await detectImageFormat(original)
	let output: Encoded
	try {
		output = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
			.rotate()
			.resize({
				width: UPLOAD_MAX_SIDE,
				height: UPLOAD_MAX_SIDE,
				fit: 'inside',
				withoutEnlargement: true,
			})
			.flatten({ background: '#ffffff' })
			.jpeg({ quality: STORED_QUALITY })
			.toBuffer({ resolveWithObject: true })
	} catch {
		// Truncated or corrupt data that passed the header check.
		throw new UploadError('format')
	}
	return { originalFormat, output }
}

/**
 * Validates, re-encodes (auto-rotated, metadata stripped, long side capped, transparency
 * flattened on white) and stores an uploaded background. Throws UploadError with the
 * agreed Spanish message when the file is refused.
 */
export async function storeUpload(
	source: AsyncIterable<Uint8Array> | Uint8Array,
	options: { dataDir?: string } = {},
): Promise<StoredUpload> {
	const original = await readLimited(source)
	let decoded: Awaited<ReturnType<typeof reencode>>
	try {
		decoded = await decodeLimiter.run(() => reencode(original))
	} catch (error) {
		if (error instanceof QueueFullError) throw new UploadError('busy')
		throw error
	}
	const { originalFormat, output } = decoded

	const id = randomBytes(16).toString('base64url')
	await fileStore(options.dataDir).put(uploadKey(id) as string, output.data, 'image/jpeg')
	return {
		id,
		width: output.info.width,
		height: output.info.height,
		bytes: output.data.byteLength,
		mimeType: 'image/jpeg',
		originalBytes: original.byteLength,
		originalFormat,
	}
}

/** The stored JPEG of an upload, or null when it does not exist. */
export async function readUpload(id: string, options: { dataDir?: string } = {}) {
	const key = uploadKey(id)
	return key ? fileStore(options.dataDir).get(key) : null
}

export async function deleteUpload(id: string, options: { dataDir?: string } = {}) {
	const key = uploadKey(id)
	if (key) await fileStore(options.dataDir).delete(key)
}
