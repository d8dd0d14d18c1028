import { randomInt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type APIRequestContext } from '@playwright/test'
import sharp from 'sharp'
import { signCardPath } from '../app/cards/url-signature.server'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { generate } from './cards-helpers'
import { expect, fromOurPages, test } from './fixtures'

/*
 * The card routes' defences (security review, items 7 and 8): image URLs render only with
 * the signature the pages write, renders are capped (503 when the queue is full), and
 * uploads have a per-owner quota answered next to the file field. And the pages' own
 * links keep working, with and without JavaScript.
 */

const SPANISH_403 = /firma de la imagen/

/**
 * GET that waits out a 503 (Retry-After) like a patient client: on a loaded machine two
 * workers' renders can fill the queue.
 */
async function getUnlessBusy(request: APIRequestContext, path: string) {
	for (let attempt = 1; ; attempt++) {
		const response = await request.get(path)
		if (response.status() !== 503 || attempt === 3) return response
		await new Promise((resolve) =>
			setTimeout(resolve, Number(response.headers()['retry-after'] ?? 1) * 1000),
		)
	}
}

/** The same URL with its query rewritten (the signature kept as it was). */
function rewrite(href: string, change: (params: URLSearchParams) => void) {
	const url = new URL(href, 'http://x')
	change(url.searchParams)
	return `${url.pathname}?${url.searchParams}`
}

test('forged, missing or altered signatures get a 403 with a Spanish reason', async ({
	page,
	visit,
	js,
}) => {
	test.skip(!js, 'HTTP only: one run is enough')
	const card = await generate(page, visit, js)
	const zip = (await card
		.getByRole('link', { name: 'Descargar todos los tamaños (ZIP)' })
		.getAttribute('href')) as string
	const image = (await card.getByTestId('card-download').getAttribute('href')) as string
	expect(zip).toMatch(/&firma=[\w-]{22}$/)
	expect(image).toMatch(/&firma=[\w-]{22}$/)
	expect((await getUnlessBusy(page.request, zip)).status()).toBe(200)

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
		const response = await page.request.get(path)
		expect(response.status(), attack).toBe(403)
		expect(response.headers()['content-type'], attack).toContain('text/plain')
		expect(await response.text(), attack).toMatch(SPANISH_403)
	}
})

test("the pages' image links are signed and work, also after a design change", async ({
	page,
	visit,
	js,
}) => {
	const card = await generate(page, visit, js)
	await card.getByRole('link', { name: 'Editar Diseño' }).click()
	const editor = card.getByTestId('design-editor')
	await editor.getByLabel('Tamaño de la plataforma').selectOption('facebook_post')
	await editor.getByRole('button', { name: 'Aplicar Cambios' }).click()
	await expect(page).toHaveURL(/c1\.s=facebook_post/)
	// The re-rendered page signed the new state.
	const download = card.getByTestId('card-download')
	await expect(download).toHaveAttribute('href', /s=facebook_post.*&firma=[\w-]{22}$/)
	const links = [
		(await download.getAttribute('href')) as string,
		(await card
			.getByRole('link', { name: 'Descargar todos los tamaños (ZIP)' })
			.getAttribute('href')) as string,
	]
	if (!js) {
		const img = card.getByTestId('card-image')
		links.push((await img.getAttribute('src')) as string)
		for (const candidate of ((await img.getAttribute('srcset')) ?? '').split(', ')) {
			links.push(candidate.split(' ')[0] as string)
		}
		// The browser itself loaded the server's picture.
		await expect
			.poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
			.toBeGreaterThan(0)
	}
	for (const link of links) {
		const response = await getUnlessBusy(page.request, link)
		expect(response.status(), link).toBe(200)
		expect(response.headers()['cache-control'], link).toBe('public, max-age=31536000, immutable')
	}
	const full = await getUnlessBusy(page.request, links[0] as string)
	expect(await sharp(await full.body()).metadata()).toMatchObject({ width: 1200, height: 630 })
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

test('more uncached renders at once than the queue holds: 503 with Retry-After, never a 500', async ({
	js,
}) => {
	test.skip(!js, 'HTTP only: one run is enough')
	// An instance of its own: a full render queue must not make other tests' cards wait.
	// It stands behind a proxy (TRUST_PROXY=1) so each request can come from its own address
	// and no per-address allowance gets in the way: only the queue is under test.
	const secret = 'una clave de prueba para firmar tarjetas'
	const dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-render-queue-'))
	const app = await startBuiltApp({ dataDir, env: { SESSION_SECRET: secret, TRUST_PROXY: '1' } })
	try {
		// Full-size cards of the largest format, each a new seed, so nothing comes from the cache.
		const text = 'Una frase larga para que cada tarjeta cueste lo suyo al dibujarla y codificarla.'
		const base = randomInt(1e6)
		const requests = Array.from({ length: 60 }, (_, index) => {
			const params = new URLSearchParams({
				t: text,
				s: 'web_banner',
				sd: String(base + index),
				v: '2',
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

test('the upload quota is answered next to the file field, in Spanish', async ({
	page,
	visit,
	js,
}) => {
	const card = await generate(page, visit, js)
	await card.getByRole('link', { name: 'Subir Fondo' }).click()
	const panel = card.getByTestId('upload-panel')
	const action = (await panel.getAttribute('action')) as string
	const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0ea5e9' } })
		.png()
		.toBuffer()
	// Fill this browser's anonymous quota (10 files) straight through the form's action.
	for (let index = 0; index < 10; index++) {
		const response = await page.request.post(action, {
			multipart: { fondo: { name: `fondo-${index}.png`, mimeType: 'image/png', buffer: png } },
			headers: fromOurPages,
			maxRedirects: 0,
		})
		expect(response.status(), `upload ${index + 1}`).toBeLessThan(400)
	}
	// The eleventh, through the page's own form.
	await panel
		.getByLabel('Imagen de fondo')
		.setInputFiles({ name: 'una-mas.png', mimeType: 'image/png', buffer: png })
	await panel.getByRole('button', { name: 'Subir Imagen' }).click()
	const message = card.getByText(
		/Has llegado al máximo de fondos subidos sin cuenta \(10 fondos o 50 MB\)/,
	)
	await expect(message).toBeVisible()
	// Tied to the field for assistive technology, and the card still uses its own background.
	await expect(card.getByTestId('upload-panel').getByLabel('Imagen de fondo')).toHaveAttribute(
		'aria-invalid',
		'true',
	)
	await expect(card.getByText('Usando fondo personalizado')).toHaveCount(0)
	expect(page.url()).not.toContain('c1.u=')
})
