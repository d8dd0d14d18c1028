/**
 * Two app processes on different ports sharing one PostgreSQL database, as two machines
 * behind a load balancer would: each has its own data folder, and they share only the
 * database and the secrets. What one process did, the other sees at once: a session, the
 * day's generations, an uploaded background; an admin's setting within a second (each
 * process keeps the configuration in memory and checks its version once a second).
 */
import sharp from 'sharp'
import { signCardPath } from '../../app/cards/url-signature.server'
import { randomIp } from '../auth-helpers'
import { expect, test } from '../fixtures'
import {
	ADMIN_EMAIL,
	createDatabase,
	createUserPg,
	pgQuery,
	SHARED_SECRETS,
	startPostgresApp,
	type PostgresApp,
} from './pg-helpers'

/** Signed-in users' daily generations on both processes (an environment value). */
const USER_LIMIT = 3
/** Sign-in attempts a minute per client address, on both processes. */
const SIGN_IN_LIMIT = 4
const spentMessage = (limit: number) => `Has alcanzado el límite de ${limit} generaciones de hoy.`

// One worker for the file, the tests in order: they share the two processes.
test.describe.configure({ mode: 'default' })

let database: Awaited<ReturnType<typeof createDatabase>>
let a: PostgresApp
let b: PostgresApp

test.beforeAll(async () => {
	test.setTimeout(120_000)
	database = await createDatabase('two_processes')
	const env = {
		TRUST_PROXY: '1',
		GENERATION_DAILY_LIMIT_IP: '1000000',
		GENERATION_DAILY_LIMIT_ANON: '1000',
		GENERATION_DAILY_LIMIT_USER: String(USER_LIMIT),
		AUTH_RATE_LIMIT: String(SIGN_IN_LIMIT),
	}
	// One after the other: the first start migrates the new database.
	a = await startPostgresApp(database.url, env)
	b = await startPostgresApp(database.url, env)
})

test.afterAll(async () => {
	await Promise.allSettled([a?.stop(), b?.stop()])
	await database?.drop()
})

/**
 * A client without a browser that keeps its cookies, like one visitor whose requests a
 * load balancer sends to either process. Cookies are not kept apart by port, as in a
 * browser. Writes carry the Origin of the process they go to, as a page of it would send.
 */
function visitor() {
	const jar = new Map<string, string>()
	const address = randomIp()
	async function send(app: PostgresApp, path: string, form?: Record<string, string>) {
		const response = await fetch(`${app.origin}${path}`, {
			method: form ? 'POST' : 'GET',
			redirect: 'manual',
			headers: {
				'x-forwarded-for': address,
				cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
				...(form
					? { origin: app.origin, 'content-type': 'application/x-www-form-urlencoded' }
					: {}),
			},
			body: form ? new URLSearchParams(form) : undefined,
		})
		for (const header of response.headers.getSetCookie()) {
			const [pair = ''] = header.split(';')
			const name = pair.slice(0, pair.indexOf('='))
			jar.set(name, pair.slice(name.length + 1))
		}
		return { status: response.status, location: response.headers.get('location'), response }
	}
	return {
		send,
		async signIn(app: PostgresApp, email: string, password: string) {
			const reply = await send(app, '/login', { email, password })
			expect(reply.status, `sign-in on ${app.origin}`).toBe(302)
			await reply.response.body?.cancel()
			expect(jar.has('fr_session')).toBe(true)
			return reply.location
		},
		async failSignIn(app: PostgresApp, email: string) {
			const reply = await send(app, '/login', { email, password: 'no-es-la-contraseña' })
			return { status: reply.status, text: await reply.response.text() }
		},
		async generate(app: PostgresApp, prompt: string) {
			const reply = await send(app, '/?index', {
				intent: 'generate',
				prompt,
				count: '1',
				length: '10',
			})
			return { status: reply.status, location: reply.location, text: await reply.response.text() }
		},
	}
}

