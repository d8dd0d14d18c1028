/*
 * The card routes' defences, attacked over plain HTTP: image URLs render only with the
 * signature the pages write (403 with the reason otherwise), and renders are capped (503
 * with Retry-After when the queue is full). What the pages do with them in the browser is
 * e2e/cards-limits.spec.ts.
 */
import { randomInt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type APIRequestContext } from '@playwright/test'
import { signCardPath } from '../app/cards/url-signature.server'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { randomIp } from './auth-helpers'
import { getUnlessBusy } from './cards-limits-helpers'
import { expect, fromOurPages, test } from './fixtures'

const SPANISH_403 = /firma de la imagen/

/** An attribute of the first `<a>` of the HTML whose tag or text matches `which`. */
function linkHref(html: string, which: RegExp) {
	for (const [, attributes = '', text = ''] of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
		if (!which.test(attributes) && !which.test(text)) continue
		const href = /\bhref="([^"]*)"/.exec(attributes)?.[1] ?? ''
		return href.replaceAll('&amp;', '&')
	}
	return ''
}

/** A visitor generates two phrases; the links its batch page wrote for the first card. */
async function cardLinks(request: APIRequestContext) {
	const generated = await request.post('/?index', {
		headers: { ...fromOurPages, 'x-forwarded-for': randomIp() },
		form: { intent: 'generate', prompt: 'la calma del mar', count: '2' },
		maxRedirects: 0,
	})
	expect(generated.status()).toBe(302)
	const location = generated.headers()['location'] ?? ''
	expect(location).toMatch(/\?lote=[\w-]+/)
	const page = await request.get(location)
	expect(page.status()).toBe(200)
	const html = await page.text()
	return {
		image: linkHref(html, /data-testid="card-download"/),
		zip: linkHref(html, /Descargar todos los tamaños \(ZIP\)/),
	}
}

/** The same URL with its query rewritten (the signature kept as it was). */
function rewrite(href: string, change: (params: URLSearchParams) => void) {
	const url = new URL(href, 'http://x')
	change(url.searchParams)
	return `${url.pathname}?${url.searchParams}`
}

test('forged, missing or altered signatures get a 403 with a Spanish reason', async ({
	request,
}) => {
	const { image, zip } = await cardLinks(request)
	expect(zip).toMatch(/&firma=[\w-]{22}$/)
	expect(image).toMatch(/&firma=[\w-]{22}$/)
	expect((await getUnlessBusy(request, zip)).status()).toBe(200)

	const attacks = {
		'no signature': rewrite(image, (params) => params.delete('firma')),
		'another text': rewrite(image, (params) => params.set('t', 'Visita mi-estafa.example')),
		'another seed': rewrite(image, (params) => params.set('sd', String(randomInt(1e6)))),
		'an extra parameter': rewrite(image, (params) => params.set('ancho', '360')),
		'a parameter less': rewrite(image, (params) => params.delete('v')),
		'reordered parameters': (() => {
			const url = new URL(image, 'http://x')
			const entries = [...url.searchParams]
			const firma = entries.pop() as [string, string]
			return `${url.pathname}?${new URLSearchParams([...entries.reverse(), firma])}`
		})(),
		'a forged signature': rewrite(image, (params) => params.set('firma', 'A'.repeat(22))),
		"the image's signature on the ZIP": image.replace(
			'/tarjetas/imagen.jpg',
			'/tarjetas/todas.zip',
		),
		'an unsigned ZIP': '/tarjetas/todas.zip?t=Compra+ya&sd=1',
		'an unsigned background': '/tarjetas/fondo.jpg?t=Compra+ya&s=whatsapp&b=nature&sd=1',
	}
	for (const [attack, path] of Object.entries(attacks)) {
		const response = await request.get(path)
		expect(response.status(), attack).toBe(403)
		expect(response.headers()['content-type'], attack).toContain('text/plain')
		expect(await response.text(), attack).toMatch(SPANISH_403)
	}
})

type RawReply = { status: number; headers: Record<string, string>; text: string }

/**
 * Sends every request at the same instant: all connections are opened first, then every
 * request is written in one go, so they reach the server together however busy the machine
 * is (a client that dispatches them one by one lets the server keep up, and the queue never
 * fills).
 */
async function atOnce(
	port: number,
	requests: Array<{ path: string; headers: Record<string, string> }>,
): Promise<RawReply[]> {
	const sockets = await Promise.all(
		requests.map(
			() =>
				new Promise<Socket>((resolve, reject) => {
					const socket = connect(port, '127.0.0.1', () => resolve(socket))
					socket.once('error', reject)
				}),
		),
	)
	const replies = sockets.map(
		(socket) =>
			new Promise<RawReply>((resolve, reject) => {
				const chunks: Buffer[] = []
				socket.on('data', (chunk: Buffer) => chunks.push(chunk))
				socket.once('error', reject)
				socket.once('end', () => {
					const raw = Buffer.concat(chunks).toString('latin1')
					const [head = '', ...body] = raw.split('\r\n\r\n')
					const [statusLine = '', ...lines] = head.split('\r\n')
					const headers = Object.fromEntries(
						lines.map((line) => {
							const colon = line.indexOf(':')
							return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
						}),
					)
					const text = Buffer.from(body.join('\r\n\r\n'), 'latin1').toString('utf8')
					resolve({ status: Number(statusLine.split(' ')[1]), headers, text })
				})
			}),
	)
	requests.forEach(({ path: target, headers }, index) => {
		const lines = [`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close']
		for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
		sockets[index]?.write(`${lines.join('\r\n')}\r\n\r\n`)
	})
	return Promise.all(replies)
}

test('more uncached renders at once than the queue holds: 503 with Retry-After, never a 500', async () => {
	// An instance of its own: a full render queue must not make other tests' cards wait.
	// It stands behind a proxy (TRUST_PROXY=1) so each request can come from its own address
	// and no per-address allowance gets in the way: only the queue is under test. One render
	// worker and no waiting room make "full" certain while any render is in progress.
	const secret = 'una clave de prueba para firmar tarjetas'
	const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-render-queue-'))
	const app = await startBuiltApp({
		dataDir,
		env: {
			SESSION_SECRET: secret,
			TRUST_PROXY: '1',
			CARD_RENDER_CONCURRENCY: '1',
			CARD_RENDER_QUEUE: '0',
		},
	})
	try {
		// Full-size cards of the largest format, each a new seed, so nothing comes from the cache.
		const text = 'Una frase larga para que cada tarjeta cueste lo suyo al dibujarla y codificarla.'
		const base = randomInt(1e6)
		const requests = Array.from({ length: 60 }, (_, index) => {
			const params = new URLSearchParams({
				t: text,
				s: 'web_banner',
				sd: String(base + index),
				v: '3',
			})
			return {
				path: signCardPath('/tarjetas/imagen.jpg', params, secret),
				headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
			}
		})
		const responses = await atOnce(app.port, requests)
		const statuses = responses.map((response) => response.status)
		const busy = responses.filter((response) => response.status === 503)
		expect(busy.length, statuses.join(' ')).toBeGreaterThan(0)
		expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0)
		expect(
			statuses.every((status) => [200, 503].includes(status)),
			statuses.join(' '),
		).toBe(true)
		for (const response of busy) {
			expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
			expect(response.text).toContain('Vuelve a intentarlo en unos segundos')
		}
	} finally {
		await app.stop()
		rmSync(dataDir, { recursive: true, force: true })
	}
})
