import { readFileSync } from 'node:fs'
import { type Locator } from '@playwright/test'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { sqlGet, toast } from './auth-helpers'
import { generate, signedCardPath } from './cards-helpers'
import { expect, expectSameDocument, markDocument, test } from './fixtures'

/*
 * The image cards under generated phrases, with and without JavaScript. Without it every
 * picture comes from the server (GET forms, <img>, download links); with it the preview is
 * a canvas and the download is made in the browser.
 */

/** A signature of what the canvas shows, to tell two drawings apart. */
function canvasSignature(card: Locator) {
	return card.getByTestId('card-canvas').evaluate((canvas: HTMLCanvasElement) => {
		const ctx = canvas.getContext('2d')
		if (!ctx) return ''
		const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height)
		let hash = 0
		for (let index = 0; index < data.length; index += 97)
			hash = (hash * 31 + (data[index] ?? 0)) | 0
		return `${canvas.width}x${canvas.height}:${hash}`
	})
}

async function imageSize(bytes: Buffer) {
	const { width, height, format } = await sharp(bytes).metadata()
	return { width, height, format }
}

/** Mean absolute difference of two same-size images' RGB values (0–255). */
async function meanDifference(a: Buffer, b: Buffer) {
	const [left, right] = await Promise.all(
		[a, b].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()),
	)
	expect(left?.length).toBe(right?.length)
	let total = 0
	for (let index = 0; index < (left?.length ?? 0); index++) {
		total += Math.abs((left?.[index] ?? 0) - (right?.[index] ?? 0))
	}
	return total / (left?.length ?? 1)
}

test('design editor: size, font, colour and opacity, then a download of the exact size', async ({
	page,
	visit,
	js,
}) => {
	const card = await generate(page, visit, js)
	// With JavaScript the editor opens and applies in the page; without it, through new pages.
	await markDocument(page)
	await card.getByRole('link', { name: 'Editar Diseño' }).click()
	const editor = card.getByTestId('design-editor')
	await expect(editor).toBeVisible()
	await expect(card.getByRole('link', { name: 'Cerrar Edición' })).toBeVisible()
	await expectSameDocument(page, js)
	await markDocument(page)
	const before = js ? await canvasSignature(card) : ''

	await editor.getByLabel('Tamaño de la plataforma').selectOption('facebook_post')
	await editor.getByLabel('Tipo de letra').selectOption('lobster')
	await editor.getByLabel('Color del texto').fill('#ffcc00')
	await editor.getByRole('spinbutton', { name: 'Opacidad de la capa oscura' }).fill('0.5')
	await editor.getByRole('spinbutton', { name: 'Tamaño de fuente (px)' }).fill('80')
	if (js) {
		// The preview follows every change before anything is applied.
		await expect.poll(() => canvasSignature(card)).not.toBe(before)
		await expect(card.getByTestId('card-download')).toHaveText(
			'Descargar para Publicación de Facebook',
		)
	}

	await editor.getByRole('button', { name: 'Aplicar Cambios' }).click()
	await expect(toast(page, 'Cambios de diseño aplicados')).toBeVisible()
	await expect(page).toHaveURL(/c1\.s=facebook_post/)
	await expect(page).toHaveURL(/c1\.f=lobster/)
	await expect(page).toHaveURL(/c1\.c=ffcc00/)
	await expect(page).toHaveURL(/c1\.o=0\.5/)
	await expect(page).toHaveURL(/c1\.fs=80/)
	await expect(card.getByTestId('design-editor')).toHaveCount(0)
	await expectSameDocument(page, js)
	const download = card.getByTestId('card-download')
	await expect(download).toHaveText('Descargar para Publicación de Facebook')
	if (js) await expect(card).toHaveAttribute('data-status', 'ready')
	else await expect(card.getByTestId('card-image')).toHaveAttribute('width', '540')

	const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
	expect(file.suggestedFilename()).toBe('frase-1-facebook_post.jpg')
	const bytes = readFileSync(await file.path())
	expect(await imageSize(bytes)).toEqual({ width: 1200, height: 630, format: 'jpeg' })
	if (js) {
		await expect(toast(page, 'Imagen descargada correctamente')).toBeVisible()
		// Drawn by the browser, not fetched from the server...
		expect(file.url()).toMatch(/^blob:/)
		// ...and the same picture as the server's.
		const server = await page.request.get((await download.getAttribute('href')) as string)
		const serverBytes = await server.body()
		// Antialiasing and JPEG noise only (about 2 of 255 on average).
		expect(await meanDifference(bytes, serverBytes)).toBeLessThan(4)
	} else {
		expect(file.url()).toContain('/tarjetas/imagen.jpg?')
	}
})