test('a session made on one process is accepted by the other', async () => {
	const user = await createUserPg(database.url, { name: 'Paula Dos Procesos' })
	const paula = visitor()
	expect(await paula.signIn(a, user.email, user.password)).toBe('/dashboard')

	const onB = await paula.send(b, '/dashboard')
	expect(onB.status).toBe(200)
	expect(await onB.response.text()).toContain('Paula Dos Procesos')
	// Without the cookie, B sends the same request to the sign-in page.
	const stranger = await visitor().send(b, '/dashboard')
	expect(stranger.status).toBe(302)
	expect(stranger.location).toMatch(/^\/login/)
	await stranger.response.body?.cancel()

	// Signing out on B ends the session everywhere.
	const out = await paula.send(b, '/logout', {})
	expect(out.status).toBe(302)
	await out.response.body?.cancel()
	const afterwards = await paula.send(a, '/dashboard')
	expect(afterwards.status).toBe(302)
	expect(afterwards.location).toMatch(/^\/login/)
	await afterwards.response.body?.cancel()
})

test('the day’s generations spent on one process count on the other; an admin’s new limit applies at once on the process that saved it, within a second or two on the other', async () => {
	const user = await createUserPg(database.url, { name: 'Quique Cuota' })
	const quique = visitor()
	await quique.signIn(a, user.email, user.password)

	const statuses = []
	for (const [app, prompt] of [
		[a, 'el mar'],
		[b, 'la montaña'],
		[a, 'el bosque'],
	] as const) {
		statuses.push((await quique.generate(app, prompt)).status)
	}
	expect(statuses).toEqual([302, 302, 302])
	for (const app of [b, a]) {
		const refused = await quique.generate(app, 'una más')
		expect(refused.status, `refused on ${app.origin}`).toBe(429)
		expect(refused.text).toContain(spentMessage(USER_LIMIT))
	}

	// The admin raises the limit by one on A, through the Configuración API form.
	const admin = await createUserPg(database.url, { name: 'Admin Dos Procesos', email: ADMIN_EMAIL })
	const adminClient = visitor()
	expect(await adminClient.signIn(a, admin.email, admin.password)).toBe('/admin/overview')
	const saved = await adminClient.send(a, '/admin/api-settings?tab=avanzada', {
		intent: 'limites',
		anon: '',
		user: String(USER_LIMIT + 1),
		ip: '',
		global: '',
	})
	expect(saved.status).toBeLessThan(400)
	await saved.response.body?.cancel()

	// A, which saved it, uses it at once.
	const remaining = `Te quedan 1 de ${USER_LIMIT + 1} generaciones hoy.`
	const homeText = async (app: PostgresApp) => {
		const home = await quique.send(app, '/')
		// React separates adjacent text in server HTML with empty comments.
		return (await home.response.text()).replaceAll('<!-- -->', '')
	}
	expect(await homeText(a)).toContain(remaining)
	// B within its configuration check (a second) and a request's time.
	await expect.poll(() => homeText(b), { intervals: [100], timeout: 2500 }).toContain(remaining)
	expect((await quique.generate(b, 'el desierto')).status).toBe(302)
	const refused = await quique.generate(a, 'otra más')
	expect(refused.status).toBe(429)
	expect(refused.text).toContain(spentMessage(USER_LIMIT + 1))
})

