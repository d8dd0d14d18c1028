/**
 * Spanish for every audience on the three generators, with and without JavaScript, on the
 * offline engine: the variant and register are offered only for Spanish, Argentina and
 * cercano write voseo and are named in the batch's address, and a signed-in user's last
 * choice comes back on every generator.
 */
import { type Page } from '@playwright/test'
import { expect, generateBatch, test } from './fixtures'

const promptLabel = '¿Sobre qué quieres tus frases?'
const phrases = (page: Page) => page.getByTestId('phrase-text')

/** Verb forms and pronouns only voseo uses (those the offline engine's Spanish bank writes). */
const VOSEO =
	/(?<!\p{L})(vos|sos|tenés|podés|valés|esperás|imaginás|soñás|creés|creé|seguí|recordá|invertí|buscás|apostá|ponés|dejás|creá|animate|imaginá|agradecé|sentís|frená|respirá|escuchate|quedate|admitilo|reíte|sonreí|escuchá|aprendé|tené|preguntá|apagá|pensá|abrazá|llamá|extrañás|celebrá|disfrutá|merecés|armá|andá|coleccioná|probá|contás|servite|cuidá|sudá|movete|guardá|viví)(?!\p{L})/iu

for (const path of ['/', '/instagram', '/facebook']) {
	test(`${path}: Argentina and cercano write voseo, and the batch's address says Argentina`, async ({
		page,
		visit,
		js,
	}) => {
		await visit(path)
		await page.getByLabel(promptLabel).fill('el mate de la tarde')
		await page.getByLabel('Variante del español').selectOption('Argentina (voseo)')
		await page.getByLabel('Trato').selectOption('Cercano (tú / vos en Argentina)')
		await page.getByLabel('Número de frases').selectOption('6')
		await generateBatch(page, js)

		// Only what differs from neutral Latin American, close, is named.
		expect(new URL(page.url()).searchParams.get('variante')).toBe('ar')
		expect(new URL(page.url()).searchParams.has('registro')).toBe(false)
		await expect(phrases(page)).toHaveCount(6)
		const texts = await phrases(page).allTextContents()
		expect(
			texts.filter((text) => VOSEO.test(text)).length,
			texts.join('\n'),
		).toBeGreaterThanOrEqual(2)
		await expect(page.getByLabel('Variante del español')).toHaveValue('ar')
		await expect(page.getByLabel('Trato')).toHaveValue('cercano')
	})
}

test('the variant and register are offered for Spanish only; a link can choose them', async ({
	page,
	visit,
}) => {
	await visit('/facebook?variante=mx&registro=formal')
	await expect(page.getByLabel('Variante del español')).toHaveValue('mx')
	await expect(page.getByLabel('Trato')).toHaveValue('formal')
	await page.getByLabel('Idioma').selectOption('inglés en')
	await expect(page.getByLabel('Variante del español')).toBeHidden()
	await expect(page.getByLabel('Trato')).toBeHidden()
	await page.getByLabel('Idioma').selectOption('español es')
	await expect(page.getByLabel('Variante del español')).toBeVisible()
	await expect(page.getByLabel('Trato')).toBeVisible()
})

test('a signed-in user finds their last variant and register on every generator', async ({
	page,
	visit,
	login,
	js,
}) => {
	await login()
	await visit('/')
	await page.getByLabel(promptLabel).fill('la oficina un lunes')
	await page.getByLabel('Variante del español').selectOption('es')
	await page.getByLabel('Trato').selectOption('formal')
	await generateBatch(page, js)
	expect(page.url()).toMatch(/&variante=es&registro=formal#generated-phrases$/)
	for (const path of ['/instagram', '/facebook', '/']) {
		await visit(path)
		await expect(page.getByLabel('Variante del español'), path).toHaveValue('es')
		await expect(page.getByLabel('Trato'), path).toHaveValue('formal')
	}
})
