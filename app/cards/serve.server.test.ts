import { existsSync } from 'node:fs'
import sharp from 'sharp'
import { afterAll, describe, expect, test } from 'vitest'
import { setUpTestDatabase } from '~/auth/test-database'

const { prisma, cleanUp } = await setUpTestDatabase()
const serve = await import('./serve.server')
const { storeUpload, uploadPath } = await import('./upload.server')
const uploads = await import('~/models/upload.server')
const { ensureVisitorId } = await import('~/utils/visitor.server')
const { cardImageUrl } = await import('./page-cards.server')
afterAll(cleanUp)

/** A browser with its own visitor cookie. */
async function browser() {
	const { visitorId, setCookie } = await ensureVisitorId(new Request('http://x/'))
	const cookie = (setCookie ?? '').split(';')[0] ?? ''
	return {
		visitorId,
		get: (path: string, headers: Record<string, string> = {}) =>
			new Request(`http://x${path}`, { headers: { cookie, ...headers } }),
	}
}

async function uploadFor(visitorId: string, now?: Date) {
	const png = await sharp({
		create: { width: 300, height: 200, channels: 3, background: '#0ea5e9' },
	})
		.png()
		.toBuffer()
	const stored = await storeUpload(png)
	await uploads.recordUpload(stored, {
		viewer: { userId: null, visitorId },
		fileName: '../../fondo.png',
		now,
	})
	return stored.id
}

const card = {
	text: 'Hola mundo',
	index: 1,
	size: 'whatsapp' as const,
	font: 'arimo',
	fontSize: 72,
	color: '#ffffff',
	overlay: 0.3,
	background: 'abstract' as const,
	seed: 5,
}

describe('public card images', () => {
	test('rendered at the exact size, cached, and answered 304 to a matching ETag', async () => {
		const visitor = await browser()
		const url = cardImageUrl(card, { download: true })
		const first = await serve.cardImageResponse(visitor.get(url))
		expect(first.status).toBe(200)
		expect(first.headers.get('content-type')).toBe('image/jpeg')
		expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		expect(first.headers.get('content-disposition')).toBe(
			'attachment; filename="frase-1-whatsapp.jpg"',
		)
		const bytes = Buffer.from(await first.arrayBuffer())
		expect(await sharp(bytes).metadata()).toMatchObject({ width: 800, height: 800 })

		const etag = first.headers.get('etag') as string
		const cachedBefore = serve.imageCache.size
		const second = await serve.cardImageResponse(visitor.get(url))
		expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true)
		expect(serve.imageCache.size).toBe(cachedBefore)
		const revalidated = await serve.cardImageResponse(visitor.get(url, { 'if-none-match': etag }))
		expect(revalidated.status).toBe(304)
	})

	test('previews are as wide as asked, from a closed set', async () => {
		const visitor = await browser()
		const preview = await serve.cardImageResponse(visitor.get(cardImageUrl(card, { width: 360 })))
		const { width, height } = await sharp(Buffer.from(await preview.arrayBuffer())).metadata()
		expect([width, height]).toEqual([360, 360])
		const odd = await serve.cardImageResponse(visitor.get('/tarjetas/imagen.jpg?t=Hola&ancho=333'))
		expect(odd.status).toBe(400)
	})

	test('bad parameters get a 400 with the Spanish reasons', async () => {
		const visitor = await browser()
		const response = await serve.cardImageResponse(
			visitor.get('/tarjetas/imagen.jpg?t=&c=rojo&o=0.9'),
		)
		expect(response.status).toBe(400)
		const text = await response.text()
		expect(text).toContain('La frase no puede estar vacía.')
		expect(text).toContain('El color del texto debe tener el formato #rrggbb.')
	})

	test('an image URL of an older render version is not cached for long', async () => {
		const visitor = await browser()
		const url = cardImageUrl(card).replace(/v=\d+/, 'v=0')
		const response = await serve.cardImageResponse(visitor.get(url))
		expect(response.headers.get('cache-control')).toBe('public, max-age=300')
	})
})

describe('uploaded backgrounds are private', () => {
	test('the browser that uploaded it sees it; another browser gets a 404', async () => {
		const owner = await browser()
		const stranger = await browser()
		const id = await uploadFor(owner.visitorId)
		const url = cardImageUrl({ ...card, upload: id }, { width: 360 })

		const mine = await serve.cardImageResponse(owner.get(url))
		expect(mine.status).toBe(200)
		expect(mine.headers.get('cache-control')).toContain('private')
		expect(mine.headers.get('vary')).toBe('Cookie')
		// Cached now: the stranger must still be refused, and a 304 must not leak either.
		const etag = mine.headers.get('etag') as string
		expect((await serve.cardImageResponse(stranger.get(url))).status).toBe(404)
		expect(
			(await serve.cardImageResponse(stranger.get(url, { 'if-none-match': etag }))).status,
		).toBe(404)
		expect((await serve.cardImageResponse(new Request(`http://x${url}`))).status).toBe(404)

		const background = `/tarjetas/fondo.jpg?u=${id}`
		expect((await serve.cardBackgroundResponse(owner.get(background))).status).toBe(200)
		expect((await serve.cardBackgroundResponse(stranger.get(background))).status).toBe(404)
		const zip = `/tarjetas/todas.zip?${new URL(url, 'http://x').searchParams}`
		expect((await serve.cardZipResponse(stranger.get(zip))).status).toBe(404)

		expect(
			await uploads.deleteUploadForViewer(id, { userId: null, visitorId: stranger.visitorId }),
		).toBe(false)
		expect(
			await uploads.deleteUploadForViewer(id, { userId: null, visitorId: owner.visitorId }),
		).toBe(true)
		expect(existsSync(uploadPath(id) as string)).toBe(false)
		expect((await serve.cardImageResponse(owner.get(url))).status).toBe(404)
	})

	test('anonymous uploads expire after 24 hours and are purged, files and rows', async () => {
		const owner = await browser()
		const old = await uploadFor(owner.visitorId, new Date(Date.now() - 25 * 60 * 60 * 1000))
		const fresh = await uploadFor(owner.visitorId)
		const row = await prisma.upload.findUnique({ where: { id: fresh } })
		expect(row?.fileName).toBe('fondo.png')
		expect(row?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000)
		expect(
			await uploads.getUploadForViewer(old, { userId: null, visitorId: owner.visitorId }),
		).toBeNull()

		expect(await uploads.purgeExpiredUploads()).toBe(1)
		expect(await prisma.upload.findUnique({ where: { id: old } })).toBeNull()
		expect(existsSync(uploadPath(old) as string)).toBe(false)
		expect(existsSync(uploadPath(fresh) as string)).toBe(true)
	})
})

describe('procedural backgrounds and fonts', () => {
	test('without a remote provider there is no background to fetch: the browser draws it', async () => {
		const visitor = await browser()
		const response = await serve.cardBackgroundResponse(
			visitor.get('/tarjetas/fondo.jpg?t=Hola&s=whatsapp&b=nature&sd=3'),
		)
		expect(response.status).toBe(404)
	})

	test('font files are served by name only, with immutable caching', async () => {
		const visitor = await browser()
		const font = await serve.fontFileResponse(
			visitor.get('/fonts/x'),
			'roboto-latin-700-normal.woff2',
		)
		expect(font.status).toBe(200)
		expect(font.headers.get('content-type')).toBe('font/woff2')
		expect(font.headers.get('cache-control')).toContain('immutable')
		const bad = await serve.fontFileResponse(visitor.get('/fonts/x'), '../../package.json')
		expect(bad.status).toBe(404)
	})
})
