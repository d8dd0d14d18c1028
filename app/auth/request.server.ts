import { isIP } from 'node:net'

/**
 * The visitor's IP as told by the reverse proxy in front of the app (the last address of
 * X-Forwarded-For, which that proxy appends), or null when there is none. remix-serve does
 * not hand the socket address to Remix, and without a proxy the header is whatever the
 * client sends, so per-IP limits are only meaningful behind a proxy.
 */
export function clientIp(request: Request): string | null {
	const forwarded = request.headers.get('x-forwarded-for')
	const candidate = forwarded?.split(',').at(-1)?.trim() || request.headers.get('x-real-ip')?.trim()
	return candidate && isIP(candidate) ? candidate : null
}

/** The public origin of the app, for links in e-mails and the OAuth redirect URI. */
export function appOrigin(request: Request): string {
	const url = new URL(request.url)
	// A TLS-terminating proxy talks plain HTTP to us; honour what it says the visitor used.
	const forwardedProto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim()
	if (forwardedProto === 'https' || forwardedProto === 'http') url.protocol = `${forwardedProto}:`
	return url.origin
}
