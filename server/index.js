// @ts-check
/**
 * Frasea's HTTP server: Express in front of the Remix app. It exists because only the
 * server can do these for every response, static files included:
 * - know the client's socket address and scheme, believing `X-Forwarded-*` only from the
 *   TRUST_PROXY hops nearest to us (a client can write any header it likes);
 * - refuse a state-changing request that did not come from our own pages (403), but for a
 *   mail client's one-click unsubscribe;
 * - cap every request body while it streams (413 as soon as the cap is crossed, chunked
 *   or not), bound what the bodies being received at once may add up to, per client
 *   address and in all (429 / 503), and close bodies that stop arriving (408), so no
 *   client can make the process hold more memory than that (server/request-body.js);
 * - compress, and send security headers with the static files.
 *
 * `node server/index.js` serves the production build; `--dev` serves the app through Vite
 * with hot reload. Configuration is validated by the app (app/utils/env.server.ts) and read
 * here through the build's `serverConfig()`.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import {
	createRequestHandler,
	installGlobals,
	writeReadableStreamToWritable,
} from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { BodiesInFlight, cappedBody } from './request-body.js'
import {
	SAFE_METHODS,
	bodyLimit,
	clientOf,
	isOneClickUnsubscribe,
	isSameOrigin,
} from './request-guards.js'

const dev = process.argv.includes('--dev')
process.env.NODE_ENV ??= dev ? 'development' : 'production'
installGlobals({ nativeFetch: true })

/** @type {import('vite').ViteDevServer | undefined} */
const vite = dev
	? await import('vite').then(({ createServer }) =>
			createServer({ server: { middlewareMode: true } }),
		)
	: undefined

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
/** @returns {Promise<import('@remix-run/node').ServerBuild>} */
async function loadBuild() {
	if (vite) return /** @type {any} */ (await vite.ssrLoadModule('virtual:remix/server-build'))
	return import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)
}

// Importing the build validates the environment and migrates the database. A bad
// environment, a data folder we cannot write (one line of its own, in Spanish and English)
// or a database this version cannot use stops the start with the reasons alone: the stack
// would only hide them.
const build = await loadBuild().catch((error) => {
	if (error instanceof Error && ['EnvError', 'MigrationStateError'].includes(error.name)) {
		console.error(`Frasea cannot start. ${error.message}`)
		process.exit(1)
	}
	if (error instanceof Error && error.name === 'DataDirError') {
		console.error(error.message)
		process.exit(1)
	}
	throw error
})
/** @type {{ port: number, trustProxy: number, appOrigin: string, appUrlConfigured: boolean, secure: boolean, oneClickUnsubscribePath: string, bodyLimits: { form: number, multipart: number }, bodiesInFlight: { perAddress: number, perProcess: number }, bodyTimeouts: { idleMs: number, totalMs: number }, messages: { crossSite: string, tooLarge: string, busyAddress: string, busyServer: string, tooSlow: string } }} */
const config = /** @type {any} */ (build.entry.module).serverConfig()
const bodiesInFlight = new BodiesInFlight(config.bodiesInFlight)
/** Seconds a 429 or 503 for too many bodies in flight asks the client to wait. */
const BUSY_RETRY_AFTER_SECONDS = 10
/** How long a client may take to send a request's headers. */
const HEADERS_TIMEOUT_MS = 20_000
const handleRequest = createRequestHandler(vite ? loadBuild : build, process.env.NODE_ENV)

const app = express()
app.disable('x-powered-by')
// Express's own `trust proxy` stays off: `client(req)` decides, from TRUST_PROXY hops.

app.use(logRequests)
app.use(refuseCrossSiteWrites)
app.use(compression())

/** @param {import('express').Response} res */
function staticHeaders(res) {
	res.setHeader('X-Content-Type-Options', 'nosniff')
	res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
	res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
	res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
	res.setHeader('X-Frame-Options', 'DENY')
	if (config.secure)
		res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
}
if (vite) {
	app.use(vite.middlewares)
} else {
	// Fingerprinted build output never changes under its name.
	app.use(
		'/assets',
		express.static(path.join(buildDir, 'client/assets'), {
			immutable: true,
			maxAge: '1y',
			setHeaders: staticHeaders,
		}),
	)
	app.use(
		express.static(path.join(buildDir, 'client'), { maxAge: '1h', setHeaders: staticHeaders }),
	)
}

app.all('*', async (req, res, next) => {
	try {
		const request = fetchRequest(req, res)
		if (!request) return
		const response = await handleRequest(request, client(req))
		if (res.headersSent) return // the body cap answered already
		res.statusMessage = response.statusText
		res.status(response.status)
		// One `append` per value: Set-Cookie headers must stay separate.
		for (const [name, value] of response.headers) res.append(name, value)
		if (response.body) await writeReadableStreamToWritable(response.body, res)
		else res.end()
	} catch (error) {
		next(error)
	}
})

/** @type {import('express').RequestHandler} */
function logRequests(req, res, next) {
	const start = performance.now()
	res.on('finish', () => {
		// The path only: query strings carry reset and verification tokens.
		const pathname = req.originalUrl.split('?')[0]
		const ms = (performance.now() - start).toFixed(1)
		console.log(`${req.method} ${pathname} ${res.statusCode} ${ms} ms`)
	})
	next()
}

/** @type {import('express').RequestHandler} */
function refuseCrossSiteWrites(req, res, next) {
	if (SAFE_METHODS.has(req.method)) return next()
	// A mail client's one-click unsubscribe comes from no page of ours (see the function).
	if (isOneClickUnsubscribe(req, config.oneClickUnsubscribePath)) return next()
	const expected = config.appUrlConfigured ? config.appOrigin : ownOrigin(req)
	const headers = {
		origin: req.get('origin'),
		secFetchSite: req.get('sec-fetch-site'),
		referer: req.get('referer'),
	}
	if (isSameOrigin(headers, expected)) return next()
	refuse(res, 403, config.messages.crossSite)
}

