/**
 * Two-factor recovery codes: ten single-use codes shown once, stored only as hashes.
 * Each is 12 characters of an alphabet without look-alikes (no 0/o, 1/l/i), 60 random
 * bits, written in three groups (`k7m3-x9qp-2hdw`); what the user types is compared after
 * dropping case, spaces and dashes.
 */
import { createHash, randomInt } from 'node:crypto'

export const RECOVERY_CODE_COUNT = 10
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz'
const LENGTH = 12

export function generateRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
	const codes = new Set<string>()
	while (codes.size < count) {
		let raw = ''
		for (let i = 0; i < LENGTH; i++) raw += ALPHABET[randomInt(ALPHABET.length)]
		codes.add(raw.match(/.{4}/g)!.join('-'))
	}
	return [...codes]
}

/** What a typed code is compared as; null when it cannot be a recovery code. */
export function normalizeRecoveryCode(typed: string): string | null {
	const clean = typed.toLowerCase().replace(/[\s-]/g, '')
	return clean.length === LENGTH && [...clean].every((char) => ALPHABET.includes(char))
		? clean
		: null
}

/**
 * The stored form of a code. 60 random bits make a fast hash enough (nothing to guess
 * from), and a fast hash lets sign-in look a code up without trying every stored one.
 */
export function hashRecoveryCode(code: string): string | null {
	const normalized = normalizeRecoveryCode(code)
	return normalized ? createHash('sha256').update(normalized).digest('hex') : null
}

/** The .txt file offered for download when the codes are shown. */
export function recoveryCodesFile(codes: string[], account: string): string {
	return [
		'Frasea: códigos de recuperación',
		`Cuenta: ${account}`,
		'',
		'Cada código sirve una sola vez para entrar si no tienes tu aplicación de autenticación.',
		'Guárdalos en un lugar seguro.',
		'',
		...codes,
		'',
	].join('\n')
}
