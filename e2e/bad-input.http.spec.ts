/**
 * Bad input, everywhere: every action of the app gets malformed, oversized, wrong-typed and
 * hostile values over real HTTP, and must answer with a 4xx carrying a Spanish message, or
 * with a normal page or redirect — never a 500. Then, in a browser, hostile text stored by
 * one action is shown again as text and never runs.
 */
import { type Page } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { PASSWORD, randomIp, uniqueEmail } from './auth-helpers'
import { expect, fromOurPages, test } from './fixtures'

// --- A tiny HTTP client with a cookie jar ------------------------------------------------

class Client {
	readonly ip = randomIp()
	private cookies = new Map<string, string>()

	cookieHeader() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}

	async send(path: string, init: { body?: BodyInit; contentType?: string }) {
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
			// while the body is still being sent (the server refused it, which is fine), or
			// after answering, so the next request on the kept-alive socket fails. Browsers
			// retry a request that fails on such a stale socket; so do we, once.
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

const SPANISH =
	/no válid|inténtalo|formulario|frase|correo|contraseña|generación|demasiad|debe|escribe|acción|página|sesión|tema|campos|obligatori|por favor/i

function expectHandled(label: string, result: { response: Response | null; text: string }) {
	if (!result.response) return // a big body refused by closing the connection (see send)
	const { status } = result.response
	expect(status, `${label}: never a 500`).toBeLessThan(500)
	expect(result.text, `${label}: no bare server error`).not.toContain('Unexpected Server Error')
	if (status >= 400) expect(result.text, `${label}: a Spanish reason`).toMatch(SPANISH)
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
			fields: () => [
				['intent', 'generate'],
				['prompt', 'el café de los lunes'],
				['language', 'español es'],
				['type', path === '/' ? 'motivacionales' : 'amor'],
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
		fields: () => [['email', uniqueEmail('forgot')]],
	},
	{
		label: '/reset-password',
		path: '/reset-password',
		client: anonymous,
		fields: () => [
			['password', PASSWORD],
			['confirmPassword', PASSWORD],
		],
	},
	{
		label: '/verify-email',
		path: '/verify-email',
		client: signedInClient,
		fields: () => [['redirectTo', '/dashboard']],
	},
	{
		label: '/logout',
		path: '/logout',
		client: signedInClient,
		fields: () => [['redirectTo', '/']],
	},
	{
		label: '/resources/theme',
		path: '/resources/theme',
		client: anonymous,
		fields: () => [
			['theme', 'dark'],
			['redirectTo', '/about'],
		],
	},
	{
		label: '/auth/google',
		path: '/auth/google',
		client: anonymous,
		fields: () => [['redirectTo', '/dashboard']],
	},
	{
		label: '/dashboard (catch-all)',
		path: '/dashboard/nada',
		client: signedInClient,
		fields: () => [['intent', 'x']],
	},
	{
		label: '/admin (catch-all)',
		path: '/admin/nada',
		client: signedInClient,
		fields: () => [['intent', 'x']],
	},
]

test.describe('every action refuses bad input with a 4xx and a Spanish reason, never a 500', () => {
	test.skip(({ js }) => !js, 'plain HTTP: one run is enough')

	const targets: Target[] = [
		...generatorTargets('/'),
		...generatorTargets('/instagram'),
		...generatorTargets('/facebook'),
		...authTargets,
	]
	for (const target of targets) {
		test(target.label, async () => {
			test.setTimeout(60_000)
			const batch = target.batch ? await target.batch() : ''
			const fill = (fields: Fields): Fields => fields.map(([k, v]) => [k, v === BATCH ? batch : v])
			// Auth actions sign in or out: a fresh client per request keeps each one independent.
			const fresh = target.client === anonymous
			const shared = fresh ? null : await target.client()
			const clientFor = async () => shared ?? (await target.client())

			const template = target.fields()
			for (const [variant, fields] of variants(template)) {
				const client = await clientFor()
				// A new set of valid values for each request (a new e-mail, so that one
				// account's sign-in slow-down or limits never build up across variants).
				const renewed = new Map(
					template.map(([k, v], i) => [`${k}=${v}`, target.fields()[i]?.[1] ?? v]),
				)
				const body = fill(fields.map(([k, v]) => [k, renewed.get(`${k}=${v}`) ?? v]))
				expectHandled(`${target.label} ${variant}`, await client.post(target.path, body))
				if (target.multipart) {
					expectHandled(
						`${target.label} ${variant} (multipart)`,
						await client.postMultipart(target.path, body),
					)
				}
			}
			for (const [kind, { body, contentType }] of MALFORMED) {
				const client = await clientFor()
				expectHandled(
					`${target.label} ${kind}`,
					await client.send(target.path, { body, contentType }),
				)
				// The same action through single fetch (what the browser posts with JavaScript).
				const dataPath = target.path
					.replace(/^\/\?index$/, '/_root.data?index')
					.replace(/^(\/[^?]+)$/, '$1.data')
				expectHandled(
					`${target.label} ${kind} (.data)`,
					await client.send(dataPath, { body, contentType }),
				)
			}
			const client = await clientFor()
			expectHandled(
				`${target.label} chunked 2 MB`,
				await client.send(target.path, {
					body: new Blob([`intent=generate&prompt=${'y'.repeat(2 * 1024 * 1024)}`]).stream(),
					contentType: 'application/x-www-form-urlencoded',
				}),
			)
		})
	}
})

// --- Stored text is shown as text -----------------------------------------------------------

const PAYLOAD = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

async function expectNotExecuted(page: Page) {
	expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
	await expect(page.locator('img[src="x"]')).toHaveCount(0)
}

test('hostile text stored by the app is shown as text and never runs', async ({
	page,
	visit,
	js,
}) => {
	page.on('dialog', () => {
		throw new Error('a stored payload opened a dialog')
	})
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	// A name shown in the header on every page.
	await page.goto('/register')
	const form = page.locator('form#register')
	await form.getByLabel('Nombre completo').fill(`Ana ${PAYLOAD}`.slice(0, 60))
	await form.getByLabel('Correo electrónico').fill(uniqueEmail('xss'))
	await form.getByLabel('Contraseña', { exact: true }).fill(PASSWORD)
	await form.getByLabel('Confirmar contraseña').fill(PASSWORD)
	await form.getByRole('button', { name: 'Crear cuenta' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
	await expectNotExecuted(page)

	// A topic and an edited phrase, shown again on the batch page.
	await visit('/')
	await page.getByLabel('¿Sobre qué quieres tus frases?').fill(PAYLOAD)
	await page.getByLabel('Número de frases').selectOption('2')
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	await page.getByRole('link', { name: 'Editar' }).first().click()
	await page.getByLabel('Texto de la frase 1').fill(PAYLOAD)
	await page.getByRole('button', { name: 'Guardar', exact: true }).click()
	await expect(page.getByTestId('phrase-text').first()).toContainText(PAYLOAD)
	await page.reload()
	await expect(page.getByTestId('phrase-text').first()).toContainText(PAYLOAD)
	await expect(page.getByLabel('¿Sobre qué quieres tus frases?')).toHaveValue(PAYLOAD)
	if (js) await expectNotExecuted(page)
	else await expect(page.locator('img[src="x"]')).toHaveCount(0)
})
