/**
 * The stream endpoint (POST /generar) over plain HTTP, on an app of the worker's own whose
 * service is pointed at its fake Gemini: it refuses cross-site posts and oversize bodies
 * as every form does, holds one visitor (and one address) to a few open streams with a 429
 * and a Spanish reason, cancels the provider call when the client leaves, and sends only
 * released phrases, never the model's own answer.
 */
import { FAKE_GEMINI_KEY, geminiStream } from '../tests/fakes/fake-gemini'
import { fakePhrases, gate } from '../tests/fakes/shared'
import { expect, resetService, serviceOnFakeGemini, test, type OwnApp } from './own-app'

const FORM = { intent: 'generate', prompt: 'el café de los lunes', count: '4', length: '25' }
const TOO_MANY_OWN =
	'Ya tienes 3 generaciones en curso. Espera a que termine alguna, o detenla, antes de empezar otra.'
const TOO_MANY_ADDRESS =
	'Hay demasiadas generaciones en curso desde tu conexión a internet (tu red o dirección IP). Espera a que termine alguna antes de empezar otra.'

let address = 0
/** Each test its own client address (the app trusts one proxy), so counts never meet. */
const newAddress = () => `198.51.100.${++address}`

test.beforeEach(({ ownApp }) => serviceOnFakeGemini(ownApp))
test.afterEach(({ ownApp }) => resetService(ownApp))

function openStream(
	app: OwnApp,
	options: { from: string; cookie?: string; signal?: AbortSignal; origin?: string | null },
) {
	const headers: Record<string, string> = {
		'content-type': 'application/x-www-form-urlencoded',
		'x-forwarded-for': options.from,
	}
	if (options.origin !== null) headers.origin = options.origin ?? new URL(app.url('/')).origin
	if (options.cookie) headers.cookie = options.cookie
	return fetch(app.url('/generar?pagina=home'), {
		method: 'POST',
		headers,
		body: new URLSearchParams(FORM),
		signal: options.signal,
	})
}

/** Reads a stream until `until` shows in it (or it ends); returns what was read. */
async function readUntil(response: Response, until: string | null) {
	const reader = response.body!.getReader()
	const decoder = new TextDecoder()
	let text = ''
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return text
		text += decoder.decode(value, { stream: true })
		if (until !== null && text.includes(until)) {
			reader.releaseLock()
			return text
		}
	}
}

/** A model that writes its first phrase and then never goes on. */
function stalledAnswers(app: OwnApp, count: number) {
	const never = gate()
	for (let index = 0; index < count; index++) {
		app.gemini.enqueue(
			geminiStream([`${fakePhrases(1)[0]}\n`, { text: 'nunca', waitFor: never.opened }]),
		)
	}
}

test('cross-site posts and posts that say nothing of their origin are refused, and call nobody', async ({
	ownApp,
}) => {
	const calls = ownApp.gemini.requests.length
	for (const origin of ['https://evil.example', 'null', null]) {
		const response = await openStream(ownApp, { from: newAddress(), origin })
		expect(response.status, `Origin ${origin}`).toBe(403)
		expect(response.headers.get('content-type')).not.toContain('event-stream')
	}
	expect(ownApp.gemini.requests.length).toBe(calls)
})

test('an oversize body is refused with a 413 and a Spanish reason', async ({ ownApp }) => {
	const response = await fetch(ownApp.url('/generar?pagina=home'), {
		method: 'POST',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			origin: new URL(ownApp.url('/')).origin,
			'x-forwarded-for': newAddress(),
		},
		body: new URLSearchParams({ ...FORM, prompt: 'a'.repeat(256 * 1024 + 1) }),
	})
	expect(response.status).toBe(413)
	expect(await response.text()).toMatch(/demasiado grande/i)
})

