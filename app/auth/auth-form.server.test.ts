import { describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
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

const allowed = () => Promise.resolve({ allowed: true, retryAfterSeconds: 0 })

describe('parseAuthForm', () => {
	test('an invalid form comes back with its field errors, the password left out', async () => {
		const rateLimit = vi.fn(allowed)
		const form_ = await parseAuthForm(form({ email: 'no-es-un-correo', password: 'secreta' }), {
			schema,
			hideFields: ['password'],
			rateLimit,
		})
		expect(form_.refusal?.init?.status).toBe(400)
		const result = form_.refusal?.data.result
		expect(result?.error?.email).toEqual([authMessages.invalidEmail])
		expect(result?.initialValue).toEqual({ email: 'no-es-un-correo' })
		expect(rateLimit).not.toHaveBeenCalled()
	})

	test('a filled honeypot is refused above the form, before the rate limit counts', async () => {
		const rateLimit = vi.fn(allowed)
		const form_ = await parseAuthForm(
			form({ email: 'bot@frasea.test', password: 'secreta', [honeypotFieldName]: 'spam' }),
			{ schema, hideFields: ['password'], rateLimit },
		)
		expect(form_.refusal?.init?.status).toBe(400)
		expect(form_.refusal?.data.result.error?.['']).toEqual([authMessages.honeypot])
		expect(form_.refusal?.data.result.initialValue).not.toHaveProperty('password')
		expect(rateLimit).not.toHaveBeenCalled()
	})

	test('over the rate limit: 429 with Retry-After and the Spanish message', async () => {
		const rateLimit = vi.fn(() => Promise.resolve({ allowed: false, retryAfterSeconds: 42 }))
		const form_ = await parseAuthForm(form({ email: 'ana@frasea.test', password: 'secreta' }), {
			schema,
			rateLimit,
		})
		expect(rateLimit).toHaveBeenCalledWith(expect.objectContaining({ email: 'ana@frasea.test' }))
		expect(form_.refusal?.init?.status).toBe(429)
		expect(new Headers(form_.refusal?.init?.headers).get('Retry-After')).toBe('42')
		expect(form_.refusal?.data.result.error?.['']).toEqual([authMessages.rateLimited])
	})

	test('a good form gives its values and a reply for later refusals', async () => {
		const form_ = await parseAuthForm(form({ email: 'ana@frasea.test', password: 'secreta' }), {
			schema,
			hideFields: ['password'],
			rateLimit: allowed,
		})
		expect(form_.refusal).toBeUndefined()
		expect(form_.submission?.value).toEqual({ email: 'ana@frasea.test', password: 'secreta' })
		const wrong = form_.reply?.({ formError: authMessages.wrongCredentials })
		expect(wrong?.init?.status).toBe(400)
		expect(wrong?.data.result.error?.['']).toEqual([authMessages.wrongCredentials])
		expect(wrong?.data.result.initialValue).toEqual({ email: 'ana@frasea.test' })
		const taken = form_.reply?.({ fieldErrors: { email: [authMessages.emailInUse] }, status: 409 })
		expect(taken?.init?.status).toBe(409)
		expect(taken?.data.result.error?.email).toEqual([authMessages.emailInUse])
	})
})
