import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { EXIF_TAGS, readExifDescription, readExifText } from './jpeg-metadata'
import { cardFileName, zipFileName } from './file-names'
import { renderAllSizesZip, renderCard, renderPreview } from './render.server'
import { PLATFORM_SIZES, SIZE_KEYS } from './sizes'
import { createCardState } from './state'

const text = '¿Y si hoy fuera el día? Ñandú, acción y corazón ❤️'
const base = createCardState({ text, index: 3, seed: 99, background: 'nature' })

async function solidImage(color: string, width = 300, height = 200) {
	return sharp({ create: { width, height, channels: 3, background: color } })
		.png()
		.toBuffer()
}

describe('renderCard', () => {
	test.each(SIZE_KEYS)('%s renders a JPEG at the exact platform size', async (size) => {
		const jpeg = await renderCard({ ...base, size }, { provider: 'procedural' })
		const metadata = await sharp(jpeg).metadata()
		expect(metadata.format).toBe('jpeg')
		expect([metadata.width, metadata.height]).toEqual([
			PLATFORM_SIZES[size].width,
			PLATFORM_SIZES[size].height,
		])
	})

	test('writes the phrase into the EXIF and XMP metadata', async () => {
		const jpeg = await renderCard(base, { provider: 'procedural' })
		const metadata = await sharp(jpeg).metadata()
		expect(metadata.exif).toBeDefined()
		expect(readExifDescription(metadata.exif as Buffer)).toBe(text)
		expect(metadata.xmp?.toString('utf8')).toContain(
			'<rdf:li xml:lang="x-default">¿Y si hoy fuera el día? Ñandú, acción y corazón ❤️</rdf:li>',
		)
		// Escaped, not injected.
		const tricky = await renderCard(
			{ ...base, text: '<b>Amor & "paz"</b>' },
			{ provider: 'procedural' },
		)
		const xmp = (await sharp(tricky).metadata()).xmp?.toString('utf8')
		expect(xmp).toContain('&lt;b&gt;Amor &amp; &quot;paz&quot;&lt;/b&gt;')
	})

	test('a phrase of emoji only: the JPEG shows them in colour where they are', async () => {
		// 😀 is yellow: count yellow pixels in the middle of the card, where the phrase is.
		const yellowInTheMiddle = async (text: string) => {
			const jpeg = await renderCard(
				{ ...base, text, size: 'instagram_square', overlay: 0.5 },
				{ provider: 'procedural' },
			)
			const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })
			let yellow = 0
			for (let y = 440; y < 640; y++) {
				for (let x = 340; x < 740; x++) {
					const at = (y * info.width + x) * info.channels
					const [r = 0, g = 0, b = 0] = [data[at], data[at + 1], data[at + 2]]
					if (r > 200 && g > 150 && b < 90) yellow++
				}
			}
			return yellow
		}
		expect(await yellowInTheMiddle('😀😀')).toBeGreaterThan(2000)
		expect(await yellowInTheMiddle('Hola')).toBeLessThan(50)
	})

	test('the handle is drawn and is the EXIF Artist and XMP creator', async () => {
		const marked = { ...base, handle: '@mi_cuenta', corner: 'top-left' as const }
		const jpeg = await renderCard(marked, { provider: 'procedural' })
		const metadata = await sharp(jpeg).metadata()
		expect(readExifText(metadata.exif as Buffer, EXIF_TAGS.artist)).toBe('@mi_cuenta')
		expect(readExifDescription(metadata.exif as Buffer)).toBe(text)
		expect(metadata.xmp?.toString('utf8')).toContain(
			'<dc:creator><rdf:Seq><rdf:li>@mi_cuenta</rdf:li></rdf:Seq></dc:creator>',
		)
		const plain = await renderCard(base, { provider: 'procedural' })
		expect(readExifText((await sharp(plain).metadata()).exif as Buffer, EXIF_TAGS.artist)).toBe(
			null,
		)
		expect(jpeg.equals(plain)).toBe(false)
	})

	test('the same state renders the same bytes', async () => {
		const first = await renderCard(base, { provider: 'procedural' })
		const second = await renderCard(base, { provider: 'procedural' })
		expect(first.equals(second)).toBe(true)
	})

	test('previews keep the aspect ratio at a smaller width', async () => {
		const preview = await renderPreview({ ...base, size: 'facebook_post' })
		expect(await sharp(preview).metadata()).toMatchObject({ width: 540, height: 284 })
		const small = await renderCard(
			{ ...base, size: 'instagram_story' },
			{ width: 270, provider: 'procedural' },
		)
		expect(await sharp(small).metadata()).toMatchObject({ width: 270, height: 480 })
		// Never larger than the real card.
		const capped = await renderCard({ ...base, size: 'whatsapp' }, { width: 5000 })
		expect(await sharp(capped).metadata()).toMatchObject({ width: 800, height: 800 })
	})

	test('draws an uploaded background, covering the card', async () => {
		const red = await solidImage('#ff0000', 100, 400)
		const jpeg = await renderCard(
			{ ...base, overlay: 0, text: 'x', size: 'facebook_post' },
			{ background: red },
		)
		const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })
		// Top-left corner is the upload's red, not a procedural background.
		expect(data[0]).toBeGreaterThan(200)
		expect(data[1]).toBeLessThan(30)
		expect(data[2]).toBeLessThan(30)
	})

	test('the contrast guard darkens a white background behind white text', async () => {
		const white = await solidImage('#ffffff')
		const jpeg = await renderCard({ ...base, overlay: 0 }, { background: white })
		const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })
		// Overlay raised until white text reaches 4.5:1: the corner is at most ~#767676.
		expect(data[0]).toBeLessThanOrEqual(0x77)
		expect(data[0]).toBeGreaterThan(0x20)
	})
})

describe('renderAllSizesZip', () => {
	test('holds the card in all 10 sizes, each named and sized right', async () => {
		const zip = await renderAllSizesZip(base, { provider: 'procedural' })
		const entries = unzipSync(zip)
		expect(Object.keys(entries).sort()).toEqual(
			SIZE_KEYS.map((size) => cardFileName(3, size)).sort(),
		)
		for (const size of SIZE_KEYS) {
			const entry = entries[`frase-3-${size}.jpg`] as Uint8Array
			const metadata = await sharp(entry).metadata()
			expect([metadata.format, metadata.width, metadata.height]).toEqual([
				'jpeg',
				PLATFORM_SIZES[size].width,
				PLATFORM_SIZES[size].height,
			])
		}
	})

	test('every size carries the handle: drawn, and as the EXIF Artist', async () => {
		const marked = { ...base, handle: '@mi_cuenta', corner: 'bottom-left' as const }
		const [withHandle, without] = await Promise.all([
			renderAllSizesZip(marked, { provider: 'procedural' }).then(unzipSync),
			renderAllSizesZip(base, { provider: 'procedural' }).then(unzipSync),
		])
		for (const size of SIZE_KEYS) {
			const name = cardFileName(3, size)
			const entry = withHandle[name] as Uint8Array
			const exif = (await sharp(entry).metadata()).exif as Buffer
			expect(readExifText(exif, EXIF_TAGS.artist), size).toBe('@mi_cuenta')
			expect(readExifDescription(exif), size).toBe(text)
			expect(Buffer.from(entry).equals(Buffer.from(without[name] as Uint8Array)), size).toBe(false)
		}
	})

	test('file names follow frase-{index}-{sizeKey}', () => {
		expect(cardFileName(2, 'instagram_story')).toBe('frase-2-instagram_story.jpg')
		expect(zipFileName(2)).toBe('frase-2-todos-los-tamanos.zip')
	})
})
