/**
 * Writes the phrase (and the owner's handle) into a JPEG's metadata without re-encoding
 * it: an EXIF segment with ImageDescription and Artist (UTF-8, as most readers expect) and
 * an XMP segment with dc:description and dc:creator (the standard places for Unicode
 * text). Pure byte work on Uint8Array, so the browser can tag its canvas downloads the
 * same way the server does.
 */

import { type CardState } from './params'

const encoder = new TextEncoder()

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00] // "Exif\0\0"
const XMP_NAMESPACE = 'http://ns.adobe.com/xap/1.0/\0'
const MAX_SEGMENT = 0xffff - 2

function segment(marker: number, payload: Uint8Array): Uint8Array {
	if (payload.length > MAX_SEGMENT) throw new Error('JPEG metadata segment too large')
	const bytes = new Uint8Array(payload.length + 4)
	bytes[0] = 0xff
	bytes[1] = marker
	bytes[2] = ((payload.length + 2) >> 8) & 0xff
	bytes[3] = (payload.length + 2) & 0xff
	bytes.set(payload, 4)
	return bytes
}

interface AsciiEntry {
	tag: number
	value: Uint8Array
}

/** A little-endian TIFF structure with one IFD of ASCII entries. */
function exifPayload(entries: AsciiEntry[]): Uint8Array {
	const ifdSize = 2 + entries.length * 12 + 4
	const dataSize = entries.reduce((sum, entry) => sum + entry.value.length + 1 + 1, 0)
	const tiff = new Uint8Array(8 + ifdSize + dataSize)
	const view = new DataView(tiff.buffer)
	tiff.set([0x49, 0x49, 0x2a, 0x00]) // "II*\0"
	view.setUint32(4, 8, true)
	view.setUint16(8, entries.length, true)
	let dataOffset = 8 + ifdSize
	entries
		.slice()
		.sort((a, b) => a.tag - b.tag)
		.forEach((entry, index) => {
			const at = 10 + index * 12
			const count = entry.value.length + 1 // NUL-terminated
			view.setUint16(at, entry.tag, true)
			view.setUint16(at + 2, 2, true) // ASCII
			view.setUint32(at + 4, count, true)
			if (count <= 4) {
				tiff.set(entry.value, at + 8)
			} else {
				view.setUint32(at + 8, dataOffset, true)
				tiff.set(entry.value, dataOffset)
				dataOffset += count + (count % 2) // keep offsets even
			}
		})
	view.setUint32(10 + entries.length * 12, 0, true)
	const payload = new Uint8Array(EXIF_HEADER.length + dataOffset)
	payload.set(EXIF_HEADER)
	payload.set(tiff.subarray(0, dataOffset), EXIF_HEADER.length)
	return payload
}

function escapeXml(text: string) {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
}

function xmpPayload(description: string, software: string, artist?: string): Uint8Array {
	const creator = artist
		? `<dc:creator><rdf:Seq><rdf:li>${escapeXml(artist)}</rdf:li></rdf:Seq></dc:creator>`
		: ''
	const packet =
		'<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
		'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
		'<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">' +
		`<xmp:CreatorTool>${escapeXml(software)}</xmp:CreatorTool>` +
		`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(description)}</rdf:li></rdf:Alt></dc:description>` +
		creator +
		'</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
	const namespace = encoder.encode(XMP_NAMESPACE)
	const body = encoder.encode(packet)
	const payload = new Uint8Array(namespace.length + body.length)
	payload.set(namespace)
	payload.set(body, namespace.length)
	return payload
}

/** What a card's JPEG says about itself: the phrase, and the owner's handle as its artist. */
export function cardMetadata(state: Pick<CardState, 'text' | 'handle'>) {
	return { description: state.text, artist: state.handle }
}

export const EXIF_TAGS = { imageDescription: 0x010e, software: 0x0131, artist: 0x013b } as const

/**
 * Returns a copy of `jpeg` with the description in EXIF ImageDescription and XMP
 * dc:description, and the artist (when given) in EXIF Artist and XMP dc:creator, inserted
 * after the JFIF header (or right after SOI). Existing EXIF or XMP segments are dropped.
 */
export function withJpegMetadata(
	jpeg: Uint8Array,
	{
		description,
		artist,
		software = 'Frasea',
	}: { description: string; artist?: string; software?: string },
): Uint8Array {
	if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('Not a JPEG')
	const kept: Uint8Array[] = []
	let insertAt = 0
	let offset = 2
	// Walk the header segments up to the first scan; keep all but old EXIF/XMP APP1s.
	while (offset + 4 <= jpeg.length && jpeg[offset] === 0xff) {
		const marker = jpeg[offset + 1] as number
		if (marker === 0xda || marker === 0xd9) break
		const length = ((jpeg[offset + 2] as number) << 8) | (jpeg[offset + 3] as number)
		const end = offset + 2 + length
		const isApp1 = marker === 0xe1
		if (!isApp1) kept.push(jpeg.subarray(offset, end))
		if (marker === 0xe0 && kept.length === 1) insertAt = 1
		offset = end
	}
	const segments = [
		segment(
			0xe1,
			exifPayload([
				{ tag: EXIF_TAGS.imageDescription, value: encoder.encode(description) },
				{ tag: EXIF_TAGS.software, value: encoder.encode(software) },
				...(artist ? [{ tag: EXIF_TAGS.artist, value: encoder.encode(artist) }] : []),
			]),
		),
	]
	const xmp = xmpPayload(description, software, artist)
	if (xmp.length <= MAX_SEGMENT) segments.push(segment(0xe1, xmp))
	kept.splice(insertAt, 0, ...segments)
	const rest = jpeg.subarray(offset)
	const total = 2 + kept.reduce((sum, part) => sum + part.length, 0) + rest.length
	const result = new Uint8Array(total)
	result.set([0xff, 0xd8])
	let at = 2
	for (const part of kept) {
		result.set(part, at)
		at += part.length
	}
	result.set(rest, at)
	return result
}

/** Reads EXIF ImageDescription back (for tests and tooling). */
export function readExifDescription(exif: Uint8Array): string | null {
	return readExifText(exif, EXIF_TAGS.imageDescription)
}

/** Reads an ASCII (UTF-8) EXIF entry of the first IFD back, e.g. Artist. */
export function readExifText(exif: Uint8Array, tag: number): string | null {
	let start = 0
	if (EXIF_HEADER.every((byte, index) => exif[index] === byte)) start = EXIF_HEADER.length
	const view = new DataView(exif.buffer, exif.byteOffset + start, exif.length - start)
	const little = view.getUint16(0) === 0x4949
	const ifd = view.getUint32(4, little)
	const count = view.getUint16(ifd, little)
	for (let index = 0; index < count; index++) {
		const at = ifd + 2 + index * 12
		if (view.getUint16(at, little) !== tag) continue
		const length = view.getUint32(at + 4, little)
		const valueAt = length <= 4 ? at + 8 : view.getUint32(at + 8, little)
		const bytes = new Uint8Array(view.buffer, view.byteOffset + valueAt, length)
		return new TextDecoder().decode(bytes).replace(/\0+$/, '')
	}
	return null
}
