import { type Page } from '@playwright/test'
import sharp from 'sharp'
import { createUser, PASSWORD, randomIp, sqlGet, toast, uniqueEmail } from './auth-helpers'
import { expect, expectHydration, fromOurPages, generateBatch, test } from './fixtures'

const promptLabel = '¿Sobre qué quieres tus frases?'

const phrases = (page: Page) => page.getByTestId('phrase-text')

test('home: generates the chosen number of phrases and the batch survives a reload', async ({
	page,
	visit,
	js,
}) => {
	await visit('/')
	await expect(page.getByText('Motor sin conexión.')).toBeVisible()
	await page.getByLabel(promptLabel).fill('el café de los lunes')
	await page.getByLabel('Número de frases').selectOption('3')
	await page.getByLabel('Tipo de frase').selectOption('motivacionales')
	await generateBatch(page, js)

	await expect(toast(page, '¡3 frases generadas con éxito!')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Frases Generadas' })).toBeVisible()
	await expect(phrases(page)).toHaveCount(3)
	const texts = await phrases(page).allTextContents()
	expect(new Set(texts).size).toBe(3)

	// The form shows the settings of the batch on screen.
	await expect(page.getByLabel(promptLabel)).toHaveValue('el café de los lunes')
	await expect(page.getByLabel('Número de frases')).toHaveValue('3')

	await page.reload()
	await expectHydration(page, js)
	await expect(phrases(page)).toHaveText(texts)

	// A new generation starts from the same page.
	await page.getByLabel('Número de frases').selectOption('2')
	await generateBatch(page, js)
	await expect(phrases(page)).toHaveCount(2)
})

test('home: an empty topic is refused with the prompt-required message and the other input is kept', async ({
	page,
	visit,
	js,
}) => {
	await visit('/')
	const button = page.getByRole('button', { name: 'Generar Frases' })
	await page.getByLabel('Idioma').selectOption('francés fr')
	if (js) {
		// With JavaScript the button waits for a topic.
		await page.getByLabel(promptLabel).fill('   ')
		await expect(button).toBeDisabled()
		await page.getByLabel(promptLabel).fill('algo')
		await expect(button).toBeEnabled()
		return
	}
	// Without JavaScript the browser's `required` stops an empty box; a blank one reaches
	// the server, which checks every limit itself.
	await page.getByLabel(promptLabel).fill('   ')
	await button.click()
	await expect(page.getByText('Por favor, escribe un prompt para generar frases')).toBeVisible()
	await expect(page.getByLabel(promptLabel)).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByLabel('Idioma')).toHaveValue('francés fr')
})

test('home: the server enforces the length bounds', async ({ page, visit }) => {
	await visit('/')
	await page.getByLabel(promptLabel).fill('la lluvia')
	const length = page.getByLabel('Longitud aproximada (palabras)', { exact: true })
	// Bypass the browser's own min/max check to reach the server's.
	await length.evaluate((input) => input.removeAttribute('max'))
	await length.fill('150')
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page.getByText('La longitud debe estar entre 5 y 100 palabras')).toBeVisible()
	await expect(page.getByLabel(promptLabel)).toHaveValue('la lluvia')
	await expect(length).toHaveValue('150')
})

test('home: a phrase can be edited and the edit is kept', async ({ page, visit, js }) => {
	await visit('/')
	await page.getByLabel(promptLabel).fill('mi perro')
	await page.getByLabel('Número de frases').selectOption('2')
	await generateBatch(page, js)
	const second = await phrases(page).nth(1).textContent()

	await page.getByRole('link', { name: 'Editar' }).first().click()
	const box = page.getByLabel('Texto de la frase 1')
	await box.fill('Mi perro es mi mejor amigo.')
	// Cancel discards.
	await page.getByRole('link', { name: 'Cancelar' }).click()
	await expect(page.getByLabel('Texto de la frase 1')).toHaveCount(0)

	await page.getByRole('link', { name: 'Editar' }).first().click()
	await page.getByLabel('Texto de la frase 1').fill('Mi perro es mi mejor amigo.')
	await page.getByRole('button', { name: 'Guardar', exact: true }).click()
	await expect(toast(page, 'Texto actualizado')).toBeVisible()
	await expect(phrases(page).first()).toHaveText(/Mi perro es mi mejor amigo\./)
	await page.reload()
	await expect(phrases(page).first()).toHaveText(/Mi perro es mi mejor amigo\./)
	await expect(phrases(page).nth(1)).toHaveText(second ?? '')
})

