/**
 * The generator pages' server side against a real database and a fake Gemini server on
 * loopback: what a form post does, end to end, without a browser.
 */
import sharp from 'sharp'
import { beforeEach, describe, expect, test } from 'vitest'
import { FAKE_GEMINI_KEY, geminiForbidden } from '../../tests/fakes/fake-gemini'
import { routeAnswer, type RouteAnswer } from '../../tests/support/route-answer'
import { type Page } from './pages'
import { type GeneratorActionData, type GeneratorErrors, type GeneratorValues } from './view'
import { fakeGeminiProvider } from '../../tests/support/gemini-provider'

/** The form a refused generation sends back. */
type Refused = {
	values: GeneratorValues
	errors: Required<Pick<GeneratorErrors, 'form' | 'image'>>
}

const gemini = await fakeGeminiProvider()
// The provider's address is known only once the fake is listening: modules load after it.
const { prisma } = await import('~/utils/db.server')
const { generatorAction } = await import('./action.server')
const { loadGenerator } = await import('./loader.server')
const { quotaSettingKeys } = await import('~/models/quota.server')
const { newUser, signedIn } = await import('../../tests/support/profile')
const { setTheme } = await import('~/utils/theme.server')

beforeEach(() => {
	gemini.requests.length = 0
})

function post(path: string, body: BodyInit, cookie?: string) {
	return new Request(`http://localhost${path}`, {
		method: 'POST',
		body,
		headers: cookie ? { cookie } : undefined,
	})
}

/** The client address the app's server hands every loader and action. */
const context = { clientAddress: '198.51.100.1' }

/** Runs an action: its redirect, or the form it sends back, as the browser gets them. */
async function run(page: Page, request: Request, from: { clientAddress: string } = context) {
	const answer = await routeAnswer(
		await generatorAction(page, request, from).catch((thrown: unknown) => {
			if (thrown instanceof Response) return thrown
			throw thrown
		}),
	)
	return answer as RouteAnswer & { body: GeneratorActionData & Refused }
}

const visitorCookie = (answer: RouteAnswer) =>
	answer.headers
		.getSetCookie()
		.find((cookie) => cookie.startsWith('fr_visitor='))
		?.split(';')[0] ?? ''

const form = (values: Record<string, string>) =>
	new URLSearchParams({ intent: 'generate', length: '12', ...values })