test('a background uploaded through one process is served by the other', async ({ page }) => {
	test.slow()
	// A visitor behind the load balancer: generates and uploads on A…
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() })
	await page.goto(a.origin)
	await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
	await page.getByLabel('¿Sobre qué quieres tus frases?').fill('la calma del mar')
	await page.getByLabel('Número de frases').selectOption('2')
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	const card = page.getByTestId('phrase-card').first()
	await card.getByRole('link', { name: 'Subir Fondo' }).click()
	const red = await sharp({
		create: { width: 640, height: 400, channels: 3, background: '#e11d48' },
	})
		.png()
		.toBuffer()
	await card
		.getByTestId('upload-panel')
		.getByLabel('Imagen de fondo')
		.setInputFiles({ name: 'rojo.png', mimeType: 'image/png', buffer: red })
	await card.getByTestId('upload-panel').getByRole('button', { name: 'Subir Imagen' }).click()
	await expect(card.getByText('Usando fondo personalizado')).toBeVisible()
	await expect(page).toHaveURL(/c1\.u=[\w-]{22}/)
	const uploadId = /c1\.u=([\w-]{22})/.exec(page.url())?.[1] ?? ''

	// …then the same page and the background itself come from B.
	const onA = new URL(page.url())
	await page.goto(`${b.origin}${onA.pathname}${onA.search}`)
	await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
	await expect(
		page.getByTestId('phrase-card').first().getByText('Usando fondo personalizado'),
	).toBeVisible()
	const background = signCardPath(
		'/tarjetas/fondo.jpg',
		new URLSearchParams({ u: uploadId }),
		SHARED_SECRETS.SESSION_SECRET,
	)
	const fromA = await page.request.get(`${a.origin}${background}`)
	const fromB = await page.request.get(`${b.origin}${background}`)
	expect(fromA.status()).toBe(200)
	expect(fromB.status(), 'the upload served by the other process').toBe(200)
	expect(fromB.headers()['content-type']).toBe('image/jpeg')
	expect(Buffer.compare(await fromA.body(), await fromB.body())).toBe(0)
	const { width, height } = await sharp(await fromB.body()).metadata()
	expect([width, height]).toEqual([640, 400])

	// The card drawn by B is made from it: mostly red under the overlay.
	const download = await page
		.getByTestId('phrase-card')
		.first()
		.getByTestId('card-download')
		.getAttribute('href')
	const image = await page.request.get(`${b.origin}${download}`)
	expect(image.status()).toBe(200)
	const [r, g] = (await sharp(await image.body()).stats()).channels.map((channel) => channel.mean)
	expect(r).toBeGreaterThan((g ?? 0) * 2)
})

test('a generation made on one process is shown by the other: its page, and the history on the dashboard', async () => {
	const user = await createUserPg(database.url, { name: 'Lola Lote' })
	const lola = visitor()
	await lola.signIn(b, user.email, user.password)
	const made = await lola.generate(a, 'las olas de invierno')
	expect(made.status).toBe(302)
	const batchPath = made.location?.replace(/#.*$/, '') ?? ''
	expect(batchPath).toMatch(/^\/\?lote=[\w-]+$/)
	const [phrase] = await pgQuery<{ content: string }>(
		database.url,
		'SELECT content FROM generation_phrases WHERE batch_id = $1 ORDER BY position',
		[new URLSearchParams(batchPath.slice(2)).get('lote')],
	)
	expect(phrase?.content).toBeTruthy()
	const escaped = (text: string) =>
		text
			.replaceAll('&', '&amp;')
			.replaceAll('<', '&lt;')
			.replaceAll('>', '&gt;')
			.replaceAll('"', '&quot;')
			.replaceAll("'", '&#x27;')

	const page = await lola.send(b, batchPath)
	expect(page.status).toBe(200)
	expect(await page.response.text()).toContain(escaped(phrase!.content))
	const history = await lola.send(b, '/dashboard/historial')
	expect(history.status).toBe(200)
	expect(await history.response.text()).toContain(escaped(phrase!.content))
})

test('sign-in attempts from one address count on both processes against one limit', async () => {
	const user = await createUserPg(database.url, { name: 'Rita Reintentos' })
	const guesser = visitor()
	const statuses = []
	for (let attempt = 0; attempt < SIGN_IN_LIMIT; attempt++) {
		statuses.push((await guesser.failSignIn(attempt % 2 === 0 ? a : b, user.email)).status)
	}
	expect(statuses.every((status) => status === 400)).toBe(true)
	for (const app of [a, b]) {
		const refused = await guesser.failSignIn(app, user.email)
		expect(refused.status, `refused on ${app.origin}`).toBe(429)
		expect(refused.text).toContain('Demasiados intentos. Espera un minuto y vuelve a intentarlo.')
	}
})
