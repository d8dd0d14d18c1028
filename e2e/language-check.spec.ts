/**
 * Answers in another language, with and without JavaScript, on an app of the worker's own
 * whose service is pointed at its fake Gemini (the provider is service-wide): a fake
 * answering in English is retried with a firmer instruction and then refused with the
 * Spanish message, no English phrase shown; one that corrects itself gives Spanish phrases;
 * Panel General counts what the check rejected.
 */
import { geminiText } from '../tests/fakes/fake-gemini'
import { fakePhrases, type RecordedRequest } from '../tests/fakes/shared'
import { expect, resetService, serviceOnFakeGemini, test, type OwnApp } from './own-app'

const promptLabel = '¿Sobre qué quieres tus frases?'
const REFUSAL =
	'El modelo respondió en otro idioma en lugar de en español, también al pedírselo de nuevo. Por favor, intenta otra vez; si vuelve a pasar, escribe el tema en español.'
const REMINDER = 'IMPORTANTE: tu respuesta anterior no estaba en español.'

function instructionOf(call: RecordedRequest) {
	const body = call.body as { contents?: Array<{ parts?: Array<{ text?: string }> }> }
	return (body?.contents?.[0]?.parts ?? []).map((part) => part.text ?? '').join('')
}

const generateCalls = (app: OwnApp, from: number) =>
	app.gemini.requests.slice(from).filter((call) => call.method === 'POST')

test.beforeEach(({ ownApp }) => {
	serviceOnFakeGemini(ownApp)
	// What the check rejected earlier would already show in the statistics.
	ownApp.sql('DELETE FROM generation_events WHERE rejected_phrases > 0')
})

test.afterEach(({ ownApp }) => {
	ownApp.gemini.setMode('normal')
	resetService(ownApp)
})

test('a provider answering in English is retried, then refused in Spanish; the panel counts it', async ({
	page,
	ownApp,
	ownVisit,
	ownLogin,
}) => {
	// Two back-offs between the three calls (0.5 s and 1 s), then the admin's page.
	test.slow()
	ownApp.gemini.setMode('english')
	const before = ownApp.gemini.requests.length
	await ownVisit('/')
	await page.getByLabel(promptLabel).fill('el mate de la tarde')
	await page.getByLabel('Variante del español').selectOption('ar')
	await page.getByRole('button', { name: 'Generar Frases' }).click()

	await expect(page.getByRole('alert').filter({ hasText: REFUSAL })).toBeVisible()
	await expect(page.getByTestId('phrase-text')).toHaveCount(0)
	await expect(page.getByText(fakePhrases(1, 'en')[0]!.slice(0, 20))).toHaveCount(0)
	// What the visitor chose is still there.
	await expect(page.getByLabel(promptLabel)).toHaveValue('el mate de la tarde')
	await expect(page.getByLabel('Variante del español')).toHaveValue('ar')

	const calls = generateCalls(ownApp, before)
	expect(calls).toHaveLength(3)
	expect(instructionOf(calls[0]!)).not.toContain(REMINDER)
	for (const call of calls.slice(1)) {
		expect(instructionOf(call)).toContain(REMINDER)
		expect(instructionOf(call)).toContain('español de Argentina (rioplatense)')
	}

	await page.context().clearCookies()
	await ownLogin({ admin: true })
	await ownVisit('/admin/overview?tab=estadisticas')
	const check = page.getByRole('region', { name: /^Comprobación de idioma/ })
	await expect(check.getByRole('row', { name: /gemini gemini-flash-latest/ })).toHaveText(
		'geminigemini-flash-latest30',
	)
	const languages = page.getByRole('region', { name: /^Generaciones por idioma y variante/ })
	await expect(languages).toBeVisible()
})

test('an English answer, then Spanish after the reminder: only the Spanish phrases', async ({
	page,
	ownApp,
	ownVisit,
}) => {
	ownApp.gemini.enqueue(geminiText(fakePhrases(4, 'en').join('\n')))
	const before = ownApp.gemini.requests.length
	await ownVisit('/instagram')
	await page.getByLabel(promptLabel).fill('Black Friday sneakers')
	await page.getByLabel('Número de frases').selectOption('3')
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	await expect(page.getByTestId('phrase-text')).toHaveText(
		fakePhrases(3, 'es').map((phrase) => new RegExp(phrase.replace(/\.$/, ''))),
	)
	expect(generateCalls(ownApp, before)).toHaveLength(2)
	expect(instructionOf(generateCalls(ownApp, before)[1]!)).toContain(REMINDER)
})
