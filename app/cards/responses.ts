/**
 * How the card routes answer: refusals as plain text that nobody caches, and files with an
 * ETag and how long a browser or CDN may keep them. An image whose URL fully determines it
 * never changes, so it is kept for a year; one that may still change is kept for minutes.
 */

const YEAR = 31_536_000

export const CACHE_CONTROL = {
	immutable: `public, max-age=${YEAR}, immutable`,
	/** An image drawn by an older version of the code, or with a fallback background. */
	short: 'public, max-age=300',
	/** An upload's images: for its owner's browser only. */
	private: 'private, max-age=86400',
} as const

export function text(status: number, body: string, headers: HeadersInit = {}) {
	return new Response(body, {
		status,
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'no-store',
			...headers,
		},
	})
}

export function disposition(kind: 'inline' | 'attachment', fileName: string) {
	return `${kind}; filename="${fileName}"`
}

export function binary(
	body: Buffer,
	{
		type,
		etag,
		cacheControl,
		contentDisposition,
		vary,
	}: {
		type: string
		etag: string
		cacheControl: string
		contentDisposition?: string
		vary?: string
	},
) {
	const headers = new Headers({
		'Content-Type': type,
		'Content-Length': String(body.byteLength),
		ETag: etag,
		'Cache-Control': cacheControl,
		'X-Content-Type-Options': 'nosniff',
	})
	if (contentDisposition) headers.set('Content-Disposition', contentDisposition)
	if (vary) headers.set('Vary', vary)
	return new Response(body as unknown as BodyInit, { headers })
}

export function notModified(etag: string, cacheControl: string) {
	return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } })
}
