/**
 * Bad input, everywhere, over plain HTTP: every action of the app gets malformed, oversized,
 * wrong-typed and hostile values, and must answer with a 4xx carrying the app's own Spanish
 * reason for that refusal, or with a normal page or redirect — never a 500, and never a
 * rate limit (each request is a new visitor, account or e-mail, so each payload reaches the
 * action it targets). Bodies over the caps get the README's 413. How stored hostile text is
 * shown in the browser is e2e/bad-input.spec.ts.
 */
import { baseURL } from '../playwright.config'
import { authMessages } from '../app/auth/messages'
import { CARD_MESSAGES } from '../app/cards/messages'
import { VALIDATION_MESSAGES } from '../app/generator/messages'
import { formMessages } from '../app/utils/form-data.server'
import { PASSWORD, randomIp, uniqueEmail } from './auth-helpers'
import { expect, fromOurPages, test } from './fixtures'
import { postStreaming, type StreamedReply } from './http-client'

type Result = { response: Response | null; text: string }

// --- A tiny HTTP client with a cookie jar ------------------------------------------------

class Client {
	readonly ip = randomIp()
	private cookies = new Map<string, string>()

	cookieHeader() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}

	async send(path: string, init: { body?: BodyInit; contentType?: string }): Promise<Result> {
		const headers = new Headers({ ...fromOurPages, 'x-forwarded-for': this.ip })
		if (init.contentType) headers.set('content-type', init.contentType)
		if (this.cookies.size) headers.set('cookie', this.cookieHeader())
		const big =
			typeof init.body !== 'string' && !(init.body instanceof ArrayBuffer)
				? true
				: (typeof init.body === 'string' ? init.body.length : init.body.byteLength) > 256 * 1024
		const request = () =>
			fetch(`${baseURL}${path}`, {
				method: 'POST',
				body: init.body,
				headers,
				redirect: 'manual',
				// Needed by Node's fetch for a streamed (chunked) body.
				duplex: 'half',
			} as RequestInit)
		let response: Response
		try {
			response = await request()
		} catch (error) {
			// An action that answers before reading the body (a redirect for a visitor who may
			// not post there) leaves a big body unread, and Node closes that connection: either
			// while the body is still being sent (the server refused it, which is fine: the
			// caller then proves the server is unharmed), or after answering, so the next
			// request on the kept-alive socket fails. Browsers retry a request that fails on
			// such a stale socket; so do we, once.
			const code = (error as { cause?: { code?: string } }).cause?.code
			if (code !== 'ECONNRESET' && code !== 'EPIPE' && code !== 'UND_ERR_SOCKET') throw error
			if (big) return { response: null, text: '' }
			response = await request()
		}
		for (const cookie of response.headers.getSetCookie()) {
			const [pair = ''] = cookie.split(';')
			const index = pair.indexOf('=')
			const name = pair.slice(0, index)
			const value = pair.slice(index + 1)
			if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === '') {
				this.cookies.delete(name)
			} else {
				this.cookies.set(name, value)
			}
		}
		return { response, text: await response.text() }
	}

	post(path: string, fields: Array<[string, string]>) {
		return this.send(path, {
			body: new URLSearchParams(fields).toString(),
			contentType: 'application/x-www-form-urlencoded',
		})
	}

	postMultipart(path: string, fields: Array<[string, string]>) {
		const form = new FormData()
		for (const [name, value] of fields) form.append(name, value)
		// Let fetch write the boundary.
		return this.sendForm(path, form)
	}

	private async sendForm(path: string, form: FormData) {
		const request = new Request(`${baseURL}${path}`, { method: 'POST', body: form })
		return this.send(path, {
			body: await request.arrayBuffer(),
			contentType: request.headers.get('content-type') ?? '',
		})
	}
}

/** Registers a new account through the form; the client now holds its session. */
async function signedInClient() {
	const client = new Client()
	const { response } = await client.post('/register', [
		['name', 'Prueba'],
		['email', uniqueEmail('bad-input')],
		['password', PASSWORD],
		['confirmPassword', PASSWORD],
	])
	expect(response?.status, 'registration redirects').toBe(302)
	return client
}

/** Generates a batch with the offline engine; returns its id. */
async function createBatch(client: Client, path: string) {
	const { response } = await client.post(path, [
		['intent', 'generate'],
		['prompt', 'el mar'],
		['count', path === '/facebook' ? '3' : '2'],
	])
	expect(response?.status, 'generation redirects to the batch').toBe(302)
	const batch = /lote=([\w-]+)/.exec(response?.headers.get('location') ?? '')?.[1]
	expect(batch, 'a batch id').toBeTruthy()
	return batch as string
}

