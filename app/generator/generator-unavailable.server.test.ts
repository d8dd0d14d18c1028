/**
 * A generator an admin switched off: its page still loads, with the notice instead of the
 * form, and a generation posted anyway is refused with 409 before any allowance or provider
 * call is spent.
 */
import { beforeEach, expect, test } from 'vitest'
import { routeAnswer } from '../../tests/support/route-answer'
import { fakeGeminiProvider } from '../../tests/support/gemini-provider'

const gemini = await fakeGeminiProvider()
// The provider's address is known only once the fake is listening: modules load after it.
const { prisma } = await import('~/utils/db.server')
const { generatorAction } = await import('./action.server')
const { loadGenerator } = await import('./loader.server')

beforeEach(async () => {
	gemini.requests.length = 0
	await prisma.tool.deleteMany()
})

const context = { clientAddress: '198.51.100.7' }
const notice =
	'El generador de Instagram no está disponible temporalmente. Vuelve a intentarlo más tarde.'

const generate = () =>
	generatorAction(
		'instagram',
		new Request('http://localhost/instagram', {
			method: 'POST',
			body: new URLSearchParams({
				intent: 'generate',
				prompt: 'la playa',
				count: '2',
				length: '12',
			}),
		}),
		context,
	)

const switchInstagram = (isActive: boolean) =>
	prisma.tool.upsert({
		where: { id: 'instagram' },
		create: {
			id: 'instagram',
			name: 'Instagram',
			description: '',
			endpoint: '/instagram',
			isActive,
		},
		update: { isActive },
	})

test('switched off: the page carries the notice and a generation is refused for nothing', async () => {
	await switchInstagram(false)
	const page = await loadGenerator('instagram', new Request('http://localhost/instagram'), context)
	expect(page.unavailable).toBe(notice)

	const refused = await routeAnswer(await generate())
	expect(refused.status).toBe(409)
	expect(refused.body).toMatchObject({ errors: { form: [notice] } })
	expect(gemini.requests).toHaveLength(0)
	expect(await prisma.generationBatch.count()).toBe(0)
	// Nothing was reserved against any daily allowance.
	expect(await prisma.generationQuota.count()).toBe(0)

	// Other generators are not affected.
	const home = await loadGenerator('home', new Request('http://localhost/'), context)
	expect(home.unavailable).toBeNull()
})

test('without a row, or switched on again, the generator works', async () => {
	const fresh = await loadGenerator('instagram', new Request('http://localhost/instagram'), context)
	expect(fresh.unavailable).toBeNull()
	await switchInstagram(false)
	await switchInstagram(true)
	const answer = await routeAnswer(await generate())
	expect(answer.status).toBe(302)
	expect(gemini.requests).toHaveLength(1)
	// The same count that stayed at zero above does move for a generation that is taken.
	expect(await prisma.generationQuota.count()).toBeGreaterThan(0)
})
