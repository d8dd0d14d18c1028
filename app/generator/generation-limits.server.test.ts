/**
 * The daily generation limits through the generator action, against a real database and a
 * fake Gemini: the per-address cap a visitor cannot escape by dropping cookies, the global
 * ceiling on provider calls (each retry is a call), and what is given back when.
 */
import { beforeEach, describe, expect, test } from 'vitest'
import { geminiForbidden, geminiText, geminiUnavailable } from '../../tests/fakes/fake-gemini'
import { routeAnswer, type RouteAnswer } from '../../tests/support/route-answer'
import { fakeGeminiProvider } from '../../tests/support/gemini-provider'

const IP_LIMIT = 5
const GLOBAL_LIMIT = 10

const gemini = await fakeGeminiProvider()
process.env.GENERATION_DAILY_LIMIT_ANON = '1000'
process.env.GENERATION_DAILY_LIMIT_IP = String(IP_LIMIT)
process.env.GENERATION_DAILY_LIMIT_GLOBAL = String(GLOBAL_LIMIT)
// The provider's address is known only once the fake is listening: modules load after it.
const { prisma } = await import('~/utils/db.server')
const { generatorAction } = await import('./action.server')
const { loadGenerator } = await import('./loader.server')
const { quotaDay } = await import('~/models/quota.server')

beforeEach(async () => {
	gemini.requests.length = 0
	await prisma.generationQuota.deleteMany()
})

const IP_MESSAGE =
	'Se ha alcanzado el límite de generaciones de hoy desde tu conexión a internet (tu red o dirección IP). Podrás generar más frases a partir de las 00:00 (hora de España).'
const GLOBAL_MESSAGE =
	'Frasea ha alcanzado el límite de generaciones de hoy para todo el servicio. Vuelve a intentarlo mañana, a partir de las 00:00 (hora de España).'

/** The form a refused generation sends back. */
type Refused = { errors: { form: string[] }; values: { prompt: string } }

function post(prompt: string, options: { cookie?: string; signal?: AbortSignal } = {}) {
	return new Request('http://localhost/?index', {
		method: 'POST',
		body: new URLSearchParams({ intent: 'generate', prompt, count: '1', length: '12' }),
		headers: options.cookie ? { cookie: options.cookie } : undefined,
		signal: options.signal,
	})
}

/** A generation as the browser gets it: a redirect to the batch, or the form refused. */
async function generate(clientAddress: string, request: Request) {
	const answer = await routeAnswer(
		await generatorAction('home', request, { clientAddress }).catch((thrown: unknown) => {
			if (thrown instanceof Response) return thrown
			throw thrown
		}),
	)
	return answer as RouteAnswer & { body: Refused }
}

const status = (answer: RouteAnswer) => answer.status

const visitorCookie = (answer: RouteAnswer) =>
	answer.headers
		.getSetCookie()
		.find((cookie) => cookie.startsWith('fr_visitor='))
		?.split(';')[0] ?? ''

/** Today's counters, by subject. */
async function counters() {
	const rows = await prisma.generationQuota.findMany({ where: { day: quotaDay() } })
	return Object.fromEntries(rows.map((row) => [row.subject, row.count]))
}

async function visitorTotal() {
	const rows = await prisma.generationQuota.findMany({
		where: { day: quotaDay(), subject: { startsWith: 'visitor:' } },
	})
	return rows.reduce((sum, row) => sum + row.count, 0)
}

async function setCounter(subject: string, count: number) {
	const day = quotaDay()
	await prisma.generationQuota.upsert({
		where: { subject_day: { subject, day } },
		create: { subject, day, count },
		update: { count },
	})
}

async function allowance(clientAddress: string, cookie?: string) {
	const data = await loadGenerator(
		'home',
		new Request('http://localhost/', { headers: cookie ? { cookie } : undefined }),
		{ clientAddress },
	)
	return data.quota
}