// --- The checks ---------------------------------------------------------------------------

/** The generator's own refusals (app/generator/*.server.ts, which are server-only). */
const GENERATOR_REASONS = [
	'Acción no válida',
	'Frase no encontrada',
	'Formato no válido',
	'La frase no puede estar vacía',
	'La frase no puede superar los 500 caracteres',
	'Inicia sesión para guardar frases',
	'No hay frases para guardar',
	CARD_MESSAGES.batchMissing,
]

/** What the error page says for a 404 and a 405 (app/components/error-boundary.tsx). */
const NOT_FOUND = 'La página que buscas no existe o se ha movido.'
const NOT_ALLOWED = 'Esta página no admite esa acción.'

/**
 * The app's Spanish reason for each kind of refusal, by status: a 4xx must carry one of
 * these sentences, word for word. (Rate limits are not here: no request of this spec may
 * meet one.)
 */
const REASONS: Record<number, readonly string[]> = {
	400: [
		formMessages.unreadable,
		...Object.values(VALIDATION_MESSAGES).filter(
			(message) => message !== VALIDATION_MESSAGES.imageTooLarge,
		),
		authMessages.required,
		authMessages.passwordMismatch,
		authMessages.invalidEmail,
		authMessages.nameTooLong,
		authMessages.passwordTooShort,
		authMessages.passwordTooLong,
		authMessages.passwordIsEmail,
		authMessages.emailInUse,
		authMessages.wrongCredentials,
		authMessages.honeypot,
		authMessages.resetLinkInvalid,
		authMessages.badRequest,
		authMessages.verifyLinkInvalid,
		'Tema no válido',
		...GENERATOR_REASONS,
	],
	403: [
		authMessages.adminNeedsVerifiedEmail,
		authMessages.forbidden,
		authMessages.verifyOtherAccount,
	],
	404: [CARD_MESSAGES.batchMissing, 'Frase no encontrada', NOT_FOUND],
	405: [NOT_ALLOWED],
	413: [formMessages.tooLarge, VALIDATION_MESSAGES.imageTooLarge],
}

const ENTITIES: Record<string, string> = {
	'&amp;': '&',
	'&lt;': '<',
	'&gt;': '>',
	'&quot;': '"',
	'&#x27;': "'",
	'&#39;': "'",
}

/**
 * The text a visitor is shown: a document without its scripts (their data is not what the
 * page says), entities decoded; a data request (single fetch) or plain text as it is.
 */
function shownText(response: Response, text: string) {
	if (!response.headers.get('content-type')?.startsWith('text/html')) return text
	return text
		.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
		.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity)
}

/** Every reason of the app found in a response (to prove a page without one has none). */
function reasonsIn(response: Response, text: string) {
	const shown = shownText(response, text)
	return [...new Set(Object.values(REASONS).flat())].filter((reason) => shown.includes(reason))
}

/** Counts over the whole run, checked at the end of each test. */
type Tally = { answered: number; dropped: number }

async function expectHandled(label: string, result: Result, tally: Tally) {
	if (!result.response) {
		// A big body whose connection the server closed: it must be unharmed, and the next
		// ordinary request must be served as usual.
		tally.dropped++
		const health = await fetch(`${baseURL}/healthcheck`)
		expect(health.status, `${label}: healthy after the dropped connection`).toBe(200)
		const home = await fetch(`${baseURL}/`, { headers: { 'x-forwarded-for': randomIp() } })
		expect(home.status, `${label}: the next request is served`).toBe(200)
		expect(await home.text(), `${label}: the next request gets the page`).toContain(
			'Generar Frases',
		)
		return
	}
	tally.answered++
	const { status } = result.response
	expect(status, `${label}: never a 500`).toBeLessThan(500)
	expect(status, `${label}: never a rate limit`).not.toBe(429)
	expect(result.text, `${label}: no bare server error`).not.toContain('Unexpected Server Error')
	if (status < 400) return
	const expected = REASONS[status]
	expect(expected, `${label}: a refusal the app gives a reason for (${status})`).toBeDefined()
	const shown = shownText(result.response, result.text)
	const found = (expected ?? []).filter((reason) => shown.includes(reason))
	// Soft: every other payload still gets its hard checks, and the report lists each refusal
	// that came without its reason.
	expect.soft(found, `${label}: the app's Spanish reason for a ${status}`).not.toEqual([])
}