describe('generating with Gemini configured', () => {
	test('stores the batch, records the call and redirects to it', async () => {
		const redirect = await run('home', post('/?index', form({ prompt: 'el mar', count: '3' })))
		expect(redirect.status).toBe(302)
		const location = redirect.headers.get('location') ?? ''
		expect(location).toMatch(/^\/\?lote=[\w-]{20,}#generated-phrases$/)

		// The key travels in the header, never in the URL.
		expect(gemini.requests).toHaveLength(1)
		expect(gemini.requests[0]?.headers['x-goog-api-key']).toBe(FAKE_GEMINI_KEY)
		expect(gemini.requests[0]?.path).not.toContain(FAKE_GEMINI_KEY)

		const id = new URL(location, 'http://localhost').searchParams.get('lote') ?? ''
		const batch = await prisma.generationBatch.findUniqueOrThrow({
			where: { id },
			include: { phrases: true },
		})
		expect(batch).toMatchObject({ provider: 'gemini', model: 'gemini-flash-latest', userId: null })
		expect(batch.phrases).toHaveLength(3)
		expect(batch.expiresAt).not.toBeNull()
		const events = await prisma.generationEvent.findMany({ where: { provider: 'gemini' } })
		expect(events.at(-1)).toMatchObject({ outcome: 'success', page: 'home' })

		// The same browser sees the batch; another does not.
		const cookie = visitorCookie(redirect)
		const mine = await loadGenerator(
			'home',
			new Request(`http://localhost${location}`, { headers: { cookie } }),
			context,
		)
		expect(mine.batch?.phrases).toHaveLength(3)
		expect(mine.values).toMatchObject({ prompt: 'el mar', count: 3 })
		const stranger = await loadGenerator(
			'home',
			new Request(`http://localhost${location}`),
			context,
		)
		expect(stranger.batch).toBeNull()
		expect(stranger.batchMissing).toBe(true)
	})

	test('image mode sends the picture as inlineData with its real type', async () => {
		const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
			.png()
			.toBuffer()
		const body = new FormData()
		for (const [key, value] of form({ mode: 'image', count: '4', context: 'verano' })) {
			body.append(key, value)
		}
		// A PNG that claims to be a JPEG is still a PNG.
		body.append('image', new File([png], 'foto.jpg', { type: 'image/jpeg' }))
		const response = await run('instagram', post('/instagram', body))
		expect(response.status).toBe(302)
		const sent = gemini.requests[0]?.body as {
			contents: Array<{ parts: Array<{ inlineData?: { mimeType: string; data: string } }> }>
		}
		const inline = sent.contents[0]?.parts.find((part) => part.inlineData)?.inlineData
		expect(inline?.mimeType).toBe('image/png')
		expect(Buffer.from(inline?.data ?? '', 'base64').equals(png)).toBe(true)
	})

	test('an image over 15 MB is refused while it streams and the other fields are kept', async () => {
		const body = new FormData()
		for (const [key, value] of form({ mode: 'image', count: '4', context: 'mi contexto' })) {
			body.append(key, value)
		}
		body.append(
			'image',
			new File([new Uint8Array(15 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
		)
		const result = await run('facebook', post('/facebook', body))
		expect(result.status).toBe(413)
		expect(result.body.errors.image).toEqual([
			'La imagen es demasiado grande. El tamaño máximo es 15MB.',
		])
		expect(result.body.values).toMatchObject({ context: 'mi contexto', count: 4 })
		expect(gemini.requests).toHaveLength(0)
	})

	test('a provider refusal shows the invalid-key message and gives the generation back', async () => {
		const first = await run('home', post('/?index', form({ prompt: 'uno', count: '1' })))
		const cookie = visitorCookie(first)
		const before = await loadGenerator(
			'home',
			new Request('http://localhost/', { headers: { cookie } }),
			context,
		)

		gemini.enqueue(geminiForbidden())
		const result = await run('home', post('/?index', form({ prompt: 'dos', count: '1' }), cookie))
		expect(result.status).toBe(502)
		expect(result.body.errors.form).toEqual([
			'Clave de API inválida. Por favor, verifica la clave API en la configuración de administrador.',
		])
		expect(result.body.values.prompt).toBe('dos')
		const after = await loadGenerator(
			'home',
			new Request('http://localhost/', { headers: { cookie } }),
			context,
		)
		expect(after.quota.remaining).toBe(before.quota.remaining)
		const failed = await prisma.generationEvent.findFirst({ where: { outcome: 'error' } })
		expect(failed).toMatchObject({ provider: 'gemini', errorKind: 'auth' })
	})

	test('the daily limit set by an admin is enforced on the server', async () => {
		await prisma.setting.upsert({
			where: { key: quotaSettingKeys.visitor },
			create: { key: quotaSettingKeys.visitor, value: '2' },
			update: { value: '2' },
		})
		try {
			const first = await run('home', post('/?index', form({ prompt: 'a', count: '1' })))
			const cookie = visitorCookie(first)
			const second = await run('home', post('/?index', form({ prompt: 'b', count: '1' }), cookie))
			expect(second.status).toBe(302)
			const third = await run('home', post('/?index', form({ prompt: 'c', count: '1' }), cookie))
			expect(third.status).toBe(429)
			expect(third.body.errors.form[0]).toMatch(/^Has alcanzado el límite de 2 generaciones de hoy/)
		} finally {
			await prisma.setting.delete({ where: { key: quotaSettingKeys.visitor } })
		}
	})
})

describe('Spanish variant and register', () => {
	test('Argentina and formal: told to the model, kept with the batch, named in its address', async () => {
		const redirect = await run(
			'facebook',
			post(
				'/facebook',
				form({
					prompt: 'mi almacén',
					count: '3',
					type: 'facebook',
					variant: 'ar',
					register: 'formal',
				}),
			),
		)
		expect(redirect.status).toBe(302)
		const location = redirect.headers.get('location') ?? ''
		expect(location).toMatch(
			/^\/facebook\?lote=[\w-]+&variante=ar&registro=formal#generated-phrases$/,
		)
		const sent = JSON.stringify(gemini.requests[0]?.body)
		expect(sent).toContain('español de Argentina (rioplatense)')
		expect(sent).toContain('Trata al lector de usted')

		const id = new URL(location, 'http://localhost').searchParams.get('lote') ?? ''
		const batch = await prisma.generationBatch.findUniqueOrThrow({ where: { id } })
		expect(JSON.parse(batch.settings)).toMatchObject({ variant: 'ar', register: 'formal' })
		const event = await prisma.generationEvent.findFirstOrThrow({ orderBy: { createdAt: 'desc' } })
		expect(event).toMatchObject({ language: 'es', variant: 'ar', rejectedPhrases: 0 })

		// The batch's page shows the form as it was sent, without the address's help too.
		const cookie = visitorCookie(redirect)
		const plain = `/facebook?lote=${id}`
		const page = await loadGenerator(
			'facebook',
			new Request(`http://localhost${plain}`, { headers: { cookie } }),
			context,
		)
		expect(page.values).toMatchObject({ variant: 'ar', register: 'formal' })
	})

	test('other languages: no variant kept or named, the call recorded with its language', async () => {
		const redirect = await run(
			'home',
			post(
				'/?index',
				form({ prompt: 'the sea', count: '2', language: 'inglés en', variant: 'ar' }),
			),
		)
		const location = redirect.headers.get('location') ?? ''
		expect(location).toMatch(/^\/\?lote=[\w-]+#generated-phrases$/)
		expect(JSON.stringify(gemini.requests[0]?.body)).not.toContain('Argentina')
		const id = new URL(location, 'http://localhost').searchParams.get('lote') ?? ''
		const batch = await prisma.generationBatch.findUniqueOrThrow({ where: { id } })
		expect(JSON.parse(batch.settings)).not.toHaveProperty('variant')
		const event = await prisma.generationEvent.findFirstOrThrow({ orderBy: { createdAt: 'desc' } })
		expect(event).toMatchObject({ language: 'en', variant: null })
	})

	test('an unknown variant or register is refused next to its field, the rest kept', async () => {
		const result = await run(
			'home',
			post('/?index', form({ prompt: 'el mar', variant: 'pe', register: 'coloquial' })),
		)
		expect(result.status).toBe(400)
		expect(result.body.errors).toMatchObject({
			variant: ['Elige una variante del español de la lista'],
			register: ['Elige un trato: cercano o formal'],
		})
		expect(result.body.values).toMatchObject({ prompt: 'el mar', variant: 'pe' })
		expect(gemini.requests).toHaveLength(0)
	})

	test('the address names only what differs from neutral Latin American, close', async () => {
		const mexican = await run('home', post('/?index', form({ prompt: 'el mar', variant: 'mx' })))
		expect(mexican.headers.get('location')).toMatch(/&variante=mx#generated-phrases$/)
		const formal = await run(
			'home',
			post('/?index', form({ prompt: 'el mar', register: 'formal' })),
		)
		expect(formal.headers.get('location')).toMatch(
			/\?lote=[\w-]+&registro=formal#generated-phrases$/,
		)
	})

	test('the address’s choice fills the form: a link can open the generator in a variant', async () => {
		const page = await loadGenerator(
			'instagram',
			new Request('http://localhost/instagram?variante=mx&registro=formal'),
			context,
		)
		expect(page.values).toMatchObject({ variant: 'mx', register: 'formal' })
		const unknown = await loadGenerator(
			'instagram',
			new Request('http://localhost/instagram?variante=xx&registro=yy'),
			context,
		)
		expect(unknown.values).toMatchObject({ variant: 'latam', register: 'cercano' })
	})

	test('a signed-in user’s last choice is remembered, without changing how the site looks', async () => {
		const user = await newUser()
		const { cookie } = await signedIn(user.id)
		const generated = await run(
			'home',
			post(
				'/?index',
				form({ prompt: 'el mate', count: '1', variant: 'ar' }),
				`${cookie}; ${(await setTheme('dark')).split(';')[0]}`,
			),
		)
		expect(generated.status).toBe(302)
		const settings = await prisma.userSettings.findUniqueOrThrow({ where: { userId: user.id } })
		expect(settings).toMatchObject({
			spanishVariant: 'ar',
			spanishRegister: 'cercano',
			// The look they had: the header switch's choice, the default size, motion as it was.
			theme: 'dark',
			fontSize: 'medium',
			reducedMotion: false,
		})
		for (const path of ['/', '/instagram', '/facebook']) {
			const page = await loadGenerator(
				path === '/' ? 'home' : (path.slice(1) as Page),
				new Request(`http://localhost${path}`, { headers: { cookie } }),
				context,
			)
			expect(page.values, path).toMatchObject({ variant: 'ar', register: 'cercano' })
		}

		// An English generation changes nothing; another Spanish one does.
		await run(
			'home',
			post(
				'/?index',
				form({ prompt: 'x', count: '1', language: 'inglés en', variant: 'es' }),
				cookie,
			),
		)
		expect(
			await prisma.userSettings.findUniqueOrThrow({ where: { userId: user.id } }),
		).toMatchObject({
			spanishVariant: 'ar',
		})
		await run(
			'home',
			post('/?index', form({ prompt: 'y', count: '1', variant: 'es', register: 'formal' }), cookie),
		)
		expect(
			await prisma.userSettings.findUniqueOrThrow({ where: { userId: user.id } }),
		).toMatchObject({
			spanishVariant: 'es',
			spanishRegister: 'formal',
			theme: 'dark',
		})
	})

	test('without a theme chosen, the remembered row follows the system’s', async () => {
		const user = await newUser()
		const { cookie } = await signedIn(user.id)
		await run(
			'home',
			post('/?index', form({ prompt: 'el mar', count: '1', variant: 'cl' }), cookie),
		)
		expect(
			await prisma.userSettings.findUniqueOrThrow({ where: { userId: user.id } }),
		).toMatchObject({
			theme: 'system',
			spanishVariant: 'cl',
		})
	})
})

describe('uploading a card background', () => {
	test('takes one from the address’s daily upload allowance only when it is stored', async () => {
		const from = { clientAddress: '198.51.100.60' }
		const generated = await run(
			'home',
			post('/?index', form({ prompt: 'fondo', count: '1' })),
			from,
		)
		const cookie = visitorCookie(generated)
		const batch = new URL(generated.headers.get('location') ?? '', 'http://localhost')
		const uploadPath = `/?index&lote=${batch.searchParams.get('lote')}&_tarjeta=subir&n=1`
		const used = async () =>
			(await prisma.generationQuota.findFirst({ where: { subject: 'upload:ip:198.51.100.60' } }))
				?.count ?? 0
		const upload = (bytes: Uint8Array<ArrayBuffer>) => {
			const body = new FormData()
			body.set('fondo', new File([bytes], 'fondo.png', { type: 'image/png' }))
			return run('home', post(uploadPath, body, cookie), from)
		}

		expect((await upload(new TextEncoder().encode('no es una imagen'))).status).toBe(400)
		expect(await used()).toBe(0)
		const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0ea5e9' } })
			.png()
			.toBuffer()
		expect((await upload(new Uint8Array(png))).status).toBe(302)
		expect(await used()).toBe(1)
	})
})