describe('the per-address limit', () => {
	test('caps one address across any number of fresh visitor ids (cookies dropped)', async () => {
		const statuses: number[] = []
		let refused: Awaited<ReturnType<typeof generate>> | undefined
		for (let i = 0; i < IP_LIMIT + 3; i++) {
			// No cookie: every request is a brand-new visitor.
			const result = await generate('203.0.113.7', post(`tema ${i}`))
			statuses.push(status(result))
			if (result.status !== 302) refused = result
		}
		expect(statuses).toEqual([...Array(IP_LIMIT).fill(302), 429, 429, 429])
		expect(gemini.requests).toHaveLength(IP_LIMIT)
		expect(refused?.body.errors.form).toEqual([IP_MESSAGE])
		expect(refused?.body.values.prompt).toBe(`tema ${IP_LIMIT + 2}`)
		// Refusals cost nobody anything.
		expect(await counters()).toMatchObject({ 'ip:203.0.113.7': IP_LIMIT })
		expect(await visitorTotal()).toBe(IP_LIMIT)

		// The page says so to a cookie-less visitor from there; elsewhere is unaffected.
		expect(await allowance('203.0.113.7')).toMatchObject({ remaining: 0, scope: 'ip' })
		expect(await allowance('203.0.113.8')).toMatchObject({ remaining: IP_LIMIT, scope: 'ip' })
		expect(status(await generate('203.0.113.8', post('otra red')))).toBe(302)
	})

	test('IPv6 addresses of one /64 network share one allowance', async () => {
		const statuses: number[] = []
		for (let i = 1; i <= IP_LIMIT + 1; i++) {
			statuses.push(status(await generate(`2001:db8:7:1::${i.toString(16)}`, post(`v6 ${i}`))))
		}
		expect(statuses).toEqual([...Array(IP_LIMIT).fill(302), 429])
		expect(status(await generate('2001:db8:7:2::1', post('otra /64')))).toBe(302)
	})

	test('concurrent cookie-less generations from one address never exceed it', async () => {
		const results = await Promise.all(
			Array.from({ length: 12 }, (_, i) => generate('203.0.113.9', post(`a la vez ${i}`))),
		)
		const statuses = results.map(status)
		expect(statuses.filter((code) => code === 302)).toHaveLength(IP_LIMIT)
		expect(statuses.filter((code) => code === 429)).toHaveLength(12 - IP_LIMIT)
		expect(gemini.requests).toHaveLength(IP_LIMIT)
		expect(await counters()).toMatchObject({ 'ip:203.0.113.9': IP_LIMIT })
		expect(await visitorTotal()).toBe(IP_LIMIT)
	})

	test('a refusal by the address leaves the visitor’s own allowance untouched', async () => {
		const first = await generate('203.0.113.10', post('mío'))
		const cookie = visitorCookie(first)
		await setCounter('ip:203.0.113.10', IP_LIMIT)
		const refused = await generate('203.0.113.10', post('otra', { cookie }))
		expect(refused.status).toBe(429)
		expect(refused.body.errors.form).toEqual([IP_MESSAGE])
		expect(await visitorTotal()).toBe(1)
	})
})

describe('the global ceiling on provider calls', () => {
	test('charges every provider call, retries included', async () => {
		gemini.enqueue(geminiUnavailable(), geminiText('Una frase sobre el mar.'))
		const result = await generate('203.0.113.20', post('el mar'))
		expect(status(result)).toBe(302)
		expect(gemini.requests).toHaveLength(2)
		// Two calls to the provider, one generation for the visitor and the address.
		expect(await counters()).toMatchObject({
			'global:provider-calls': 2,
			'ip:203.0.113.20': 1,
		})
		expect(await visitorTotal()).toBe(1)
	})

	test('once reached, no provider is called and the visitor and address are not charged', async () => {
		await setCounter('global:provider-calls', GLOBAL_LIMIT)
		const refused = await generate('203.0.113.21', post('mañana'))
		expect(refused.status).toBe(429)
		expect(refused.body.errors.form).toEqual([GLOBAL_MESSAGE])
		expect(refused.body.values.prompt).toBe('mañana')
		expect(gemini.requests).toHaveLength(0)
		expect(await counters()).toMatchObject({
			'global:provider-calls': GLOBAL_LIMIT,
			'ip:203.0.113.21': 0,
		})
		expect(await visitorTotal()).toBe(0)
		expect(await allowance('203.0.113.21')).toMatchObject({ remaining: 0, scope: 'global' })
	})

	test('a retry past the ceiling is not made, and the call already made stays charged', async () => {
		await setCounter('global:provider-calls', GLOBAL_LIMIT - 1)
		gemini.enqueue(geminiUnavailable())
		const refused = await generate('203.0.113.22', post('casi'))
		expect(refused.status).toBe(429)
		expect(refused.body.errors.form).toEqual([GLOBAL_MESSAGE])
		expect(gemini.requests).toHaveLength(1)
		expect(await counters()).toMatchObject({
			'global:provider-calls': GLOBAL_LIMIT,
			'ip:203.0.113.22': 1,
		})
		expect(await visitorTotal()).toBe(1)
	})
})

describe('what a failed generation gives back', () => {
	test('an aborted generation after the provider was called is not refunded', async () => {
		gemini.enqueue(geminiText('Tarde.', { delayMs: 3_000 }))
		const controller = new AbortController()
		const pending = generate('203.0.113.30', post('me voy', { signal: controller.signal }))
		await expect.poll(() => gemini.requests.length).toBe(1)
		controller.abort()
		const result = await pending
		expect(status(result)).toBeGreaterThanOrEqual(400)
		expect(await counters()).toMatchObject({
			'global:provider-calls': 1,
			'ip:203.0.113.30': 1,
		})
		expect(await visitorTotal()).toBe(1)
	})

	test('a call the provider refused unbilled (wrong key) gives the generation back', async () => {
		gemini.enqueue(geminiForbidden())
		const result = await generate('203.0.113.31', post('clave'))
		expect(result.status).toBe(502)
		expect(await counters()).toMatchObject({
			// The call went out: the ceiling counts calls, whatever they answer.
			'global:provider-calls': 1,
			'ip:203.0.113.31': 0,
		})
		expect(await visitorTotal()).toBe(0)
	})

	test('invalid input is refused before any limit is touched', async () => {
		const request = new Request('http://localhost/?index', {
			method: 'POST',
			body: new URLSearchParams({ intent: 'generate', prompt: '', count: '1', length: '12' }),
		})
		const result = await generate('203.0.113.32', request)
		expect(result.status).toBe(400)
		expect(gemini.requests).toHaveLength(0)
		expect(await counters()).toEqual({})
	})
})