// --- Hostile values -------------------------------------------------------------------------

const MEGABYTE = 'x'.repeat(1024 * 1024)
const HOSTILE: Array<[string, string]> = [
	['html', '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">'],
	['sql', "' OR '1'='1'; DROP TABLE perfiles; --"],
	['control characters', 'a\u0000b\u0007c\u001b[31m\r\n\u202e\u2028\ufeffd'],
	['lone surrogate', 'a\ud800b'],
	['big (200 KB)', 'x'.repeat(200_000)],
	['negative', '-1'],
	['not a number', 'NaN'],
	['huge number', '1e309'],
	['object-looking', '{"$gt":""}'],
	['empty', ''],
	['only spaces', '   '],
	['array-looking', 'a[]=1&b'],
]

type Fields = Array<[string, string]>
type Target = {
	label: string
	path: string
	/** Valid fields (a new set for each request: e-mails and IPs must not hit limits). */
	fields: () => Fields
	client: () => Promise<Client>
	/**
	 * Whose requests these are: a new visitor or a new account for each request (an action
	 * that signs in or out, or counts per address or account), or one for all of them.
	 */
	each: 'new client' | 'shared client'
	multipart?: boolean
	/** The id of a real batch of this client, where the fields name one. */
	batch?: () => Promise<string>
}

function variants(fields: Fields): Array<[string, Fields]> {
	const out: Array<[string, Fields]> = [
		['no fields at all', []],
		[
			'every field twice',
			[...fields, ...fields.map(([k]) => [k, 'otra cosa'] as [string, string])],
		],
		['1 MB in the first field', fields.map(([k, v], i) => [k, i === 0 ? MEGABYTE : v])],
		['an unknown field', [...fields, ['__proto__', 'x'], ['constructor', 'y']]],
	]
	for (const [name] of fields) {
		out.push([`without ${name}`, fields.filter(([k]) => k !== name)])
		for (const [kind, value] of HOSTILE) {
			// The intent picks the code path; hostile intents are covered below, once.
			if (name === 'intent' && kind !== 'html') continue
			out.push([`${name}: ${kind}`, fields.map(([k, v]) => [k, k === name ? value : v])])
		}
	}
	return out
}

const MALFORMED: Array<[string, { body: string; contentType?: string }]> = [
	['text/plain', { body: 'hola', contentType: 'text/plain' }],
	['JSON', { body: '{"intent":"generate","prompt":"x"}', contentType: 'application/json' }],
	['no content type', { body: 'intent=generate' }],
	[
		'bad percent-escapes',
		{ body: 'intent=%zz&prompt=%E0%A4%A', contentType: 'application/x-www-form-urlencoded' },
	],
	['invalid UTF-8', { body: 'prompt=%C3%28%FF', contentType: 'application/x-www-form-urlencoded' }],
	['multipart without boundary', { body: 'intent=generate', contentType: 'multipart/form-data' }],
	[
		'broken multipart',
		{
			body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\ngen',
			contentType: 'multipart/form-data; boundary=xyz',
		},
	],
]

const anonymous = async () => new Client()

function generatorTargets(path: string): Target[] {
	const action = path === '/' ? '/?index' : path
	let batch: Promise<{ client: Client; id: string }> | undefined
	// One signed-in visitor with one batch for the phrase intents of this page.
	const withBatch = () => {
		batch ??= signedInClient().then(async (client) => ({
			client,
			id: await createBatch(client, action),
		}))
		return batch
	}
	const signedIn = async () => (await withBatch()).client
	const targets: Target[] = [
		{
			label: `${path} generate`,
			path: action,
			multipart: path !== '/',
			client: anonymous,
			each: 'new client',
			fields: () => [
				['intent', 'generate'],
				['prompt', 'el café de los lunes'],
				['language', 'español es'],
				['variant', 'ar'],
				['register', 'formal'],
				// A type this page offers: any other is refused before the payload gets anywhere.
				['type', path === '/' ? 'motivacionales' : path === '/instagram' ? 'instagram' : 'amor'],
				['count', path === '/facebook' ? '3' : '2'],
				['length', '25'],
				['includeEmojis', 'on'],
				['platform', 'instagram-post'],
			],
		},
		{
			label: `${path} update-phrase`,
			path: action,
			client: signedIn,
			each: 'shared client',
			fields: () => [
				['intent', 'update-phrase'],
				['batch', BATCH],
				['position', '0'],
				['content', 'Una frase nueva'],
			],
		},
		{
			label: `${path} save-phrase`,
			path: action,
			client: signedIn,
			each: 'shared client',
			fields: () => [
				['intent', 'save-phrase'],
				['batch', BATCH],
				['position', '1'],
			],
		},
		{
			label: `${path} save-all`,
			path: action,
			client: signedIn,
			each: 'shared client',
			fields: () => [
				['intent', 'save-all'],
				['batch', BATCH],
			],
		},
	]
	return targets.map((target) =>
		target.client === signedIn ? { ...target, batch: async () => (await withBatch()).id } : target,
	)
}

