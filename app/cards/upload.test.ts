import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testEngine } from '../../tests/setup/engine'
import {
	deleteUpload,
	readUpload,
	storeUpload,
	UPLOAD_MAX_BYTES,
	UPLOAD_MESSAGES,
	UploadError,
	uploadPath,
} from './upload.server'

let dataDir: string
beforeAll(async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'frasea-uploads-'))
})
afterAll(async () => {
	await rm(dataDir, { recursive: true, force: true })
})

function image(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48) {
	return sharp({ create: { width, height, channels: 4, background: '#3366ccff' } })
		.toFormat(format)
		.toBuffer()
}

/** Streams `total` bytes in 64 KiB chunks, counting how much was pulled. */
function stream(total: number, counter: { pulled: number }) {
	return {
		async *[Symbol.asyncIterator]() {
			const chunk = new Uint8Array(64 * 1024)
			let sent = 0
			while (sent < total) {
				const size = Math.min(chunk.length, total - sent)
				sent += size
				counter.pulled = sent
				yield chunk.subarray(0, size)
			}
		},
	}
}

async function refusal(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(caught: unknown) => caught,
	)
	expect(error).toBeInstanceOf(UploadError)
	return error as UploadError
}

describe('background uploads', () => {
	test('a PNG is accepted whatever its name says (the name is never consulted)', async () => {
		// e.g. "foto.jpg" that is really a PNG: only the bytes count.
		const stored = await storeUpload(await image('png'), { dataDir })
		expect(stored).toMatchObject({
			width: 64,
			height: 48,
			mimeType: 'image/jpeg',
			originalFormat: 'png',
		})
		expect(stored.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
		const bytes = await readUpload(stored.id, { dataDir })
		expect(bytes?.byteLength).toBe(stored.bytes)
		expect((await sharp(bytes as Buffer).metadata()).format).toBe('jpeg')
	})

	test('JPEG and WEBP are accepted, from a stream too', async () => {
		for (const format of ['jpeg', 'webp'] as const) {
			const bytes = await image(format)
			const stored = await storeUpload(
				(async function* () {
					yield bytes.subarray(0, 10)
					yield bytes.subarray(10)
				})(),
				{ dataDir },
			)
			expect(stored.originalFormat).toBe(format)
		}
	})

	test('a text file named .png is refused', async () => {
		const error = await refusal(
			storeUpload(new TextEncoder().encode('hola, no soy una imagen'), { dataDir }),
		)
		expect(error.message).toBe(UPLOAD_MESSAGES.format)
		expect(error.message).toBe('Formato de archivo no válido. Por favor, usa JPG, PNG o WEBP.')
	})

	test('other image formats and empty files are refused', async () => {
		expect((await refusal(storeUpload(await image('gif'), { dataDir }))).code).toBe('format')
		const svg = new TextEncoder().encode(
			'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>',
		)
		expect((await refusal(storeUpload(svg, { dataDir }))).code).toBe('format')
		expect((await refusal(storeUpload(new Uint8Array(), { dataDir }))).code).toBe('format')
		const truncated = (await image('png', 400, 400)).subarray(0, 120)
		expect((await refusal(storeUpload(truncated, { dataDir }))).code).toBe('format')
	})

	test('10 MB + 1 byte is refused while streaming, without reading the rest', async () => {
		const counter = { pulled: 0 }
		const error = await refusal(storeUpload(stream(UPLOAD_MAX_BYTES + 1, counter), { dataDir }))
		expect(error.message).toBe('El archivo es demasiado grande. Tamaño máximo: 10MB.')
		expect(error.code).toBe('size')

		const huge = { pulled: 0 }
		await refusal(storeUpload(stream(500 * 1024 * 1024, huge), { dataDir }))
		expect(huge.pulled).toBeLessThanOrEqual(UPLOAD_MAX_BYTES + 64 * 1024)

		const bytes = new Uint8Array(UPLOAD_MAX_BYTES + 1)
		expect((await refusal(storeUpload(bytes, { dataDir }))).code).toBe('size')
	})

	test('exactly 10 MB passes the size check', async () => {
		// Not an image, so it fails on format, not size.
		const error = await refusal(storeUpload(stream(UPLOAD_MAX_BYTES, { pulled: 0 }), { dataDir }))
		expect(error.code).toBe('format')
	})

	test('strips metadata, applies the EXIF orientation and caps the long side', async () => {
		const rotated = await sharp({
			create: { width: 200, height: 100, channels: 3, background: '#884422' },
		})
			.jpeg()
			.withMetadata({ orientation: 6 })
			.withExif({ IFD0: { Artist: 'Secret Person', Copyright: 'GPS somewhere' } })
			.toBuffer()
		const stored = await storeUpload(rotated, { dataDir })
		expect([stored.width, stored.height]).toEqual([100, 200])
		const metadata = await sharp((await readUpload(stored.id, { dataDir })) as Buffer).metadata()
		expect(metadata.exif).toBeUndefined()
		expect(metadata.orientation).toBeUndefined()

		const big = await image('png', 4000, 1000)
		const capped = await storeUpload(big, { dataDir })
		expect([capped.width, capped.height]).toEqual([2560, 640])
	})

	test('ids never reach outside the uploads folder', async () => {
		expect(uploadPath('../../etc/passwd', dataDir)).toBeNull()
		expect(await readUpload('../secret', { dataDir })).toBeNull()
		const stored = await storeUpload(await image('png'), { dataDir })
		await deleteUpload(stored.id, { dataDir })
		expect(await readUpload(stored.id, { dataDir })).toBeNull()
		if (testEngine() === 'sqlite') {
			const left = await readdir(path.join(dataDir, 'uploads'))
			expect(left.every((name) => name.endsWith('.jpg'))).toBe(true)
		} else {
			// The bytes are in the database: nothing is ever written to the folder.
			expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false)
		}
	})
})
