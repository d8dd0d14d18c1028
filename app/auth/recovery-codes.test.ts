import { expect, test } from 'vitest'
import {
	generateRecoveryCodes,
	hashRecoveryCode,
	normalizeRecoveryCode,
	recoveryCodesFile,
} from './recovery-codes.server'

test('ten distinct codes of three groups, without look-alike characters', () => {
	const codes = generateRecoveryCodes()
	expect(codes).toHaveLength(10)
	expect(new Set(codes).size).toBe(10)
	for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}(-[2-9a-hjkmnp-z]{4}){2}$/)
})

test('a code is recognised however it is typed; anything else is not a code', () => {
	const [code] = generateRecoveryCodes(1)
	const hash = hashRecoveryCode(code!)
	expect(hash).toMatch(/^[0-9a-f]{64}$/)
	expect(hashRecoveryCode(code!.toUpperCase().replaceAll('-', ' '))).toBe(hash)
	expect(hashRecoveryCode(code!.replaceAll('-', ''))).toBe(hash)
	expect(normalizeRecoveryCode('abcd-efgh-ijkl')).toBeNull() // i and l are not in the alphabet
	expect(normalizeRecoveryCode('abcd-efgh')).toBeNull()
	expect(hashRecoveryCode('123456')).toBeNull()
})

test('the stored form does not contain the code', () => {
	const [code] = generateRecoveryCodes(1)
	expect(hashRecoveryCode(code!)).not.toContain(code!.replaceAll('-', ''))
})

test('the download lists every code with the account', () => {
	const codes = generateRecoveryCodes()
	const file = recoveryCodesFile(codes, 'ana@frasea.test')
	expect(file).toContain('ana@frasea.test')
	for (const code of codes) expect(file).toContain(code)
})