const BATCH = '__batch__'

const authTargets: Target[] = [
	{
		label: '/login',
		path: '/login',
		client: anonymous,
		each: 'new client',
		fields: () => [
			['email', uniqueEmail('login')],
			['password', PASSWORD],
			['redirectTo', '/dashboard'],
		],
	},
	{
		label: '/register',
		path: '/register',
		client: anonymous,
		each: 'new client',
		fields: () => [
			['name', 'Ana'],
			['email', uniqueEmail('register')],
			['password', PASSWORD],
			['confirmPassword', PASSWORD],
		],
	},
	{
		label: '/forgot-password',
		path: '/forgot-password',
		client: anonymous,
		each: 'new client',
		fields: () => [['email', uniqueEmail('forgot')]],
	},
	{
		label: '/reset-password',
		path: '/reset-password',
		client: anonymous,
		each: 'new client',
		fields: () => [
			['password', PASSWORD],
			['confirmPassword', PASSWORD],
		],
	},
	{
		label: '/verify-email',
		path: '/verify-email',
		client: signedInClient,
		each: 'new client',
		fields: () => [
			['intent', 'reenviar'],
			['redirectTo', '/dashboard'],
		],
	},
	{
		label: '/logout',
		path: '/logout',
		client: signedInClient,
		each: 'new client',
		fields: () => [['redirectTo', '/']],
	},
	{
		label: '/resources/theme',
		path: '/resources/theme',
		client: anonymous,
		each: 'new client',
		fields: () => [
			['theme', 'dark'],
			['redirectTo', '/about'],
		],
	},
	{
		label: '/auth/google',
		path: '/auth/google',
		client: anonymous,
		each: 'new client',
		fields: () => [['redirectTo', '/dashboard']],
	},
	{
		label: '/dashboard (catch-all)',
		path: '/dashboard/nada',
		client: signedInClient,
		each: 'shared client',
		fields: () => [['intent', 'x']],
	},
	{
		label: '/admin (catch-all)',
		path: '/admin/nada',
		client: signedInClient,
		each: 'shared client',
		fields: () => [['intent', 'x']],
	},
]

test.describe('every action refuses bad input with its Spanish reason, never a 500 or a 429', () => {
	const targets: Target[] = [
		...generatorTargets('/'),
		...generatorTargets('/instagram'),
		...generatorTargets('/facebook'),
		...authTargets,
	]
	for (const target of targets) {
		test(target.label, async () => {
			test.setTimeout(90_000)
			const batch = target.batch ? await target.batch() : ''
			const fill = (fields: Fields): Fields => fields.map(([k, v]) => [k, v === BATCH ? batch : v])
			const shared = target.each === 'shared client' ? await target.client() : null
			const clientFor = async () => shared ?? (await target.client())
			const tally: Tally = { answered: 0, dropped: 0 }

			const template = target.fields()
			for (const [variant, fields] of variants(template)) {
				const client = await clientFor()
				// A new set of valid values for each request (a new e-mail, so that no account's
				// sign-in slow-down, recovery-mail cap or per-account limit ever builds up).
				const values = target.fields()
				const renewed = new Map(template.map(([k, v], i) => [`${k}=${v}`, values[i]?.[1] ?? v]))
				const body = fill(fields.map(([k, v]) => [k, renewed.get(`${k}=${v}`) ?? v]))
				await expectHandled(
					`${target.label} ${variant}`,
					await client.post(target.path, body),
					tally,
				)
				if (target.multipart) {
					await expectHandled(
						`${target.label} ${variant} (multipart)`,
						await client.postMultipart(target.path, body),
						tally,
					)
				}
			}
			for (const [kind, { body, contentType }] of MALFORMED) {
				await expectHandled(
					`${target.label} ${kind}`,
					await (await clientFor()).send(target.path, { body, contentType }),
					tally,
				)
				// The same action through single fetch (what the browser posts with JavaScript).
				const dataPath = target.path
					.replace(/^\/\?index$/, '/_root.data?index')
					.replace(/^(\/[^?]+)$/, '$1.data')
				await expectHandled(
					`${target.label} ${kind} (.data)`,
					await (await clientFor()).send(dataPath, { body, contentType }),
					tally,
				)
			}
			await expectHandled(
				`${target.label} chunked 2 MB`,
				await (
					await clientFor()
				).send(target.path, {
					body: new Blob([`intent=generate&prompt=${'y'.repeat(2 * 1024 * 1024)}`]).stream(),
					contentType: 'application/x-www-form-urlencoded',
				}),
				tally,
			)
			// Most requests were answered (a dropped connection is only for a big body).
			expect(tally.answered).toBeGreaterThan(tally.dropped * 5)
			test.info().annotations.push({
				type: 'requests',
				description: `${tally.answered} answered, ${tally.dropped} dropped while sending`,
			})
		})
	}
})

