/**
 * What the generate tests share: a fake Gemini server on loopback for the test file, and
 * the orchestrator pointed at it with a sleep that only records its waits, so retries are
 * tested without waiting for them.
 */
import { afterAll, afterEach, expect } from 'vitest'
import { GenerationError } from '~/generation/errors'
import { generatePhrases, type GeneratePhrasesOptions } from '~/generation/generate.server'
import { createGeminiProvider } from '~/generation/providers/gemini.server'
import { type GenerationRequest } from '~/generation/types'
import { type Page } from '~/generator/pages'
import { FAKE_GEMINI_KEY, startFakeGemini } from '../fakes/fake-gemini'

export const now = new Date('2026-11-21T12:00:00Z')

export function request(overrides: Partial<GenerationRequest> = {}): GenerationRequest {
	return {
		prompt: 'el lunes',
		count: 4,
		language: 'español es',
		type: 'motivacionales',
		length: 25,
		includeEmojis: false,
		includeHashtags: false,
		includeDate: false,
		...overrides,
	}
}

/** The orchestrator's failure; fails the test when it succeeds or throws something else. */
export async function failure(promise: Promise<unknown>): Promise<GenerationError> {
	try {
		await promise
	} catch (error) {
		expect(error).toBeInstanceOf(GenerationError)
		return error as GenerationError
	}
	throw new Error('expected a failure')
}

/** Starts the fake for the calling test file; every test starts with no queue and no mode. */
export async function startGeminiForFile() {
	const gemini = await startFakeGemini()
	afterAll(() => gemini.close())
	afterEach(() => {
		gemini.requests.length = 0
		gemini.setMode('normal')
	})

	function run(
		page: Page = 'home',
		overrides: Partial<GenerationRequest> = {},
		options: Partial<GeneratePhrasesOptions> = {},
	) {
		const sleeps: number[] = []
		const promise = generatePhrases({
			page,
			request: request(overrides),
			provider: createGeminiProvider({ apiKey: FAKE_GEMINI_KEY, baseUrl: gemini.url }),
			now,
			sleep: async (ms) => {
				sleeps.push(ms)
			},
			...options,
		})
		return { promise, sleeps }
	}

	function sentTemperatures() {
		return gemini.requests.map(
			(r) => (r.body as { generationConfig: { temperature: number } }).generationConfig.temperature,
		)
	}

	function sentInstruction(index: number) {
		const body = gemini.requests[index]!.body as {
			contents: Array<{ parts: Array<{ text?: string }> }>
		}
		return body.contents[0]!.parts.map((part) => part.text ?? '').join('')
	}

	return { gemini, run, sentTemperatures, sentInstruction }
}
