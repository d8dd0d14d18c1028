/**
 * What the orchestrator's provider calls cost: the ceiling asked before each one, and which
 * calls count as billed.
 */
import { describe, expect, test } from 'vitest'
import { geminiText, geminiUnavailable } from '../../tests/fakes/fake-gemini'
import { madeBillableCall, type GenerationEvent } from './generate.server'
import { failure, startGeminiForFile } from '../../tests/support/generate'

const { gemini, run } = await startGeminiForFile()

describe('the ceiling on provider calls (reserveCall)', () => {
	/** A ceiling with `left` calls; counts how often it was asked. */
	function ceiling(left: number) {
		const state = { asked: 0, left }
		return {
			state,
			reserveCall: async () => {
				state.asked++
				if (state.left <= 0) return false
				state.left--
				return true
			},
		}
	}

	test('is asked before every call, retries included', async () => {
		gemini.enqueue(geminiUnavailable())
		const { state, reserveCall } = ceiling(10)
		const result = await run('home', {}, { reserveCall }).promise
		expect(result.phrases).toHaveLength(4)
		expect(gemini.requests).toHaveLength(2)
		expect(state.asked).toBe(2)
	})

	test('refused before the first call: no call, the global limit message', async () => {
		const { reserveCall } = ceiling(0)
		const error = await failure(run('home', {}, { reserveCall }).promise)
		expect(error.kind).toBe('global_limit')
		expect(error.message).toBe(
			'Frasea ha alcanzado el límite de generaciones de hoy para todo el servicio. Vuelve a intentarlo mañana, a partir de las 00:00 (hora de España).',
		)
		expect(gemini.requests).toHaveLength(0)
	})

	test('refused on a retry: no more calls, the phrases already made are kept', async () => {
		gemini.enqueue(geminiText('Uno.\nDos.'))
		const { state, reserveCall } = ceiling(1)
		const result = await run('home', { count: 4 }, { reserveCall }).promise
		expect(gemini.requests).toHaveLength(1)
		expect(state.asked).toBe(2)
		expect(result.phrases.slice(0, 2)).toEqual(['Uno.', 'Dos.'])
		expect(result.placeholders).toBe(2)
	})

	test('refused on a retry after a failed call: the global limit message', async () => {
		gemini.enqueue(geminiUnavailable())
		const { reserveCall } = ceiling(1)
		const error = await failure(run('home', {}, { reserveCall }).promise)
		expect(error.kind).toBe('global_limit')
		expect(gemini.requests).toHaveLength(1)
	})
})

describe('madeBillableCall', () => {
	const event = (
		outcome: GenerationEvent['outcome'],
		errorKind?: GenerationEvent['errorKind'],
	) => ({
		attempt: 0,
		temperature: 0.8,
		latencyMs: 1,
		outcome,
		errorKind,
	})

	test('no call, or only calls the provider refused before working, bill nothing', () => {
		expect(madeBillableCall([])).toBe(false)
		expect(
			madeBillableCall([
				event('error', 'auth'),
				event('error', 'quota'),
				event('error', 'not_found'),
			]),
		).toBe(false)
	})

	test.each([
		['ok', undefined],
		['short', undefined],
		['empty', 'empty_text'],
		['error', 'blocked'],
		['error', 'timeout'],
		['error', 'aborted'],
		['error', 'unavailable'],
	] as const)('a call answered %s (%s) may have been billed', (outcome, kind) => {
		expect(madeBillableCall([event('error', 'quota'), event(outcome, kind)])).toBe(true)
	})
})
