import { expect, test } from 'vitest'
import { maskAddress, redactError } from './redact'

test('an address keeps its first letters and its ending only', () => {
	expect(maskAddress('ana.garcia@gmail.com')).toBe('a•••@g•••.com')
	expect(maskAddress('x@localhost')).toBe('x•••@l•••')
	expect(maskAddress('no-address')).toBe('•••')
})

test("a relay's error keeps its reply code and reason, never an address, a link or a code", () => {
	const error = redactError(
		"Can't send mail - all recipients were rejected: 550 5.1.1 <ana.garcia@gmail.com>: Recipient address rejected; see https://frasea.example/reset-password?token=abcdefghijklmnopqrstuvwxyz0123 code 482913",
	)
	expect(error).toContain('550 5.1.1')
	expect(error).toContain('Recipient address rejected')
	expect(error).toContain('a•••@g•••.com')
	expect(error).not.toMatch(/ana\.garcia|gmail|token|abcdefghij|482913|https?:/)
	expect(redactError('x'.repeat(1000)).length).toBeLessThanOrEqual(240)
	expect(redactError(`421 ${'b'.repeat(30)} busy`)).toBe('421 ••• busy')
})
