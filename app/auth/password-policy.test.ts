import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { authMessages } from './messages'
import { emailSchema, passwordProblems, refineNewPassword } from './password-policy'

describe('passwordProblems', () => {
	test('accepts a password of at least 8 characters', () => {
		expect(passwordProblems('ocho1234')).toEqual([])
		expect(passwordProblems('una frase larga y fácil de recordar')).toEqual([])
	})

	test('refuses fewer than 8 characters, counting characters, not bytes', () => {
		expect(passwordProblems('corta')).toEqual([authMessages.passwordTooShort])
		expect(passwordProblems('')).toEqual([authMessages.passwordTooShort])
		// Seven accented letters are 14 bytes but still 7 characters.
		expect(passwordProblems('ááááááá')).toEqual([authMessages.passwordTooShort])
	})

	test('refuses more than 72 bytes, because bcrypt would ignore the rest', () => {
		expect(passwordProblems('a'.repeat(72))).toEqual([])
		expect(passwordProblems('a'.repeat(73))).toEqual([authMessages.passwordTooLong])
		// 37 two-byte letters: 37 characters, 74 bytes.
		expect(passwordProblems('ñ'.repeat(37))).toEqual([authMessages.passwordTooLong])
	})

	test('refuses the account e-mail as password, ignoring case and spaces', () => {
		expect(passwordProblems('Ana@Example.com', 'ana@example.com')).toEqual([
			authMessages.passwordIsEmail,
		])
		expect(passwordProblems(' ana@example.com ', 'ANA@example.com')).toEqual([
			authMessages.passwordIsEmail,
		])
		expect(passwordProblems('ana@example.com1', 'ana@example.com')).toEqual([])
	})
})

describe('refineNewPassword', () => {
	const schema = (email: string) =>
		z
			.object({ password: z.string(), confirmPassword: z.string() })
			.superRefine((value, ctx) => refineNewPassword(value, email, ctx))

	test('reports mismatched confirmation on the confirmation field', () => {
		const result = schema('a@b.co').safeParse({
			password: 'contraseña1',
			confirmPassword: 'otra1234',
		})
		expect(result.success).toBe(false)
		expect(result.error?.issues).toEqual([
			expect.objectContaining({
				path: ['confirmPassword'],
				message: authMessages.passwordMismatch,
			}),
		])
	})

	test('reports policy problems on the password field', () => {
		const result = schema('a@b.co').safeParse({ password: 'corta', confirmPassword: 'corta' })
		expect(result.error?.issues).toEqual([
			expect.objectContaining({ path: ['password'], message: authMessages.passwordTooShort }),
		])
	})
})

describe('emailSchema', () => {
	test('trims and lower-cases', () => {
		expect(emailSchema.parse('  Ana@Example.COM ')).toBe('ana@example.com')
	})
	test('refuses what is not an e-mail address', () => {
		expect(emailSchema.safeParse('ana').error?.issues[0]?.message).toBe(authMessages.invalidEmail)
		expect(emailSchema.safeParse(undefined).error?.issues[0]?.message).toBe(authMessages.required)
	})
})