test('background type and "Nuevo Fondo" change the picture', async ({ page, visit, js }) => {
	const card = await generate(page, visit, js)
	const image = card.getByTestId(js ? 'card-canvas' : 'card-image')
	const first = js ? await canvasSignature(card) : await image.getAttribute('src')

	await card.getByLabel('Tipo de fondo').selectOption('nature')
	// Without JavaScript the select needs its button.
	if (!js) await card.getByRole('button', { name: 'Aplicar', exact: true }).click()
	await expect(page).toHaveURL(/c1\.b=nature/)
	if (js) {
		await expect(card).toHaveAttribute('data-status', 'ready')
		await expect.poll(() => canvasSignature(card)).not.toBe(first)
	} else {
		await expect(image).toHaveAttribute('src', /b=nature/)
	}

	const url = page.url()
	await card.getByRole('link', { name: 'Nuevo Fondo' }).click()
	await expect(page).toHaveURL(/c1\.sd=\d+/)
	expect(page.url()).not.toBe(url)
	await expect(card.getByLabel('Tipo de fondo')).toHaveValue('nature')
})

test('upload a background, see it used, keep it private, then remove it', async ({
	page,
	visit,
	js,
	browser,
}) => {
	const card = await generate(page, visit, js)

	// A text file named .png is refused by its bytes, next to the field.
	await card.getByRole('link', { name: 'Subir Fondo' }).click()
	const panel = card.getByTestId('upload-panel')
	await panel.getByLabel('Imagen de fondo').setInputFiles({
		name: 'fondo.png',
		mimeType: 'image/png',
		buffer: Buffer.from('esto no es una imagen'),
	})
	await panel.getByRole('button', { name: 'Subir Imagen' }).click()
	await expect(
		card.getByText('Formato de archivo no válido. Por favor, usa JPG, PNG o WEBP.'),
	).toBeVisible()

	// A real PNG, saying it is a JPEG.
	const red = await sharp({
		create: { width: 640, height: 400, channels: 3, background: '#e11d48' },
	})
		.png()
		.toBuffer()
	await card
		.getByTestId('upload-panel')
		.getByLabel('Imagen de fondo')
		.setInputFiles({ name: 'rojo.jpg', mimeType: 'image/jpeg', buffer: red })
	await card.getByTestId('upload-panel').getByRole('button', { name: 'Subir Imagen' }).click()
	await expect(toast(page, 'Imagen de fondo subida correctamente')).toBeVisible()
	await expect(card.getByText('Usando fondo personalizado')).toBeVisible()
	await expect(page).toHaveURL(/c1\.u=[\w-]{22}/)
	await expect(card.getByRole('link', { name: 'Cambiar Fondo' })).toBeVisible()
	await expect(card.getByLabel('Tipo de fondo')).toHaveCount(0)
	await expect(card.getByRole('link', { name: 'Nuevo Fondo' })).toHaveCount(0)

	// The picture is made from the upload: mostly red under the 0.3 overlay.
	const downloadUrl = await card.getByTestId('card-download').getAttribute('href')
	expect(downloadUrl).toMatch(/u=[\w-]{22}/)
	const response = await page.request.get(downloadUrl as string)
	expect(response.status()).toBe(200)
	expect(response.headers()['cache-control']).toContain('private')
	const { channels } = await sharp(await response.body()).stats()
	const [r, g, b] = channels.map((channel) => channel.mean)
	expect(r).toBeGreaterThan(100)
	expect(r).toBeGreaterThan((g ?? 0) * 2)
	expect(r).toBeGreaterThan((b ?? 0) * 1.5)
	if (js) {
		await expect(card).toHaveAttribute('data-status', 'ready')
		const corner = await card
			.getByTestId('card-canvas')
			.evaluate((canvas: HTMLCanvasElement) =>
				Array.from(canvas.getContext('2d')?.getImageData(4, 4, 1, 1).data ?? []),
			)
		expect(corner[0]).toBeGreaterThan(100)
		expect(corner[0]).toBeGreaterThan((corner[1] ?? 0) * 2)
	} else {
		await expect(card.getByTestId('card-image')).toHaveAttribute('src', /u=[\w-]{22}/)
	}

	// Another browser gets nothing: not the card, not the background.
	const uploadId = /u=([\w-]{22})/.exec(downloadUrl as string)?.[1]
	const stranger = await browser.newContext()
	try {
		const origin = new URL(page.url()).origin
		const card = await stranger.request.get(`${origin}${downloadUrl}`)
		expect(card.status()).toBe(404)
		// Even with a valid signature (as the owner's page writes it).
		const background = await stranger.request.get(
			`${origin}${signedCardPath(`/tarjetas/fondo.jpg?u=${uploadId}`)}`,
		)
		expect(background.status()).toBe(404)
		const zip = await stranger.request.get(
			`${origin}${await page
				.getByRole('link', { name: /todos los tamaños/ })
				.first()
				.getAttribute('href')}`,
		)
		expect(zip.status()).toBe(404)
	} finally {
		await stranger.close()
	}
	const row = sqlGet<{ visitor_id: string | null; expires_at: unknown; width: number }>(
		'SELECT visitor_id, expires_at, width FROM uploads WHERE id = ?',
		uploadId,
	)
	expect(row?.visitor_id).toBeTruthy()
	expect(row?.expires_at).toBeTruthy()
	expect(row?.width).toBe(640)

	await card.getByRole('button', { name: 'Quitar' }).click()
	await expect(toast(page, 'Imagen de fondo eliminada')).toBeVisible()
	await expect(card.getByText('Usando fondo personalizado')).toHaveCount(0)
	await expect(card.getByLabel('Tipo de fondo')).toBeVisible()
	expect(page.url()).not.toContain('c1.u=')
	expect(sqlGet('SELECT id FROM uploads WHERE id = ?', uploadId)).toBeUndefined()
})

