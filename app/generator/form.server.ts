/** Reading a generator form, and the image's real type taken from its bytes. */
import sharp from 'sharp'
import { readFormWithFiles } from '~/utils/form-data.server'
import { MAX_IMAGE_BYTES } from '~/generation/options'
import { GENERATOR_PAGES, type Page } from './pages'

/**
 * Reads the form, multipart or not. An image over 15 MB is dropped while it streams
 * (`oversize`), and the other fields still arrive, so the visitor's input is kept.
 */
export async function readGeneratorForm(request: Request) {
	const { formData, oversize } = await readFormWithFiles(request, MAX_IMAGE_BYTES)
	return { formData, oversize: oversize.has('image') }
}

/** The image's real type, from its bytes; null when it is not an accepted picture. */
export async function sniffImage(page: Page, file: File) {
	const buffer = Buffer.from(await file.arrayBuffer())
	try {
		const { format } = await sharp(buffer, { animated: false }).metadata()
		const mimeType = format === 'jpeg' ? 'image/jpeg' : `image/${format}`
		const accepted: readonly string[] = GENERATOR_PAGES[page].imageTypes
		if (!accepted.includes(mimeType)) return null
		return { mimeType, data: buffer }
	} catch {
		return null
	}
}
