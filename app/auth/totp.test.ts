import { describe, expect, test } from 'vitest'
import {
	base32Decode,
	base32Encode,
	generateTotpSecret,
	hotp,
	otpauthUri,
	totp,
	type TotpAlgorithm,
	verifyTotp,
} from './totp.server'

// RFC 6238, Appendix B: the seeds and the 8-digit values at each time.
const SEEDS: Record<TotpAlgorithm, Buffer> = {
	SHA1: Buffer.from('12345678901234567890'),
	SHA256: Buffer.from('12345678901234567890123456789012'),
	SHA512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
}
const VECTORS: Array<[seconds: number, values: Record<TotpAlgorithm, string>]> = [
	[59, { SHA1: '94287082', SHA256: '46119246', SHA512: '90693936' }],
	[1111111109, { SHA1: '07081804', SHA256: '68084774', SHA512: '25091201' }],
	[1111111111, { SHA1: '14050471', SHA256: '67062674', SHA512: '99943326' }],
	[1234567890, { SHA1: '89005924', SHA256: '91819424', SHA512: '93441116' }],
	[2000000000, { SHA1: '69279037', SHA256: '90698825', SHA512: '38618901' }],
	[20000000000, { SHA1: '65353130', SHA256: '77737706', SHA512: '47863826' }],
]

describe('TOTP (RFC 6238)', () => {
	for (const [seconds, values] of VECTORS) {
		for (const algorithm of ['SHA1', 'SHA256', 'SHA512'] as const) {
			test(`${algorithm} at ${seconds} s is ${values[algorithm]}`, () => {
				expect(totp(SEEDS[algorithm], seconds * 1000, { algorithm, digits: 8 })).toBe(
					values[algorithm],
				)
			})
		}
	}

	test('HOTP values of RFC 4226, Appendix D', () => {
		const expected = [
			'755224',
			'287082',
			'359152',
			'969429',
			'338314',
			'254676',
			'287922',
			'162583',
			'399871',
			'520489',
		]
		expected.forEach((value, counter) => expect(hotp(SEEDS.SHA1, counter)).toBe(value))
	})
})

describe('checking a typed code', () => {
	const secret = SEEDS.SHA1
	const now = 1_800_000_000_000

	test('the current code, and the ones just before and after, match their step', () => {
		const step = Math.floor(now / 30_000)
		expect(verifyTotp(secret, totp(secret, now), now)).toBe(step)
		expect(verifyTotp(secret, totp(secret, now - 30_000), now)).toBe(step - 1)
		expect(verifyTotp(secret, totp(secret, now + 30_000), now)).toBe(step + 1)
	})

	test('older or later codes, wrong codes and non-digits are refused', () => {
		expect(verifyTotp(secret, totp(secret, now - 60_000), now)).toBeNull()
		expect(verifyTotp(secret, totp(secret, now + 60_000), now)).toBeNull()
		const wrong = String((Number(totp(secret, now)) + 1) % 1_000_000).padStart(6, '0')
		expect(verifyTotp(secret, wrong, now)).toBeNull()
		expect(verifyTotp(secret, '12 34 5a', now)).toBeNull()
		expect(verifyTotp(secret, '', now)).toBeNull()
	})

	test('spaces a user types in the middle are ignored', () => {
		const code = totp(secret, now)
		expect(verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).not.toBeNull()
	})
})

describe('secrets and the QR code URI', () => {
	test('base32 round-trips and matches RFC 4648 vectors', () => {
		expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
		expect(base32Decode('mzxw 6ytb oi======')?.toString()).toBe('foobar')
		expect(base32Decode('no base32!')).toBeNull()
	})

	test('a new secret is 160 random bits', () => {
		const secret = generateTotpSecret()
		expect(secret).toMatch(/^[A-Z2-7]{32}$/)
		expect(base32Decode(secret)).toHaveLength(20)
		expect(generateTotpSecret()).not.toBe(secret)
	})

	test('the URI names the issuer and account, with the secret', () => {
		expect(
			otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', account: 'ana@frasea.test', issuer: 'Frasea' }),
		).toBe(
			'otpauth://totp/Frasea:ana%40frasea.test?secret=JBSWY3DPEHPK3PXP&issuer=Frasea&algorithm=SHA1&digits=6&period=30',
		)
	})
})
