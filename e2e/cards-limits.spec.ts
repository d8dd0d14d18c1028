import sharp from 'sharp'
import { generate } from './cards-helpers'
import { getUnlessBusy } from './cards-limits-helpers'
import { expect, fromOurPages, test } from './fixtures'

/*
 * The card routes' defences, in the browser (with and without JavaScript): the pages' own
 * image links are signed and keep working, and the per-owner upload quota is answered next
 * to the file field. The attacks on the routes themselves (forged signatures, a full render
 * queue) are plain HTTP: e2e/cards-limits.http.spec.ts.
 */

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
