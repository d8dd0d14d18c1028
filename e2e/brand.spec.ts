import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { EXIF_TAGS, readExifDescription, readExifText } from '../app/cards/jpeg-metadata'
import { sql, sqlDate, sqlGet, toast } from './auth-helpers'
import { auditablePage, expectAccessibleInBothThemes } from './axe'
import { generate } from './cards-helpers'
import { expect, expectHydration, expectSameDocument, markDocument, test } from './fixtures'

/*
 * "Tu marca" and colour emoji on the cards, with and without JavaScript: the brand form in
 * Configuración (its errors in Spanish next to the field), and a signed-in user's cards
 * carrying the handle (drawn in its corner, the JPEG's EXIF Artist) and the saved design,
 * with emoji drawn in colour by the server and, with JavaScript, by the canvas.
 */

const BRAND_TAB = '/dashboard/configuracion?pestana=marca'

type BrandRow = { handle: string | null; corner: string; use_design: number; font: string }
const brandOf = (userId: string) =>
	sqlGet<BrandRow>('SELECT * FROM user_brands WHERE user_id = ?', userId)

/** The parameters of a card's server download link (its signed image URL). */
async function downloadParams(card: Locator) {
	const href = await card.getByTestId('card-download').getAttribute('href')
	return new URL(href as string, 'http://x').searchParams
}

/** Submits the brand form; without JavaScript (or once the fields are valid) it posts. */
async function submitBrand(page: Page) {
	await page.getByRole('button', { name: 'Guardar cambios' }).click()
}

test('Tu marca: Spanish errors next to the handle, the rest kept; once saved, the next cards carry it', async ({
	page,
	login,
	visit,
	js,
}) => {
	const user = await login()
	// The form's posts (Remix's fetch adds .data to the path): whether a refusal came from
	// the browser or from the server.
	const posts: string[] = []
	page.on('request', (request) => {
		const { pathname } = new URL(request.url())
		if (request.method() === 'POST' && /^\/dashboard\/configuracion(\.data)?$/.test(pathname)) {
			posts.push(request.url())
		}
	})
	await visit(BRAND_TAB)
	const tabs = page.getByRole('navigation', { name: 'Apartados de la configuración' })
	await expect(tabs.getByRole('link', { name: 'Tu marca' })).toHaveAttribute('aria-current', 'page')
	const handle = page.getByLabel('Firma o usuario')
	await expect(handle).toHaveValue('')
	await expect(page.getByRole('radio', { name: 'Abajo a la derecha' })).toBeChecked()

	await page.getByRole('radio', { name: 'Arriba a la izquierda' }).check()
	await page.getByLabel('Usar este diseño en mis tarjetas nuevas').check()
	await page.getByLabel('Tipo de letra').selectOption('lobster')
	await handle.fill(`@${'a'.repeat(30)}`)
	await markDocument(page)
	await submitBrand(page)
	const tooLong = page.getByText('La firma no puede tener más de 30 caracteres.')
	await expect(tooLong).toBeVisible()
	// Next to the field, tied to it, and the other answers kept.
	await expect(handle).toHaveAttribute('aria-invalid', 'true')
	const describedBy = (await handle.getAttribute('aria-describedby')) ?? ''
	await expect(page.locator(`[id="${describedBy.split(' ').at(-1)}"]`)).toContainText(
		'La firma no puede tener más de 30 caracteres.',
	)
	await expect(handle).toHaveValue(`@${'a'.repeat(30)}`)
	await expect(page.getByRole('radio', { name: 'Arriba a la izquierda' })).toBeChecked()
	await expect(page.getByLabel('Usar este diseño en mis tarjetas nuevas')).toBeChecked()
	await expect(page.getByLabel('Tipo de letra')).toHaveValue('lobster')
	// With JavaScript the browser checked it with the server's rules and nothing was posted;
	// without it the server refused the post.
	await expectSameDocument(page, js)
	expect(posts).toHaveLength(js ? 0 : 1)
	expect(brandOf(user.id)).toBeUndefined()

	await handle.fill('mi/cuenta <b>')
	if (!js) await submitBrand(page)
	await expect(
		page.getByText('La firma solo puede llevar letras, números, espacios y los signos @ . _ -'),
	).toBeVisible()
	await expect(tooLong).toHaveCount(0)
	expect(posts).toHaveLength(js ? 0 : 2)
	expect(brandOf(user.id)).toBeUndefined()

	await handle.fill('  @Mi_Cuenta.es ')
	await Promise.all([
		page.waitForResponse(
			(response) =>
				response.request().method() === 'POST' && response.url().includes('/configuracion'),
		),
		submitBrand(page),
	])
	await expect(toast(page, 'Tu marca se ha guardado')).toBeVisible()
	await expectHydration(page, js)
	// The valid form is the first post with JavaScript: the record above sees its posts.
	expect(posts).toHaveLength(js ? 1 : 3)
	expect(brandOf(user.id)).toMatchObject({
		handle: '@Mi_Cuenta.es',
		corner: 'top-left',
		use_design: 1,
		font: 'lobster',
	})
	await expect(handle).toHaveValue('@Mi_Cuenta.es')

	// The next phrases the user generates come on cards in that design, with that handle.
	const image = await downloadParams(await generate(page, visit, js))
	expect(image.get('f')).toBe('lobster')
	expect(image.get('h')).toBe('@Mi_Cuenta.es')
	expect(image.get('hc')).toBe('top-left')
})