/**
 * Without APP_URL (a self-hoster on a LAN) the site's origin is the one the request was
 * addressed to; a forged Host only fools a client that is not a browser, and such a client
 * needs no cross-site trick to post.
 * @param {import('express').Request} req
 */
function ownOrigin(req) {
	const forwardedHost =
		config.trustProxy > 0 ? req.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined
	return `${client(req).protocol}://${forwardedHost || req.get('host')}`
}

/**
 * The client's address and scheme, believing forwarded headers only from the TRUST_PROXY
 * hops nearest to us.
 * @param {import('express').Request} req
 */
function client(req) {
	return clientOf(
		{
			socketAddress: req.socket.remoteAddress,
			encrypted: 'encrypted' in req.socket && Boolean(req.socket.encrypted),
			forwardedFor: req.get('x-forwarded-for'),
			forwardedProto: req.get('x-forwarded-proto'),
		},
		config.trustProxy,
	)
}

/**
 * @param {import('express').Response} res
 * @param {number} status
 * @param {string} message
 * @param {Record<string, string>} [headers]
 */
function refuse(res, status, message, headers = {}) {
	// The rest of the body is never read: close the connection once answered.
	res.set({ ...headers, Connection: 'close' })
	res.status(status).type('text/plain; charset=utf-8').send(message)
}

/**
 * A refusal while the body streams in (over its cap, too slow): the client may still be
 * writing, so the connection is not closed with the answer; cappedBody drops what follows
 * and closes it shortly after, once the answer had time to be read.
 * @param {import('express').Response} res
 * @param {number} status
 * @param {string} message
 */
function refuseMidBody(res, status, message) {
	if (res.headersSent) return
	res.status(status).type('text/plain; charset=utf-8').send(message)
}

/**
 * The Fetch `Request` the app sees. Its URL is built on APP_URL when set, so nothing in the
 * app can pick up a forged Host. Its body is the request's, capped while it streams.
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @returns {Request | null}
 */
function fetchRequest(req, res) {
	const origin = config.appUrlConfigured ? config.appOrigin : ownOrigin(req)
	const url = new URL(req.originalUrl, origin)
	const controller = new AbortController()
	// The visitor left before we answered: stop the work (a provider call, a render).
	res.on('close', () => {
		if (!res.writableFinished) controller.abort()
	})
	const headers = new Headers()
	for (const [name, value] of Object.entries(req.headers)) {
		if (value === undefined) continue
		for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
	}
	// Checked above against APP_URL; Remix's own check compares it with the Host header,
	// which a proxy may rewrite, and answers a mismatch with a 500.
	headers.delete('origin')

	const hasBody =
		req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
	if (!hasBody) return new Request(url, { method: req.method, headers, signal: controller.signal })

	const limit = bodyLimit(req.get('content-type'), config.bodyLimits)
	const declared = req.headers['content-length']
	if (Number(declared ?? 0) > limit) {
		refuse(res, 413, config.messages.tooLarge)
		return null
	}
	const capped = (/** @type {() => void} */ onExceeded) =>
		cappedBody(req, res, {
			limit,
			timeouts: config.bodyTimeouts,
			onExceeded,
			onTimeout: () => {
				refuseMidBody(res, 408, config.messages.tooSlow)
				controller.abort()
			},
		})
	if (SAFE_METHODS.has(req.method)) {
		// Nobody reads a GET's body; drain it within the cap rather than let it run on.
		capped(() => req.destroy()).cancel()
		return new Request(url, { method: req.method, headers, signal: controller.signal })
	}
	// Until it is answered, the app may hold the whole body: it counts against the client's
	// share and the process's from before its first byte (a chunked body, at its cap).
	const admission = bodiesInFlight.reserve(
		client(req).clientAddress,
		declared === undefined ? limit : Number(declared),
	)
	if (!admission.ok) {
		const [status, message] =
			admission.scope === 'address'
				? [429, config.messages.busyAddress]
				: [503, config.messages.busyServer]
		refuse(res, status, message, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) })
		return null
	}
	res.once('close', admission.release)
	const body = capped(() => {
		refuseMidBody(res, 413, config.messages.tooLarge)
		controller.abort()
	})
	return new Request(url, {
		method: req.method,
		headers,
		body,
		signal: controller.signal,
		// @ts-expect-error Node's fetch needs this for a streamed body; the DOM types lack it.
		duplex: 'half',
	})
}

const host = process.env.HOST
const server = app.listen(config.port, ...(host ? [host] : []), () => {
	console.log(`Frasea: http://${host ?? 'localhost'}:${config.port}${dev ? ' (development)' : ''}`)
	if (!config.appUrlConfigured) {
		console.log(
			`APP_URL is not set: links in e-mails and the Google redirect point to ${config.appOrigin}. ` +
				'Set APP_URL to the public address (e.g. https://frasea.example).',
		)
	}
})

// A client that never finishes its headers is dropped; its body has its own clocks
// (cappedBody), and Node's request timeout stays as a backstop just past them.
server.headersTimeout = HEADERS_TIMEOUT_MS
server.requestTimeout = config.bodyTimeouts.totalMs + HEADERS_TIMEOUT_MS

// `docker stop` sends SIGTERM: stop taking connections, finish what is in flight, exit.
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
	process.once(signal, () => {
		server.close(() => process.exit(0))
		const idle = setInterval(() => server.closeIdleConnections(), 100)
		idle.unref()
		setTimeout(() => {
			server.closeAllConnections()
			process.exit(1)
		}, 10_000).unref()
		void vite?.close()
	})
}
