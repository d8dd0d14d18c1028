/**
 * Streamed generation on an app of the worker's own whose service is pointed at a fake
 * model (the provider is service-wide): with JavaScript, a slow model's first phrases show
 * long before it finishes (Gemini and an OpenAI-compatible server), "Detener" keeps what
 * arrived, and a model that breaks off mid-stream keeps the phrases shown and says what
 * happened; without JavaScript the form posts, the page redirects to the batch and the
 * model is asked for its whole answer, as before streaming existed.
 */
import { type Page } from '@playwright/test'
import { geminiError, geminiStream } from '../tests/fakes/fake-gemini'
import { openAIStream, startFakeOpenAI } from '../tests/fakes/fake-openai'
import { fakePhrases, gate, type FakeServer, type ScriptedReply } from '../tests/fakes/shared'
import { sqlDate } from './auth-helpers'
import { expectAccessibleInBothThemes } from './axe'
import { expect, resetService, serviceOnFakeGemini, test, type OwnApp } from './own-app'

const promptLabel = '¿Sobre qué quieres tus frases?'
const PHRASES = fakePhrases(4)
/** Phrases as the page reads them out: each list item names its number first. */
const asShown = (phrases: string[]) => phrases.map((text, index) => `Frase ${index + 1}: ${text}`)
const BATCH_URL = /\/\?lote=([\w-]+)[^#]*#generated-phrases$/

let openai: FakeServer
test.beforeAll(async () => {
	openai = await startFakeOpenAI()
})
test.afterAll(() => openai.close())

/** The service on the fake OpenAI-compatible server, with a default model saved for it. */
function serviceOnFakeOpenAI(app: OwnApp) {
	resetService(app)
	const now = sqlDate(new Date())
	for (const [key, value] of [
		['ai.provider', 'openai'],
		['ai.openai.baseUrl', `${openai.url}/v1`],
	]) {
		app.sql('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)', key, value, now)
	}
	app.sql(
		`INSERT INTO configuracion_api (id, nombre, url, activo, provider, model, is_default, created_at, updated_at)
		 VALUES ('stream-openai', 'Llama', ?, 1, 'openai', 'llama3.2', 1, ?, ?)`,
		`${openai.url}/v1`,
		now,
		now,
	)
}

const fakes = {
	gemini: { setUp: serviceOnFakeGemini, fake: (app: OwnApp) => app.gemini, stream: geminiStream },
	openai: { setUp: serviceOnFakeOpenAI, fake: () => openai, stream: openAIStream },
}

/** Two phrases at once, the other two when the test opens the gate. */
function slowAnswer(stream: typeof geminiStream, rest: Promise<void>): ScriptedReply {
	return stream([
		`1. ${PHRASES[0]}\n2. ${PHRASES[1]}\n`,
		{ text: `3. ${PHRASES[2]}\n4. ${PHRASES[3]}`, waitFor: rest },
	])
}

async function startGenerating(page: Page) {
	await page.getByLabel(promptLabel).fill('el café de los lunes')
	await page.getByRole('button', { name: 'Generar Frases' }).click()
}

test.afterEach(({ ownApp }) => resetService(ownApp))

for (const provider of ['gemini', 'openai'] as const) {
	test(`with JavaScript a slow ${provider} model's first phrases show before it finishes, and the batch gets its address`, async ({
		page,
		ownApp,
		ownVisit,
		js,
	}) => {
		test.skip(!js, 'Streaming needs JavaScript; without it the form posts (below).')
		fakes[provider].setUp(ownApp)
		const fake = fakes[provider].fake(ownApp)
		const rest = gate()
		fake.enqueue(slowAnswer(fakes[provider].stream, rest.opened))
		await ownVisit('/')
		await startGenerating(page)

		const live = page.getByTestId('live-phrase-text')
		await expect(live).toHaveText(asShown(PHRASES.slice(0, 2)))
		// Still writing: the button stops it, the address is still the form's.
		await expect(page.getByRole('button', { name: 'Detener' })).toBeVisible()
		expect(new URL(page.url()).search).toBe('')
		// Announced politely, and each card is drawn with its phrase.
		await expect(page.getByRole('log')).toContainText(`Frase 2: ${PHRASES[1]}`)
		await expect(page.getByRole('img', { name: 'Imagen de la frase 2' })).toBeVisible()
		// Focus stays on the button (the one that started it, now "Detener") until the batch
		// is complete.
		await expect(page.getByRole('button', { name: 'Detener' })).toBeFocused()
		await expect(page.locator('#generated-phrases')).toHaveCount(0)

		rest.open()
		await expect(page).toHaveURL(BATCH_URL)
		await expect(page.getByTestId('phrase-text')).toHaveText(asShown(PHRASES))
		await expect(page.locator('#generated-phrases')).toBeFocused()
		await expect(page.getByRole('button', { name: 'Generar Frases' })).toBeVisible()
		// The stored batch is the one a reload shows.
		const batchId = BATCH_URL.exec(page.url())![1]!
		const stored = ownApp.sqlGetAll<{ content: string }>(
			'SELECT content FROM generation_phrases WHERE batch_id = ? ORDER BY position',
			batchId,
		)
		expect(stored.map((row) => row.content)).toEqual(PHRASES)
		await page.reload()
		await expect(page.getByTestId('phrase-text')).toHaveText(asShown(PHRASES))
	})
}

test('"Detener" keeps the phrases that arrived, at their own address', async ({
	page,
	ownApp,
	ownVisit,
	js,
}) => {
	test.skip(!js, 'Only a streamed generation can be stopped.')
	serviceOnFakeGemini(ownApp)
	const never = gate()
	ownApp.gemini.enqueue(slowAnswer(geminiStream, never.opened))
	await ownVisit('/')
	await startGenerating(page)
	await expect(page.getByTestId('live-phrase-text')).toHaveText(asShown(PHRASES.slice(0, 2)))
	await expect(page.getByRole('img', { name: 'Imagen de la frase 2' })).toBeVisible()
	// Audited without motion: the spinner of a stream still running never finishes turning.
	await page.emulateMedia({ reducedMotion: 'reduce' })
	await expectAccessibleInBothThemes(page, 'phrases streaming in')

	await page.getByRole('button', { name: 'Detener' }).click()
	await expect(page).toHaveURL(BATCH_URL)
	await expect(
		page.getByText('Generación detenida. Se conservan las 2 frases recibidas.'),
	).toBeVisible()
	await expect(page.getByTestId('phrase-text')).toHaveText(asShown(PHRASES.slice(0, 2)))
	const batchId = BATCH_URL.exec(page.url())![1]!
	expect(
		ownApp.sqlGet<{ count: number }>(
			'SELECT count(*) AS count FROM generation_phrases WHERE batch_id = ?',
			batchId,
		)?.count,
	).toBe(2)
})

test('a model that breaks off mid-stream keeps the phrases shown and says what happened', async ({
	page,
	ownApp,
	ownVisit,
	js,
}) => {
	test.skip(!js, 'Without JavaScript the page shows the finished batch only.')
	// Two back-offs between the three calls (0.5 s and 1 s).
	test.slow()
	serviceOnFakeGemini(ownApp)
	const retry = gate()
	ownApp.gemini.enqueue(
		geminiStream([`${PHRASES[0]}\n${PHRASES[1]}\nUna frase a me`], { cut: true }),
		// The second answer says nothing until the test has looked, then breaks off too.
		geminiStream([{ text: '', waitFor: retry.opened }], { cut: true }),
		geminiError(503, 'The model is overloaded.'),
	)
	await ownVisit('/')
	await startGenerating(page)

	// While the model is asked again, what arrived stays and the page says why.
	await expect(page.getByTestId('live-notice')).toContainText('Volviendo a intentarlo…')
	await expect(page.getByTestId('live-phrase-text')).toHaveText(asShown(PHRASES.slice(0, 2)))
	retry.open()

	// The batch is completed with examples, and the visitor is told.
	await expect(page).toHaveURL(BATCH_URL)
	await expect(page.getByText('El lote se completó con 2 frases de ejemplo.')).toBeVisible()
	const shown = page.getByTestId('phrase-text')
	await expect(shown).toHaveCount(4)
	await expect(shown.nth(0)).toHaveText(asShown(PHRASES)[0]!)
	await expect(shown.nth(1)).toHaveText(asShown(PHRASES)[1]!)
	// The half line of the broken answer never reached the page.
	await expect(page.getByText('Una frase a me')).toHaveCount(0)
})

test('without JavaScript the form posts, redirects to the batch and the model answers whole', async ({
	page,
	ownApp,
	ownVisit,
	js,
}) => {
	test.skip(js, 'The flow before streaming, kept for pages without JavaScript.')
	serviceOnFakeGemini(ownApp)
	const before = ownApp.gemini.requests.length
	await ownVisit('/')
	await startGenerating(page)
	await expect(page).toHaveURL(BATCH_URL)
	await expect(page.getByTestId('phrase-text')).toHaveCount(4)
	const calls = ownApp.gemini.requests.slice(before).filter((call) => call.method === 'POST')
	expect(calls.map((call) => call.path)).toEqual([
		'/v1beta/models/gemini-flash-latest:generateContent',
	])
	await expect(page.getByRole('button', { name: 'Detener' })).toHaveCount(0)
})

test('with reduced motion the phrases appear without their animation', async ({
	page,
	ownApp,
	ownVisit,
	js,
}) => {
	test.skip(!js, 'Streaming needs JavaScript.')
	serviceOnFakeGemini(ownApp)
	const rest = gate()
	ownApp.gemini.enqueue(slowAnswer(geminiStream, rest.opened))
	await page.emulateMedia({ reducedMotion: 'reduce' })
	await ownVisit('/')
	await startGenerating(page)
	const first = page.getByTestId('live-phrase').first()
	await expect(first).toBeVisible()
	expect(await first.evaluate((element) => getComputedStyle(element).animationName)).toBe('none')
	// Nothing else moves either: the spinner of the stream still running stands still.
	expect(await page.evaluate(() => document.getAnimations().length)).toBe(0)
	await page.emulateMedia({ reducedMotion: 'no-preference' })
	await expect(first).not.toHaveCSS('animation-name', 'none')
	rest.open()
	await expect(page).toHaveURL(BATCH_URL)
})
