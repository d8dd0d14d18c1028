import { describe, expect, test } from 'vitest'
import { thrownAnswer } from '../../tests/support/route-answer'
import { honeypotFieldName } from './honeypot'
import { checkHoneypot } from './honeypot.server'
import { authMessages } from './messages'

function form(entries: Record<string, string>) {
	const formData = new FormData()
	for (const [name, value] of Object.entries(entries)) formData.set(name, value)
	return formData
}

describe('checkHoneypot', () => {
	test('lets a form through when the hidden field is empty or missing', () => {
		expect(() =>
			checkHoneypot(form({ email: 'ana@frasea.test', [honeypotFieldName]: '' })),
		).not.toThrow()
		expect(() => checkHoneypot(form({ email: 'ana@frasea.test' }))).not.toThrow()
	})

	test('throws a 400 with the Spanish reason when a bot filled it', async () => {
		const answer = await thrownAnswer(
			(async () => checkHoneypot(form({ [honeypotFieldName]: 'https://spam.example' })))(),
		)
		expect(answer.status).toBe(400)
		expect(answer.body).toBe(authMessages.honeypot)
	})
})