test('"Descargar todos los tamaños" gives a ZIP with the 10 sizes', async ({ page, visit, js }) => {
	const card = await generate(page, visit, js)
	const link = card.getByRole('link', { name: 'Descargar todos los tamaños (ZIP)' })
	const [file] = await Promise.all([page.waitForEvent('download'), link.click()])
	expect(file.suggestedFilename()).toBe('frase-1-todos-los-tamanos.zip')
	const entries = unzipSync(new Uint8Array(readFileSync(await file.path())))
	const expected: Record<string, [number, number]> = {
		'frase-1-instagram_square.jpg': [1080, 1080],
		'frase-1-instagram_story.jpg': [1080, 1920],
		'frase-1-facebook_post.jpg': [1200, 630],
		'frase-1-facebook_cover.jpg': [1200, 315],
		'frase-1-twitter_post.jpg': [1200, 675],
		'frase-1-pinterest.jpg': [735, 1102],
		'frase-1-whatsapp.jpg': [800, 800],
		'frase-1-linkedin.jpg': [1200, 627],
		'frase-1-youtube_thumbnail.jpg': [1280, 720],
		'frase-1-web_banner.jpg': [1920, 1080],
	}
	expect(Object.keys(entries).sort()).toEqual(Object.keys(expected).sort())
	for (const [name, [width, height]] of Object.entries(expected)) {
		const bytes = Buffer.from(entries[name] as Uint8Array)
		expect(await imageSize(bytes), name).toEqual({ width, height, format: 'jpeg' })
	}

	// A bad card URL gets a Spanish reason (signed: an unsigned one gets no further than 403).
	const bad = await page.request.get(
		signedCardPath('/tarjetas/imagen.jpg?t=Hola&s=tamano_raro&fs=7'),
	)
	expect(bad.status()).toBe(400)
	expect(await bad.text()).toContain('El tamaño de plataforma no es válido.')
})

test('"Me Gusta" is remembered for the phrase and counted for its model', async ({
	page,
	visit,
	js,
}) => {
	// A batch with a type and a language of its own, so the like must carry them over.
	const card = await generate(page, visit, js, { type: 'amor', language: 'francés fr' })
	const like = card.getByRole('button', { name: 'Me Gusta' })
	await expect(like).toHaveAttribute('aria-pressed', 'false')
	await like.click()
	await expect(toast(page, /Te gusta esta frase/)).toBeVisible()
	await expect(like).toHaveAttribute('aria-pressed', 'true')
	const batchId = new URL(page.url()).searchParams.get('lote')
	const like0 = () =>
		sqlGet<{
			provider: string
			model: string
			phrase_type: string
			page: string
			language: string
		}>(
			`SELECT provider, model, phrase_type, page, language FROM phrase_likes
			 WHERE batch_id = ? AND position = 0`,
			batchId,
		)
	// The batch's page, model and settings.
	expect(like0()).toEqual({
		provider: 'offline',
		model: 'frasea-offline-1',
		phrase_type: 'amor',
		page: 'home',
		language: 'francés fr',
	})
	await like.click()
	await expect(like).toHaveAttribute('aria-pressed', 'false')
	await expect.poll(like0, { message: 'the like is forgotten' }).toBeUndefined()
})
