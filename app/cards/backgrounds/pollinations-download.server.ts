import sharp from 'sharp'

/** Larger than any picture the service makes at our sizes: anything bigger is not one. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024

/**
 * One picture from the service, within a deadline (which the visitor leaving also ends),
 * refused when it is too large or is not a JPEG, PNG or WebP image.
 */
export async function downloadPollinationsImage(
	url: string,
	{ token, timeoutMs, signal }: { token?: string; timeoutMs: number; signal?: AbortSignal },
): Promise<Buffer> {
	const timeout = AbortSignal.timeout(timeoutMs)
	const response = await fetch(url, {
		headers: {
			accept: 'image/*',
			...(token ? { authorization: `Bearer ${token}` } : {}),
		},
		signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
	})
	if (!response.ok) throw new Error(`Pollinations answered ${response.status}`)
	const declared = Number(response.headers.get('content-length') ?? 0)
	if (declared > MAX_IMAGE_BYTES) throw new Error('Pollinations image too large')
	const bytes = Buffer.from(await response.arrayBuffer())
	if (bytes.length > MAX_IMAGE_BYTES) throw new Error('Pollinations image too large')
	const { format } = await sharp(bytes).metadata()
	if (format !== 'jpeg' && format !== 'png' && format !== 'webp') {
		throw new Error(`Pollinations sent no usable image (${format ?? 'unknown'})`)
	}
	return bytes
}
