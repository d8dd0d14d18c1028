import { PassThrough } from 'node:stream'
import { randomBytes } from 'node:crypto'
import {
	createReadableStreamFromReadable,
	type AppLoadContext,
	type EntryContext,
	type HandleDataRequestFunction,
} from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { type ReactElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { AdsProvider } from './ads/config'
import { adsForDocument } from './ads/settings.server'
import { getEnv } from './utils/env.server'
import {
	BODIES_IN_FLIGHT,
	BODY_LIMITS,
	BODY_TIMEOUTS,
	formMessages,
} from './utils/form-data.server'
import { startMailSender } from './mail/sender.server'
import { UNSUBSCRIBE_PATH } from './mail/unsubscribe-path'
import { bindLegacyKeys } from './settings/legacy-keys.server'
import { assertWritableDataDir } from './utils/data-dir.server'
import { ensureDatabase } from './utils/db.server'
import { NonceProvider } from './utils/nonce-provider'
import {
	cachedPage,
	isCacheablePage,
	pageBody,
	pageKey,
	storePage,
} from './utils/page-cache.server'
import { applySecurityHeaders } from './utils/security-headers.server'

// Fail fast on a bad environment or a data folder we cannot write, and bring the database
// up to date before serving.
getEnv()
assertWritableDataDir()
await ensureDatabase()
// Keys saved before keys were bound to their address are bound to the one in force now. A
// failure only leaves them unbound, and an unbound key is sent nowhere: no reason to stop.
await bindLegacyKeys().catch((error: unknown) => {
	console.error('Stored provider keys could not be bound to their addresses', error)
})
// Mail left queued by an earlier run, or by a process that died, goes out now.
startMailSender()

export const streamTimeout = 5_000

/**
 * What the HTTP server (server/index.js) takes from the app: the validated settings it
 * acts on and the Spanish texts of its refusals.
 */
export function serverConfig() {
	const env = getEnv()
	return {
		port: env.PORT,
		trustProxy: env.TRUST_PROXY,
		appOrigin: env.appOrigin,
		appUrlConfigured: env.appUrlConfigured,
		secure: env.secureCookies,
		oneClickUnsubscribePath: UNSUBSCRIBE_PATH,
		bodyLimits: BODY_LIMITS,
		bodiesInFlight: BODIES_IN_FLIGHT,
		bodyTimeouts: BODY_TIMEOUTS,
		messages: {
			crossSite: formMessages.crossSite,
			tooLarge: formMessages.tooLarge,
			busyAddress: formMessages.busyAddress,
			busyServer: formMessages.busyServer,
			tooSlow: formMessages.tooSlow,
		},
	}
}

export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext?: AppLoadContext,
) {
	const nonce = randomBytes(16).toString('base64')
	// Documents only (data requests never come here): whether this page carries the ad slot,
	// which also decides whether its CSP allows the ads origins. One read per document.
	const ads = await adsForDocument(loadContext)
	const document = (
		<NonceProvider value={nonce}>
			<AdsProvider value={ads}>
				<RemixServer context={remixContext} url={request.url} nonce={nonce} />
			</AdsProvider>
		</NonceProvider>
	)

	// Everything the document is rendered from: the build, the loaders' data, the ad slot.
	const key =
		isCacheablePage(request, responseStatusCode, responseHeaders) && !remixContext.isSpaMode
			? pageKey([remixContext.manifest.version, remixContext.staticHandlerContext.loaderData, ads])
			: null
	if (key) {
		const page = cachedPage(key) ?? storePage(key, await renderToText(document, nonce), nonce)
		const { body, encoding } = pageBody(page, nonce, request)
		responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
		responseHeaders.append('Vary', 'Accept-Encoding')
		if (encoding) responseHeaders.set('Content-Encoding', encoding)
		applySecurityHeaders(responseHeaders, nonce, { ads: ads !== null })
		return new Response(body, { headers: responseHeaders, status: responseStatusCode })
	}

	const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(document, {
			nonce,
			[waitForAll ? 'onAllReady' : 'onShellReady']() {
				shellRendered = true
				const body = new PassThrough()
				responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
				applySecurityHeaders(responseHeaders, nonce, { ads: ads !== null })
				resolve(
					new Response(createReadableStreamFromReadable(body), {
						headers: responseHeaders,
						status: responseStatusCode,
					}),
				)
				pipe(body)
			},
			onShellError(error: unknown) {
				reject(error)
			},
			onError(error: unknown) {
				responseStatusCode = 500
				// Errors after the shell are logged; before it, onShellError rejects.
				if (shellRendered) console.error(error)
			},
		})
		setTimeout(abort, streamTimeout + 1000)
	})
}

/** The whole document as text, once everything in it has rendered (for the page cache). */
function renderToText(document: ReactElement, nonce: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = []
		const sink = new PassThrough()
		sink.on('data', (chunk: Buffer) => chunks.push(chunk))
		sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
		const { pipe, abort } = renderToPipeableStream(document, {
			nonce,
			onAllReady() {
				pipe(sink)
			},
			onShellError: reject,
			onError: reject,
		})
		setTimeout(abort, streamTimeout + 1000)
	})
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
	applySecurityHeaders(response.headers)
	return response
}