test('another browser cannot open a batch by its URL', async ({ page, visit, js, browser }) => {
	await visit('/')
	await page.getByLabel(promptLabel).fill('secreto')
	await generateBatch(page, js)
	const other = await browser.newContext({ javaScriptEnabled: js })
	const stranger = await other.newPage()
	await stranger.goto(page.url())
	await expectHydration(stranger, js)
	await expect(stranger.getByText('Esta generación ya no está disponible.')).toBeVisible()
	await expect(stranger.getByTestId('phrase-text')).toHaveCount(0)
	await other.close()
})

test('instagram: generates from an uploaded image, with copy when JavaScript runs', async ({
	page,
	visit,
	js,
}) => {
	await visit('/instagram')
	await page.getByRole('link', { name: 'Imagen' }).click()
	await expect(page).toHaveURL(/modo=imagen/)
	await expect(page.getByLabel(promptLabel)).toHaveCount(0)
	const png = await sharp({
		create: { width: 64, height: 48, channels: 3, background: '#3366ff' },
	})
		.png()
		.toBuffer()
	await page.getByLabel('Imagen', { exact: true }).setInputFiles({
		name: 'playa.png',
		mimeType: 'image/png',
		buffer: png,
	})
	if (js) await expect(page.getByAltText('Vista previa de la imagen elegida')).toBeVisible()
	await page.getByLabel('Contexto adicional (opcional)').fill('vacaciones en la playa')
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page).toHaveURL(/\/instagram\?lote=/)
	await expect(phrases(page)).toHaveCount(4)
	await expect(page.getByLabel('Contexto adicional (opcional)')).toHaveValue(
		'vacaciones en la playa',
	)
	if (js) {
		await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.getByRole('button', { name: 'Copiar Frase' }).first().click()
		await expect(toast(page, 'Frase copiada al portapapeles')).toBeVisible()
	} else {
		await expect(page.getByRole('button', { name: 'Copiar Frase' })).toHaveCount(0)
	}
})

test('instagram: image mode needs an image and refuses one over 15MB', async ({
	page,
	visit,
	js,
}) => {
	// Slow by nature: a 15 MB file goes through the browser (and, without JavaScript, the upload).
	test.slow()
	await visit('/instagram?modo=imagen')
	const picker = page.getByLabel('Imagen', { exact: true })
	const big = Buffer.alloc(15 * 1024 * 1024 + 1, 7)
	await page.getByLabel('Contexto adicional (opcional)').fill('mi contexto')
	await picker.setInputFiles({ name: 'enorme.png', mimeType: 'image/png', buffer: big })
	if (js) {
		// Refused at once, before any upload.
		await expect(
			page.getByText('La imagen es demasiado grande. El tamaño máximo es 15MB.'),
		).toBeVisible()
		return
	}
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(
		page.getByText('La imagen es demasiado grande. El tamaño máximo es 15MB.'),
	).toBeVisible()
	await expect(page.getByLabel('Contexto adicional (opcional)')).toHaveValue('mi contexto')

	// A file that only claims to be an image is refused from its bytes.
	await page
		.getByLabel('Imagen', { exact: true })
		.setInputFiles({ name: 'falsa.png', mimeType: 'image/png', buffer: Buffer.from('hola') })
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(
		page.getByText('Formato de imagen no válido. Usa PNG, JPG, GIF o WEBP.'),
	).toBeVisible()
})