test("the reasons are the app's own: a page that refused nothing shows none of them", async () => {
	// Without this, a reason that every page happened to show would prove nothing above.
	// (/reset-password is left out: without a live link, saying so is what the page is for.)
	const visitor = new Client()
	const account = await signedInClient()
	for (const [client, path] of [
		[visitor, '/'],
		[visitor, '/instagram'],
		[visitor, '/facebook'],
		[visitor, '/login'],
		[visitor, '/register'],
		[visitor, '/forgot-password'],
		[account, '/verify-email'],
		[account, '/dashboard'],
	] as const) {
		const response = await fetch(`${baseURL}${path}`, {
			headers: { cookie: client.cookieHeader(), 'x-forwarded-for': client.ip },
		})
		expect(response.status, path).toBe(200)
		expect(reasonsIn(response, await response.text()), path).toEqual([])
	}
})

// --- The body caps of the README ------------------------------------------------------------

const FORM_CAP = 256 * 1024
const MULTIPART_CAP = 16 * 1024 * 1024

/** A POST of a body of this size or kind, as a visitor of our pages would send it. */
function rawPost(
	path: string,
	contentType: string,
	body: { length: number } | { chunked: number },
): Promise<StreamedReply> {
	return postStreaming(
		new URL(path, baseURL),
		{ ...fromOurPages, 'x-forwarded-for': randomIp(), 'content-type': contentType },
		// Past the form cap only the headers go out: Content-Length alone must be refused.
		'length' in body ? { length: body.length, withBody: body.length <= FORM_CAP } : body,
	)
}

test.describe('bodies over the caps get a 413 with the reason, chunked or not', () => {
	const FORM = 'application/x-www-form-urlencoded'
	const MULTIPART = 'multipart/form-data; boundary=frasea'

	test('a text form of 256 KB plus a byte, announced with Content-Length', async () => {
		const reply = await rawPost('/login', FORM, { length: FORM_CAP + 1 })
		expect(reply.status).toBe(413)
		expect(reply.text).toBe(formMessages.tooLarge)
	})

	test('a text form of 256 KB plus a byte, chunked', async () => {
		const reply = await rawPost('/login', FORM, { chunked: FORM_CAP + 1 })
		expect(reply.status).toBe(413)
		expect(reply.text).toBe(formMessages.tooLarge)
	})

	test('a text form of exactly 256 KB is read, chunked or not', async () => {
		for (const body of [{ length: FORM_CAP }, { chunked: FORM_CAP }]) {
			const reply = await rawPost('/login', FORM, body)
			// The form itself is nonsense, so the action refuses it for what it says.
			expect(reply.status, JSON.stringify(body)).toBe(400)
			expect(reply.text, JSON.stringify(body)).toContain(authMessages.required)
		}
	})

	test('a multipart body of 16 MB plus a byte, announced or chunked', async () => {
		for (const body of [{ length: MULTIPART_CAP + 1 }, { chunked: MULTIPART_CAP + 1 }]) {
			const reply = await rawPost('/instagram', MULTIPART, body)
			expect(reply.status, JSON.stringify(body)).toBe(413)
			expect(reply.text, JSON.stringify(body)).toBe(formMessages.tooLarge)
		}
	})
})
