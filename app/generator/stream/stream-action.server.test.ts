/**
 * POST /generar against a real database and a fake Gemini server on loopback: the events
 * the browser reads, and the batch they leave stored, also when storing a phrase fails.
 */
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { fakePhrases } from '../../../tests/fakes/shared'
import { MESSAGES } from '~/generation/errors'
import type * as BatchModule from '~/models/batch.server'
import { createSseParser } from '~/utils/sse'
import { type StreamEvents } from './events'
import { fakeGeminiProvider } from '../../../tests/support/gemini-provider'

/** A write to the database that fails once, as a busy SQLite or a dropped connection does. */
const storage = vi.hoisted(() => ({ failOn: null as string | null }))
vi.mock('~/models/batch.server', async (importOriginal) => {
	const original = await importOriginal<typeof BatchModule>()
	return {
		...original,
		appendBatchPhrases: async (batchId: string, from: number, phrases: string[]) => {
			if (storage.failOn !== null && phrases.includes(storage.failOn)) {
				storage.failOn = null
				throw new Error('SQLITE_BUSY: database is locked')
			}
			return original.appendBatchPhrases(batchId, from, phrases)
		},
	}
})

const gemini = await fakeGeminiProvider()
// The provider's address is known only once the fake is listening: modules load after it.
const { prisma } = await import('~/utils/db.server')
const { streamGeneration } = await import('./stream-action.server')
const { newUser, signedIn } = await import('../../../tests/support/profile')

beforeEach(() => {
	gemini.requests.length = 0
	storage.failOn = null
})

type Received = {
	[Name in keyof StreamEvents]: { event: Name; data: StreamEvents[Name] }
}[keyof StreamEvents]

/** Posts the home generator's form as the page's script does, and reads every event. */
async function generate(cookie: string, count = 4) {
	const response = await streamGeneration(
		new Request('http://localhost/generar?pagina=home', {
			method: 'POST',
			headers: { cookie },
			body: new URLSearchParams({
				intent: 'generate',
				prompt: 'el mar',
				count: String(count),
				length: '12',
			}),
		}),
		{ clientAddress: '198.51.100.7' },
	)
	expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
	const text = await response.text()
	const parser = createSseParser()
	const events = [...parser.push(text), ...parser.end()].map(
		(event) => ({ event: event.event, data: JSON.parse(event.data) as unknown }) as Received,
	)
	const shown = events.flatMap((event) => (event.event === 'phrase' ? [event.data.text] : []))
	return { text, events, shown }
}

async function storedBatch(href: string) {
	const id = new URL(href, 'http://localhost').searchParams.get('lote') ?? ''
	const batch = await prisma.generationBatch.findUniqueOrThrow({
		where: { id },
		include: { phrases: { orderBy: { position: 'asc' } } },
	})
	return { id, phrases: batch.phrases.map((phrase) => phrase.content) }
}

async function historyOf(userId: string, batchId: string) {
	const rows = await prisma.historyPhrase.findMany({ where: { userId, batchId } })
	return rows.map((row) => row.content).sort()
}

describe('a streamed generation', () => {
	test('sends each phrase as it is stored and ends at the batch holding exactly those', async () => {
		const user = await newUser()
		const { cookie } = await signedIn(user.id)
		const { events, shown } = await generate(cookie)
		expect(shown).toEqual(fakePhrases(4))
		const done = events.at(-1)
		expect(done?.event).toBe('done')
		const href = done?.event === 'done' ? done.data.href : ''
		const batch = await storedBatch(href)
		expect(batch.phrases).toEqual(shown)
		expect(await historyOf(user.id, batch.id)).toEqual([...shown].sort())
	})

	test('a phrase that cannot be stored ends the stream with the generic error; the batch holds exactly what was shown', async () => {
		const user = await newUser()
		const { cookie } = await signedIn(user.id)
		const phrases = fakePhrases(4)
		storage.failOn = phrases[2]!
		const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
		const { text, events, shown } = await generate(cookie)
		const logs = [...logged.mock.calls]
		logged.mockRestore()

		// The two stored phrases, then the server's own error: no retry notice, no `done`.
		expect(events.map((event) => event.event)).toEqual(['phrase', 'phrase', 'error'])
		expect(shown).toEqual(phrases.slice(0, 2))
		const error = events.at(-1)
		expect(error?.event).toBe('error')
		if (error?.event !== 'error') return
		expect(error.data).toMatchObject({ message: MESSAGES.generic, toast: MESSAGES.generic })
		expect(error.data.values).toMatchObject({ prompt: 'el mar', count: 4 })
		// The cause stays in the server's log; the browser never reads it.
		expect(text).not.toContain('SQLITE_BUSY')
		expect(logs).toEqual([
			[
				'A streamed generation failed',
				expect.objectContaining({ message: 'SQLITE_BUSY: database is locked' }),
			],
		])

		// What was shown is kept at the batch's address, once each and in order.
		expect(error.data.href).toMatch(/^\/\?lote=[\w-]{20,}/)
		const batch = await storedBatch(error.data.href ?? '')
		expect(batch.phrases).toEqual(shown)
		expect(await historyOf(user.id, batch.id)).toEqual([...shown].sort())

		// Our database failed, not the model: one call, never retried, no error against it.
		expect(gemini.requests).toHaveLength(1)
		const recorded = await prisma.generationEvent.findMany({ where: { userId: user.id } })
		expect(recorded.map(({ outcome, errorKind }) => ({ outcome, errorKind }))).toEqual([
			{ outcome: 'success', errorKind: null },
		])
	})
})