test('Tu marca with an error is accessible in both themes', async ({
	page,
	browser,
	login,
	visit,
	js,
}) => {
	await login()
	await visit(BRAND_TAB)
	// The refused state, as each visitor gets it.
	const audited = await auditablePage(page, browser, js)
	if (!js) await audited.goto(BRAND_TAB)
	await audited.getByLabel('Firma o usuario').fill('a'.repeat(31))
	await audited.getByRole('button', { name: 'Guardar cambios' }).click()
	await expect(audited.getByText('La firma no puede tener más de 30 caracteres.')).toBeVisible()
	await expectAccessibleInBothThemes(audited, 'Tu marca con un error')
	if (!js) await audited.context().close()
})

/**
 * A batch of the user's with these phrases, made as the generator makes one: with the
 * design their brand had then.
 */
function createBatch(userId: string, phrases: string[], cardDesign: object) {
	const id = randomUUID()
	sql(
		`INSERT INTO generation_batches (id, page, user_id, prompt, settings, provider, model, card_design, created_at)
		 VALUES (?, 'home', ?, 'sonrisas', '{"platform":"instagram_square"}', 'offline', 'plantillas', ?, ?)`,
		id,
		userId,
		JSON.stringify(cardDesign),
		sqlDate(new Date()),
	)
	phrases.forEach((content, position) =>
		sql(
			'INSERT INTO generation_phrases (id, batch_id, position, content) VALUES (?, ?, ?, ?)',
			randomUUID(),
			id,
			position,
			content,
		),
	)
	return id
}

async function rawPixels(jpeg: Buffer) {
	const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true })
	return { data, width: info.width, height: info.height }
}

/** Mean absolute RGB difference of two same-size JPEGs inside a box (0–255). */
async function meanDifference(
	a: Buffer,
	b: Buffer,
	box?: { x: number; y: number; width: number; height: number },
) {
	const [left, right] = await Promise.all([rawPixels(a), rawPixels(b)])
	expect([left.width, left.height]).toEqual([right.width, right.height])
	const area = box ?? { x: 0, y: 0, width: left.width, height: left.height }
	let total = 0
	for (let y = area.y; y < area.y + area.height; y++) {
		for (let x = area.x; x < area.x + area.width; x++) {
			for (let channel = 0; channel < 3; channel++) {
				const at = (y * left.width + x) * 3 + channel
				total += Math.abs((left.data[at] ?? 0) - (right.data[at] ?? 0))
			}
		}
	}
	return total / (area.width * area.height * 3)
}

/** Yellow pixels (😀's face) in the middle of a 1080² card, where a phrase of emoji sits. */
async function yellowInTheMiddle(jpeg: Buffer) {
	const { data, width } = await rawPixels(jpeg)
	let yellow = 0
	for (let y = 440; y < 640; y++) {
		for (let x = 340; x < 740; x++) {
			const at = (y * width + x) * 3
			if ((data[at] ?? 0) > 200 && (data[at + 1] ?? 0) > 150 && (data[at + 2] ?? 0) < 90) yellow++
		}
	}
	return yellow
}

async function exifOf(jpeg: Buffer) {
	const exif = (await sharp(jpeg).metadata()).exif as Buffer
	return { description: readExifDescription(exif), artist: readExifText(exif, EXIF_TAGS.artist) }
}

/** The card's JPEG as the server draws it (the link without JavaScript). */
async function serverJpeg(page: Page, card: Locator) {
	const href = await card.getByTestId('card-download').getAttribute('href')
	const response = await page.request.get(href as string)
	expect(response.status()).toBe(200)
	return response.body()
}

/** What "Descargar" gives: the canvas's JPEG with JavaScript, the server's without. */
async function download(page: Page, card: Locator, js: boolean) {
	const [file] = await Promise.all([
		page.waitForEvent('download'),
		card.getByTestId('card-download').click(),
	])
	expect(file.url().startsWith('blob:')).toBe(js)
	return readFileSync(await file.path())
}

// The top-left corner of a 1080² card, where the handle goes, and its middle (the phrase).
const CORNER = { x: 0, y: 0, width: 420, height: 110 }
const MIDDLE = { x: 340, y: 440, width: 400, height: 200 }

