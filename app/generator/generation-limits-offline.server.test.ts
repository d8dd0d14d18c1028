/**
 * With the offline engine (no provider configured), a generation costs nothing: it still
 * counts for the visitor and the address, but never against the ceiling on provider calls.
 */
import { expect, test, vi } from 'vitest'
import { prisma } from '~/utils/db.server'
import { routeAnswer } from '../../tests/support/route-answer'
import { generatorAction } from './action.server'
import { loadGenerator } from './loader.server'

vi.hoisted(() => {
	delete process.env.GEMINI_API_KEY
	delete process.env.OPENAI_BASE_URL
	process.env.GENERATION_DAILY_LIMIT_IP = '3'
	process.env.GENERATION_DAILY_LIMIT_GLOBAL = '1'
})

async function generate(prompt: string) {
	const request = new Request('http://localhost/?index', {
		method: 'POST',
		body: new URLSearchParams({ intent: 'generate', prompt, count: '2', length: '12' }),
	})
	return routeAnswer(await generatorAction('home', request, { clientAddress: '192.0.2.7' }))
}

test('offline generations count per visitor and address, never against the global ceiling', async () => {
	const statuses: number[] = []
	for (let i = 0; i < 4; i++) {
		const result = await generate(`sin conexión ${i}`)
		statuses.push(result.status)
	}
	// A global ceiling of 1 call would have stopped the second; the address stops the fourth.
	expect(statuses).toEqual([302, 302, 302, 429])
	const rows = await prisma.generationQuota.findMany()
	expect(rows.find((row) => row.subject === 'ip:192.0.2.7')?.count).toBe(3)
	expect(rows.find((row) => row.subject === 'global:provider-calls')).toBeUndefined()
	const page = await loadGenerator('home', new Request('http://localhost/'), {
		clientAddress: '192.0.2.8',
	})
	expect(page.offline).toBe(true)
	expect(page.quota).toMatchObject({ remaining: 3, scope: 'ip' })
})
