import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { CARD_LIMITS } from './limits'
import { CARD_GUARD_MESSAGES } from './messages'
import * as uploads from '~/models/upload.server'
import { ensureVisitorId } from '~/utils/visitor.server'
import { imageCache } from './render-guard.server'
import { renderPool } from './render-pool.server'
import * as serve from './serve.server'
import { storedFileExists } from '../../tests/support/stored-files'
import { storeUpload, uploadKey } from './upload.server'
import { signCardPath } from './url-signature.server'
import { cardImageUrl, signedCardUrl } from './urls.server'

/** A card route URL written by hand, signed as the pages sign theirs. */
function sign(path: string) {
	const url = new URL(path, 'http://x')
	return signedCardUrl(url.pathname, url.searchParams)
}

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
		const cachedBefore = imageCache.size
		const second = await serve.cardImageResponse(visitor.get(url))
		expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true)
		expect(imageCache.size).toBe(cachedBefore)
		const revalidated = await serve.cardImageResponse(visitor.get(url, { 'if-none-match': etag }))
		expect(revalidated.status).toBe(304)
	})

	test('previews are as wide as asked, from a closed set', async () => {
		const visitor = await browser()
		const preview = await serve.cardImageResponse(visitor.get(cardImageUrl(card, { width: 360 })))
		const { width, height } = await sharp(Buffer.from(await preview.arrayBuffer())).metadata()
		expect([width, height]).toEqual([360, 360])
		const odd = await serve.cardImageResponse(
			visitor.get(sign('/tarjetas/imagen.jpg?t=Hola&ancho=333')),
		)
		expect(odd.status).toBe(400)
	})

	test('bad parameters get a 400 with the Spanish reasons', async () => {
		const visitor = await browser()
		const response = await serve.cardImageResponse(
			visitor.get(sign('/tarjetas/imagen.jpg?t=&c=rojo&o=0.9')),
		)
		expect(response.status).toBe(400)
		const text = await response.text()
		expect(text).toContain('La frase no puede estar vacía.')
		expect(text).toContain('El color del texto debe tener el formato #rrggbb.')
	})

	test('an image URL of an older render version is not cached for long', async () => {
		const visitor = await browser()
		const url = sign(cardImageUrl(card).replace(/v=\d+/, 'v=0'))
		const response = await serve.cardImageResponse(visitor.get(url))
		expect(response.headers.get('cache-control')).toBe('public, max-age=300')
	})
})

