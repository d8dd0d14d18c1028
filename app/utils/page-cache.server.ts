/**
 * The anonymous home page, rendered once and served from memory. A visitor without cookies
 * asking for `/` gets a document that is a function of the loaders' data alone (the
 * configuration in force, what remains of the day's allowance for that address, the ad
 * slot) and the build: so the loaders still run on every request, and when their data is
 * one already rendered, React is skipped and so is compression. Rendering that page (120 KB
 * of HTML, half of it the loader data for hydration) and gzipping it were most of its
 * server time.
 *
 * Every document keeps a nonce of its own: the cached HTML is cut at the nonce it was
 * rendered with, the pieces between are gzipped once (each on its own, so they can be
 * joined), and each answer puts its new nonce in between as stored, uncompressed deflate
 * blocks, with the checksum of the whole.
 */
import { createHash } from 'node:crypto'
import { constants, crc32, deflateRawSync } from 'node:zlib'

/** Distinct documents kept (they differ by the allowance left, mostly); ~160 KB each. */
const MAX_ENTRIES = 16
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** The last deflate block: empty, stored, final. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

interface CachedPage {
	/** The HTML between the nonces, in order (UTF-8). */
	pieces: Buffer[]
	/** Each piece as deflate blocks that end byte-aligned and are not final. */
	deflated: Buffer[]
	bytes: number
}

const pages = new Map<string, CachedPage>()

/**
 * Whether this document may come from the cache: `/` without a query, asked without any
 * cookie, answered 200 without setting one.
 */
export function isCacheablePage(request: Request, status: number, headers: Headers) {
	const url = new URL(request.url)
	return (
		request.method === 'GET' &&
		url.pathname === '/' &&
		!url.search &&
		!request.headers.has('cookie') &&
		status === 200 &&
		!headers.has('set-cookie')
	)
}

/**
 * The cache key: everything the document is rendered from, besides its nonce. Null when the
 * data holds values JSON cannot tell apart (a Map, a Set, a BigInt): such a page is not
 * cached.
 */
export function pageKey(parts: unknown): string | null {
	let json: string
	try {
		json = JSON.stringify(parts, (_key, value: unknown) => {
			if (value instanceof Map || value instanceof Set) throw new TypeError('not plain data')
			return value
		})
	} catch {
		return null
	}
	return createHash('sha256').update(json).digest('base64url')
}

/** A deflate stored block holding `bytes` (at most 65535), not final. */
function storedBlock(bytes: Buffer): Buffer {
	const header = Buffer.alloc(5)
	header[0] = 0x00
	header.writeUInt16LE(bytes.length, 1)
	header.writeUInt16LE(~bytes.length & 0xffff, 3)
	return Buffer.concat([header, bytes])
}

/** Keeps a rendered document: `html` as rendered with `nonce`. */
export function storePage(key: string, html: string, nonce: string): CachedPage {
	const pieces = html.split(nonce).map((piece) => Buffer.from(piece))
	const page: CachedPage = {
		pieces,
		deflated: pieces.map((piece) =>
			deflateRawSync(piece, { level: 9, finishFlush: constants.Z_FULL_FLUSH }),
		),
		bytes: pieces.reduce((sum, piece) => sum + piece.length, 0),
	}
	pages.delete(key)
	pages.set(key, page)
	for (const oldest of pages.keys()) {
		if (pages.size <= MAX_ENTRIES) break
		pages.delete(oldest)
	}
	return page
}

export function cachedPage(key: string): CachedPage | undefined {
	const page = pages.get(key)
	if (page) {
		// Map order is recency order.
		pages.delete(key)
		pages.set(key, page)
	}
	return page
}

/** Whether the client takes gzip (and has not refused it with q=0). */
function acceptsGzip(request: Request) {
	return (request.headers.get('accept-encoding') ?? '').split(',').some((part) => {
		const [coding, ...params] = part.trim().toLowerCase().split(';')
		if (coding !== 'gzip' && coding !== '*') return false
		const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
		return !q || Number(q.slice(2)) > 0
	})
}

/**
 * The document's bytes with `nonce` in it: gzip when the client takes it, with the headers
 * that say so. The HTTP server's compression leaves an encoded body alone.
 */
export function pageBody(page: CachedPage, nonce: string, request: Request) {
	const nonceBytes = Buffer.from(nonce)
	if (!acceptsGzip(request)) {
		const parts: Buffer[] = []
		page.pieces.forEach((piece, index) => {
			if (index > 0) parts.push(nonceBytes)
			parts.push(piece)
		})
		return { body: Buffer.concat(parts), encoding: null }
	}
	const parts: Buffer[] = [GZIP_HEADER]
	let crc = 0
	page.deflated.forEach((deflated, index) => {
		if (index > 0) {
			parts.push(storedBlock(nonceBytes))
			crc = crc32(nonceBytes, crc)
		}
		parts.push(deflated)
		crc = crc32(page.pieces[index] as Buffer, crc)
	})
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE((page.bytes + nonceBytes.length * (page.pieces.length - 1)) % 2 ** 32, 4)
	parts.push(FINAL_BLOCK, trailer)
	return { body: Buffer.concat(parts), encoding: 'gzip' as const }
}

/** Empties the cache (tests). */
export function clearPageCache() {
	pages.clear()
}
