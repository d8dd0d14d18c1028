/**
 * The generator pages' server side against a real database and a fake Gemini server on
 * loopback: what a form post does, end to end, without a browser.
 */
import sharp from 'sharp'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { FAKE_GEMINI_KEY, geminiForbidden, startFakeGemini } from '../../tests/fakes/fake-gemini'
import { routeAnswer, type RouteAnswer } from '../../tests/support/route-answer'
import { type Page } from './pages'
import { type GeneratorActionData, type GeneratorErrors, type GeneratorValues } from './view'

/** The form a refused generation sends back. */
type Refused = {
	values: GeneratorValues
	errors: Required<Pick<GeneratorErrors, 'form' | 'image'>>
}

const gemini = await startFakeGemini()
process.env.GEMINI_API_KEY = FAKE_GEMINI_KEY
process.env.GEMINI_BASE_URL = gemini.url
process.env.GEMINI_MODEL = 'gemini-flash-latest'
// The provider's address is known only once the fake is listening: modules load after it.
const { prisma } = await import('~/utils/db.server')
const { generatorAction } = await import('./action.server')
const { loadGenerator } = await import('./loader.server')
const { quotaSettingKeys } = await import('~/models/quota.server')

afterAll(async () => {
	await gemini.close()
})

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