test("a signed-in user's cards: colour emoji, the saved design and the handle, which one card can leave out", async ({
	page,
	login,
	visit,
	js,
}) => {
	// Drawing and comparing full-size cards (server and canvas) is the slow part.
	test.slow()
	const user = await login()
	sql(
		`INSERT INTO user_brands (user_id, handle, corner, use_design, font, color, overlay, updated_at)
		 VALUES (?, '@marca_e2e', 'top-left', 1, 'lobster', '#ffffff', 0.5, ?)`,
		user.id,
		sqlDate(new Date()),
	)
	const mixed = 'Hola ❤️ 👍🏽 🇦🇷 1️⃣ 👨‍👩‍👧 🏳️‍🌈 👋🏽'
	const batch = createBatch(user.id, ['😀😀', mixed], {
		font: 'lobster',
		color: '#ffffff',
		overlay: 0.5,
	})
	const emojiFiles = new Set<string>()
	page.on('request', (request) => {
		const file = /\/fonts\/(noto-color-emoji-[^/?]+)/.exec(request.url())?.[1]
		if (file) emojiFiles.add(file)
	})
	await visit(`/?lote=${batch}`)
	const card = page.getByTestId('phrase-card').first()
	if (js) await expect(card).toHaveAttribute('data-status', 'ready')

	// The saved design is the card's own, and the handle travels in the signed image URL.
	const params = await downloadParams(card)
	expect(params.get('f')).toBe('lobster')
	expect(params.get('o')).toBe('0.5')
	expect(params.get('h')).toBe('@marca_e2e')
	expect(params.get('hc')).toBe('top-left')
	expect(page.url()).not.toContain('firma')

	const marked = await serverJpeg(page, card)
	expect(await exifOf(marked)).toEqual({ description: '😀😀', artist: '@marca_e2e' })
	expect(await yellowInTheMiddle(marked)).toBeGreaterThan(2000)
	const downloaded = await download(page, card, js)
	expect(await exifOf(downloaded)).toEqual({ description: '😀😀', artist: '@marca_e2e' })
	expect(await yellowInTheMiddle(downloaded)).toBeGreaterThan(2000)
	if (js) {
		// The canvas draws what the server draws, emoji and handle included.
		expect(await meanDifference(downloaded, marked)).toBeLessThan(4)
		expect(await meanDifference(downloaded, marked, MIDDLE)).toBeLessThan(6)
		expect(await meanDifference(downloaded, marked, CORNER)).toBeLessThan(6)
	}

	// Switched off for this card only.
	await card.getByRole('link', { name: 'Editar Diseño' }).click()
	const editor = card.getByTestId('design-editor')
	const handleSwitch = editor.getByLabel('Mostrar mi firma (@marca_e2e) en esta tarjeta')
	await expect(handleSwitch).toBeChecked()
	await handleSwitch.uncheck()
	await editor.getByRole('button', { name: 'Aplicar Cambios' }).click()
	await expect(page).toHaveURL(/c1\.firma=no/)
	await expect(card.getByTestId('design-editor')).toHaveCount(0)
	if (js) await expect(card).toHaveAttribute('data-status', 'ready')
	const plain = await serverJpeg(page, card)
	expect(await exifOf(plain)).toEqual({ description: '😀😀', artist: null })
	// Only the corner changed: the handle is gone from it.
	expect(await meanDifference(plain, marked, CORNER)).toBeGreaterThan(3)
	expect(await meanDifference(plain, marked, MIDDLE)).toBeLessThan(1)
	const plainDownload = await download(page, card, js)
	expect((await exifOf(plainDownload)).artist).toBeNull()

	// The other card still carries it; its phrase mixes flags, keycaps, skin tones, ZWJ.
	const second = page.getByTestId('phrase-card').nth(1)
	const secondParams = await downloadParams(second)
	expect(secondParams.get('h')).toBe('@marca_e2e')
	expect(secondParams.get('t')).toBe(mixed)
	if (js) {
		await expect(second).toHaveAttribute('data-status', 'ready')
		const fromServer = await serverJpeg(page, second)
		const fromCanvas = await download(page, second, true)
		expect(await exifOf(fromCanvas)).toEqual({ description: mixed, artist: '@marca_e2e' })
		expect(await meanDifference(fromCanvas, fromServer)).toBeLessThan(4)
		expect(await meanDifference(fromCanvas, fromServer, MIDDLE)).toBeLessThan(8)
		// Only the emoji subsets the two phrases use were downloaded, as .woff.
		expect([...emojiFiles].sort()).toEqual(
			[0, 1, 2, 8, 9].map((subset) => `noto-color-emoji-${subset}-400-normal.woff`),
		)
	} else {
		expect(emojiFiles.size).toBe(0)
	}
})
