/**
 * What the HTTP server (server/index.js) knows about each request and hands to every
 * loader and action as `context`. Only the server can know these: the socket address is
 * not part of a Fetch `Request`, and forwarded headers are believed only for the number of
 * proxy hops TRUST_PROXY allows.
 */
declare module '@remix-run/node' {
	interface AppLoadContext {
		/** The visitor's IP address (never a header the visitor could have set). */
		clientAddress: string
		/** The scheme the visitor used, as far as trusted proxies tell. */
		protocol: 'http' | 'https'
	}
}

export {}
