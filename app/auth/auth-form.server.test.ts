import { type SubmissionResult } from '@conform-to/react'
import { describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { routeAnswer } from '../../tests/support/route-answer'
import { parseAuthForm } from './auth-form.server'
import { honeypotFieldName } from './honeypot'
import { authMessages } from './messages'

const schema = z.object({
	email: z.email(authMessages.invalidEmail),
	password: z.string(),
	[honeypotFieldName]: z.string().optional(),
})

function form(entries: Record<string, string>) {
	const formData = new FormData()
	for (const [name, value] of Object.entries(entries)) formData.set(name, value)
	return formData
}

/** Status, Retry-After and the Conform result the form gets back. */
async function answerOf(result: unknown) {
	const { status, headers, body } = await routeAnswer(result)
	const { result: reply } = body as { result: SubmissionResult }
	return { status, retryAfter: headers.get('Retry-After'), reply }
}

const allowed = () => Promise.resolve({ allowed: true, retryAfterSeconds: 0 })

describe('parseAuthForm', () => {
	test('an invalid form comes back with its field errors, the password left out', async () => {
		const rateLimit = vi.fn(allowed)
		const parsed = await parseAuthForm(form({ email: 'no-es-un-correo', password: 'secreta' }), {
			schema,
			hideFields: ['password'],
			rateLimit,
		})
		const { status, reply } = await answerOf(parsed.refusal)
		expect(status).toBe(400)
		expect(reply.error?.email).toEqual([authMessages.invalidEmail])
		expect(reply.initialValue).toEqual({ email: 'no-es-un-correo' })
		expect(rateLimit).not.toHaveBeenCalled()
	})

	test('a filled honeypot is refused above the form, before the rate limit counts', async () => {
		const rateLimit = vi.fn(allowed)
		const parsed = await parseAuthForm(
			form({ email: 'bot@frasea.test', password: 'secreta', [honeypotFieldName]: 'spam' }),
			{ schema, hideFields: ['password'], rateLimit },
		)
		const { status, reply } = await answerOf(parsed.refusal)
		expect(status).toBe(400)
		expect(reply.error?.['']).toEqual([authMessages.honeypot])
		expect(reply.initialValue).not.toHaveProperty('password')
		expect(rateLimit).not.toHaveBeenCalled()
	})

	test('over the rate limit: 429 with Retry-After and the Spanish message', async () => {
		const rateLimit = vi.fn(() => Promise.resolve({ allowed: false, retryAfterSeconds: 42 }))
		const parsed = await parseAuthForm(form({ email: 'ana@frasea.test', password: 'secreta' }), {
			schema,
			rateLimit,
		})
		expect(rateLimit).toHaveBeenCalledWith(expect.objectContaining({ email: 'ana@frasea.test' }))
		const { status, retryAfter, reply } = await answerOf(parsed.refusal)
		expect(status).toBe(429)
		expect(retryAfter).toBe('42')
		expect(reply.error?.['']).toEqual([authMessages.rateLimited])
	})

	test('a good form gives its values and a reply for later refusals', async () => {
		const parsed = await parseAuthForm(form({ email: 'ana@frasea.test', password: 'secreta' }), {
			schema,
			hideFields: ['password'],
			rateLimit: allowed,
		})
		expect(parsed.refusal).toBeUndefined()
		expect(parsed.submission?.value).toEqual({ email: 'ana@frasea.test', password: 'secreta' })

		const wrong = await answerOf(parsed.reply?.({ formError: authMessages.wrongCredentials }))
		expect(wrong.status).toBe(400)
		expect(wrong.reply.error?.['']).toEqual([authMessages.wrongCredentials])
		expect(wrong.reply.initialValue).toEqual({ email: 'ana@frasea.test' })

		const failed = await answerOf(
			parsed.reply?.({ fieldErrors: { email: [authMessages.emailInUse] }, status: 500 }),
		)
		expect(failed.status).toBe(500)
		expect(failed.reply.error?.email).toEqual([authMessages.emailInUse])
	})
})