describe('only signed URLs render, within limits (attack 7)', () => {
	const zipOf = (seed: number) => {
		const url = new URL(cardImageUrl({ ...card, seed }), 'http://x')
		return signedCardUrl('/tarjetas/todas.zip', url.searchParams)
	}

	test('a URL without a signature, or with one that does not match, gets a 403 in Spanish', async () => {
		const visitor = await browser()
		const unsigned = await serve.cardImageResponse(visitor.get('/tarjetas/imagen.jpg?t=Compra+ya'))
		expect(unsigned.status).toBe(403)
		expect(await unsigned.text()).toBe(CARD_GUARD_MESSAGES.signatureMissing)
		expect(unsigned.headers.get('cache-control')).toBe('no-store')

		const good = cardImageUrl(card)
		const otherText = good.replace('t=Hola+mundo', 't=Compra+ya')
		const otherSeed = good.replace('sd=5', 'sd=6')
		for (const forged of [otherText, otherSeed, `${good}&ancho=360`]) {
			const response = await serve.cardImageResponse(visitor.get(forged))
			expect(response.status, forged).toBe(403)
			expect(await response.text()).toBe(CARD_GUARD_MESSAGES.signatureInvalid)
		}
		const zip = await serve.cardZipResponse(visitor.get('/tarjetas/todas.zip?t=Hola&sd=99'))
		expect(zip.status).toBe(403)
		const background = await serve.cardBackgroundResponse(visitor.get('/tarjetas/fondo.jpg?u=x'))
		expect(background.status).toBe(403)
	})

	test('URLs signed with the previous secret still render', async () => {
		const visitor = await browser()
		const params = new URL(cardImageUrl({ ...card, seed: 77 }), 'http://x').searchParams
		const old = signCardPath('/tarjetas/imagen.jpg', params, 'secreto-anterior-de-pruebas-5678')
		expect((await serve.cardImageResponse(visitor.get(old))).status).toBe(200)
		const stranger = signCardPath('/tarjetas/imagen.jpg', params, 'un-secreto-que-no-es-nuestro')
		expect((await serve.cardImageResponse(visitor.get(stranger))).status).toBe(403)
	})

	test('uncached renders are limited per client address (429 with Retry-After); cached ones are not', async () => {
		const visitor = await browser()
		const limit = CARD_LIMITS.zipRendersPerMinute
		CARD_LIMITS.zipRendersPerMinute = 2
		try {
			const from = { clientAddress: '203.0.113.7' }
			expect((await serve.cardZipResponse(visitor.get(zipOf(1001)), from)).status).toBe(200)
			expect((await serve.cardZipResponse(visitor.get(zipOf(1002)), from)).status).toBe(200)
			const refused = await serve.cardZipResponse(visitor.get(zipOf(1003)), from)
			expect(refused.status).toBe(429)
			expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
			expect(await refused.text()).toBe(CARD_GUARD_MESSAGES.rateLimited)
			// What is already drawn costs nothing and is still served...
			expect((await serve.cardZipResponse(visitor.get(zipOf(1001)), from)).status).toBe(200)
			// ...and another address has its own allowance.
			const other = { clientAddress: '203.0.113.8' }
			expect((await serve.cardZipResponse(visitor.get(zipOf(1003)), other)).status).toBe(200)
		} finally {
			CARD_LIMITS.zipRendersPerMinute = limit
		}
	})

	test('when the render queue is full a new render gets 503 with Retry-After, and no 500', async () => {
		const visitor = await browser()
		let release: () => void = () => undefined
		const blocked = new Promise<void>((resolve) => (release = resolve))
		const { limiter } = renderPool()
		const hogs = Array.from({ length: limiter.concurrency + limiter.maxQueue }, () =>
			limiter.run(() => blocked),
		)
		try {
			expect(renderPool().full).toBe(true)
			const from = { clientAddress: '203.0.113.9' }
			const image = await serve.cardImageResponse(
				visitor.get(cardImageUrl({ ...card, seed: 2001 })),
				from,
			)
			expect(image.status).toBe(503)
			expect(image.headers.get('retry-after')).toBe(String(CARD_LIMITS.busyRetryAfterSeconds))
			expect(await image.text()).toBe(CARD_GUARD_MESSAGES.busy)
			expect((await serve.cardZipResponse(visitor.get(zipOf(2002)), from)).status).toBe(503)
			// A card already in the cache is still served while the queue is full.
			expect((await serve.cardZipResponse(visitor.get(zipOf(1001)), from)).status).toBe(200)
		} finally {
			release()
			await Promise.all(hogs)
		}
		const after = await serve.cardImageResponse(
			visitor.get(cardImageUrl({ ...card, seed: 2001 })),
			{ clientAddress: '203.0.113.9' },
		)
		expect(after.status).toBe(200)
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

		const background = sign(`/tarjetas/fondo.jpg?u=${id}`)
		expect((await serve.cardBackgroundResponse(owner.get(background))).status).toBe(200)
		expect((await serve.cardBackgroundResponse(stranger.get(background))).status).toBe(404)
		const zipParams = new URL(url, 'http://x').searchParams
		zipParams.delete('ancho')
		const zip = sign(`/tarjetas/todas.zip?${zipParams}`)
		expect((await serve.cardZipResponse(stranger.get(zip))).status).toBe(404)

		expect(
			await uploads.deleteUploadForViewer(id, { userId: null, visitorId: stranger.visitorId }),
		).toBe(false)
		expect(
			await uploads.deleteUploadForViewer(id, { userId: null, visitorId: owner.visitorId }),
		).toBe(true)
		expect(await storedFileExists(uploadKey(id))).toBe(false)
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
		expect(await storedFileExists(uploadKey(old))).toBe(false)
		expect(await storedFileExists(uploadKey(fresh))).toBe(true)
	})
})

describe('procedural backgrounds and fonts', () => {
	test('without a remote provider there is no background to fetch: the browser draws it', async () => {
		const visitor = await browser()
		const response = await serve.cardBackgroundResponse(
			visitor.get(sign('/tarjetas/fondo.jpg?t=Hola&s=whatsapp&b=nature&sd=3')),
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