test('facebook: offers 3, 6, 9 or 12 phrases and generates six by default', async ({
	page,
	visit,
	js,
}) => {
	await visit('/facebook')
	await expect(page.getByLabel('Número de frases')).toHaveValue('6')
	const options = await page.getByLabel('Número de frases').locator('option').allTextContents()
	expect(options).toEqual(['3 frases', '6 frases', '9 frases', '12 frases'])
	await expect(page.getByLabel('Tipo de frase')).toHaveValue('facebook')
	await page.getByLabel(promptLabel).fill('el fin de semana')
	await generateBatch(page, js)
	await expect(page).toHaveURL(/\/facebook\?lote=/)
	await expect(page.getByText(/^6 frases generadas/)).toBeVisible()
	await expect(phrases(page)).toHaveCount(6)
	// Guests are invited to sign in instead of saving.
	await expect(page.getByRole('button', { name: 'Guardar Todas' })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Inicia sesión para guardar frases' })).toBeVisible()
})

test('a guest signs in from a batch, comes back to it and saves phrases', async ({
	page,
	visit,
	js,
}) => {
	const email = uniqueEmail('guardar')
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	await createUser({ name: 'Lucía', email, confirmed: false })

	await visit('/facebook')
	await page.getByLabel(promptLabel).fill('la amistad')
	await page.getByLabel('Número de frases').selectOption('3')
	await generateBatch(page, js)
	const batchUrl = new URL(page.url())
	await expect(phrases(page)).toHaveCount(3)
	const texts = await phrases(page).allTextContents()

	await page.getByRole('link', { name: 'Inicia sesión para guardar frases' }).click()
	await expect(page).toHaveURL(/\/login\?redirectTo=/)
	const form = page.locator('form#login')
	await form.getByLabel('Correo electrónico').fill(email)
	await form.getByLabel('Contraseña').fill(PASSWORD)
	await form.getByRole('button', { name: 'Iniciar Sesión' }).click()
	await expect(page).toHaveURL(`${batchUrl.pathname}${batchUrl.search}`)
	await expect(phrases(page)).toHaveText(texts)

	await page.getByRole('button', { name: 'Guardar Frase' }).first().click()
	await expect(toast(page, 'Frase guardada correctamente')).toBeVisible()
	await page.getByRole('button', { name: 'Guardar Todas' }).click()
	await expect(toast(page, 'Todas las frases fueron guardadas')).toBeVisible()
	const saved = sqlGet<{ n: number }>(
		'SELECT count(*) AS n FROM frases f JOIN perfiles p ON p.id = f.usuario_id WHERE p.correo = ?',
		email,
	)
	// Saving the first one twice does not duplicate it.
	expect(saved?.n).toBe(3)
})

test('a signed-in user’s generations are written to their history', async ({ page, js, login }) => {
	const email = uniqueEmail('historial')
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	await login({ name: 'Mario', email, confirmed: false })
	await page.goto('/')
	await expectHydration(page, js)
	await page.getByLabel(promptLabel).fill('para mi novia Ana')
	await page.getByLabel('Tipo de frase').selectOption('amor')
	await page.getByLabel('Número de frases').selectOption('2')
	await generateBatch(page, js)
	const row = sqlGet<{ n: number; prompt: string; settings: string }>(
		`SELECT count(*) AS n, max(h.prompt_original) AS prompt, max(h.configuracion) AS settings
		 FROM historial_frases h JOIN perfiles p ON p.id = h.usuario_id WHERE p.correo = ?`,
		email,
	)
	expect(row?.n).toBe(2)
	expect(row?.prompt).toBe('para mi novia Ana')
	expect(JSON.parse(row?.settings ?? '{}')).toMatchObject({ type: 'amor', count: 2 })
})

test('when the daily allowance is spent the page says so and when it resets', async ({
	page,
	visit,
}) => {
	await visit('/')
	await expect(page.getByText(/Te quedan 30 de 30 generaciones hoy/)).toBeVisible()
	for (let i = 0; i < 30; i++) {
		const response = await page.request.post('/?index', {
			headers: fromOurPages,
			form: { intent: 'generate', prompt: `tema ${i}`, count: '1', length: '10' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(302)
	}
	const refused = await page.request.post('/?index', {
		headers: fromOurPages,
		form: { intent: 'generate', prompt: 'uno más', count: '1', length: '10' },
		maxRedirects: 0,
	})
	expect(refused.status()).toBe(429)
	await visit('/')
	await expect(
		page.getByText(
			/Has alcanzado el límite de 30 generaciones de hoy\. Podrás generar más frases a partir de las 00:00/,
		),
	).toBeVisible()
	await expect(page.getByRole('button', { name: 'Generar Frases' })).toBeDisabled()
})

test('home: changing the cards’ format re-applies it to every card', async ({
	page,
	visit,
	js,
}) => {
	await visit('/')
	await page.getByLabel(promptLabel).fill('la montaña')
	await page.getByLabel('Número de frases').selectOption('2')
	await generateBatch(page, js)
	// Card 1 was given its own size; the format below overrides it.
	await visit(`${new URL(page.url()).pathname}${new URL(page.url()).search}&c1.s=whatsapp`)
	await expect(page.getByText('Descargar para WhatsApp')).toHaveCount(1)
	await expect(page.getByText('Descargar para Instagram Cuadrado')).toHaveCount(1)

	await page.getByLabel('Formato de las tarjetas').selectOption('facebook_post')
	if (!js) await page.getByRole('button', { name: 'Aplicar formato' }).click()
	await expect(toast(page, 'Cambios de diseño aplicados')).toBeVisible()
	await expect(page.getByText('Descargar para Publicación de Facebook')).toHaveCount(2)
	await expect(page).not.toHaveURL(/c1\.s=/)
	await expect(page.getByLabel('Plataforma de destino')).toHaveValue('facebook_post')
	await page.reload()
	await expect(page.getByText('Descargar para Publicación de Facebook')).toHaveCount(2)
})