test('GET and unknown pages are refused with a reason, not a 500', async ({ ownApp }) => {
	const get = await fetch(ownApp.url('/generar?pagina=home'))
	expect(get.status).toBe(405)
	expect(await get.text()).toBe('Genera las frases desde el formulario del generador.')
	const unknown = await fetch(ownApp.url('/generar?pagina=admin'), {
		method: 'POST',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			origin: new URL(ownApp.url('/')).origin,
		},
		body: new URLSearchParams(FORM),
	})
	expect(unknown.status).toBe(404)
	expect(await unknown.text()).toBe('Ese generador no existe.')
})

test('one visitor holds three streams at once: the fourth gets a 429 with the reason; leaving cancels the call and frees the place', async ({
	ownApp,
}) => {
	const from = newAddress()
	stalledAnswers(ownApp, 4)
	const controllers = [new AbortController(), new AbortController(), new AbortController()]
	const first = await openStream(ownApp, { from, signal: controllers[0]!.signal })
	expect(first.status).toBe(200)
	const cookie = first.headers
		.getSetCookie()
		.map((value) => value.split(';')[0])
		.join('; ')
	expect(cookie).not.toBe('')
	await readUntil(first, 'event: phrase')
	for (const controller of controllers.slice(1)) {
		const response = await openStream(ownApp, { from, cookie, signal: controller.signal })
		expect(response.status).toBe(200)
		await readUntil(response, 'event: phrase')
	}
	const answering = ownApp.gemini.answering()
	expect(answering).toBeGreaterThanOrEqual(3)

	const refused = await openStream(ownApp, { from, cookie })
	expect(refused.status).toBe(429)
	const body = (await refused.json()) as { errors: { form: string[] } }
	expect(body.errors.form).toEqual([TOO_MANY_OWN])

	// The visitor closes one: the provider call behind it ends, and the place is free again.
	controllers[0]!.abort()
	await expect.poll(() => ownApp.gemini.answering()).toBe(answering - 1)
	const again = new AbortController()
	await expect
		.poll(async () => {
			const response = await openStream(ownApp, { from, cookie, signal: again.signal })
			if (response.status !== 200) await response.body?.cancel()
			return response.status
		})
		.toBe(200)
	for (const controller of [...controllers, again]) controller.abort()
	await expect.poll(() => ownApp.gemini.answering()).toBe(answering - 3)
})

test('fresh cookies do not escape the cap of ten open streams per address', async ({ ownApp }) => {
	const from = newAddress()
	stalledAnswers(ownApp, 10)
	const controller = new AbortController()
	try {
		for (let index = 0; index < 10; index++) {
			const response = await openStream(ownApp, { from, signal: controller.signal })
			expect(response.status).toBe(200)
			await readUntil(response, 'event: phrase')
		}
		const refused = await openStream(ownApp, { from })
		expect(refused.status).toBe(429)
		expect(((await refused.json()) as { errors: { form: string[] } }).errors.form).toEqual([
			TOO_MANY_ADDRESS,
		])
	} finally {
		controller.abort()
	}
})

test('only released phrases travel: no introduction, no half line, nothing of the raw answer', async ({
	ownApp,
}) => {
	const phrases = fakePhrases(4)
	ownApp.gemini.enqueue(
		geminiStream([
			'¡Claro! Aquí tienes 4 frases:\n\n',
			`1. "${phrases[0]}"\n2. ${phrases[1]}\n3. ${phrases[2]}\n4. ${phrases[3]}`,
		]),
	)
	const response = await openStream(ownApp, { from: newAddress() })
	expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
	const text = await readUntil(response, null)
	const events = [...text.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map(([, name, data]) => ({
		name,
		data: JSON.parse(data!) as { text?: string; href?: string },
	}))
	expect(events.map((event) => event.name)).toEqual([
		'phrase',
		'phrase',
		'phrase',
		'phrase',
		'done',
	])
	expect(events.slice(0, 4).map((event) => event.data.text)).toEqual(phrases)
	expect(events[4]!.data.href).toMatch(/^\/\?lote=[\w-]+/)
	for (const raw of ['Aquí tienes', 'candidates', 'finishReason', '1. ', FAKE_GEMINI_KEY]) {
		expect(text).not.toContain(raw)
	}
})
