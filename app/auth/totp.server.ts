/**
 * Time-based one-time passwords (RFC 6238, on HOTP of RFC 4226), as authenticator apps
 * compute them: HMAC of the 30-second step counter, dynamically truncated to 6 digits.
 * Secrets travel as base32 (RFC 4648) in the `otpauth://` URI the QR code carries.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512'

export interface TotpOptions {
	algorithm?: TotpAlgorithm
	digits?: number
	/** Seconds per step. */
	period?: number
}

const DEFAULTS = { algorithm: 'SHA1', digits: 6, period: 30 } as const

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Encode(bytes: Uint8Array): string {
	let bits = 0
	let value = 0
	let output = ''
	for (const byte of bytes) {
		value = (value << 8) | byte
		bits += 8
		while (bits >= 5) {
			output += BASE32[(value >>> (bits - 5)) & 31]
			bits -= 5
		}
	}
	if (bits > 0) output += BASE32[(value << (5 - bits)) & 31]
	return output
}

/** Decodes base32, ignoring case, spaces and padding; null when a character is not base32. */
export function base32Decode(text: string): Buffer | null {
	const clean = text.replace(/[\s=-]/g, '').toUpperCase()
	let bits = 0
	let value = 0
	const bytes: number[] = []
	for (const char of clean) {
		const index = BASE32.indexOf(char)
		if (index === -1) return null
		value = (value << 5) | index
		bits += 5
		if (bits >= 8) {
			bytes.push((value >>> (bits - 8)) & 255)
			bits -= 8
		}
	}
	return Buffer.from(bytes)
}

/** A new secret: 20 random bytes (160 bits, what RFC 4226 recommends for SHA-1). */
export function generateTotpSecret(): string {
	return base32Encode(randomBytes(20))
}

/** The HOTP value of `counter` (RFC 4226, section 5.3), zero-padded to `digits`. */
export function hotp(
	secret: Uint8Array,
	counter: number,
	algorithm: TotpAlgorithm = DEFAULTS.algorithm,
	digits: number = DEFAULTS.digits,
): string {
	const message = Buffer.alloc(8)
	message.writeBigUInt64BE(BigInt(counter))
	const digest = createHmac(algorithm.toLowerCase(), secret).update(message).digest()
	const offset = digest[digest.length - 1]! & 0x0f
	const binary = digest.readUInt32BE(offset) & 0x7fffffff
	return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The step counter at `time` (milliseconds since the epoch). */
export function totpStep(time: number, period: number = DEFAULTS.period): number {
	return Math.floor(time / 1000 / period)
}

export function totp(secret: Uint8Array, time: number, options: TotpOptions = {}): string {
	const { algorithm, digits, period } = { ...DEFAULTS, ...options }
	return hotp(secret, totpStep(time, period), algorithm, digits)
}

/**
 * Checks a typed code against the steps around `time` (one before and one after, for
 * clocks that drift and codes typed as they roll over). Returns the matching step, so the
 * caller can refuse any step at or before the last one accepted (no replay), or null.
 */
export function verifyTotp(
	secret: Uint8Array,
	code: string,
	time: number,
	options: TotpOptions & { window?: number } = {},
): number | null {
	const { algorithm, digits, period } = { ...DEFAULTS, ...options }
	const typed = code.replace(/\s/g, '')
	if (!new RegExp(`^\\d{${digits}}$`).test(typed)) return null
	const current = totpStep(time, period)
	const window = options.window ?? 1
	let matched: number | null = null
	// Every candidate is compared, in constant time, whatever matched first.
	for (let step = current - window; step <= current + window; step++) {
		const expected = Buffer.from(hotp(secret, step, algorithm, digits))
		if (timingSafeEqual(expected, Buffer.from(typed)) && matched === null) matched = step
	}
	return matched
}

/** The `otpauth://` URI authenticator apps read from the QR code. */
export function otpauthUri(input: { secret: string; account: string; issuer: string }): string {
	const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`
	const query = new URLSearchParams({
		secret: input.secret,
		issuer: input.issuer,
		algorithm: DEFAULTS.algorithm,
		digits: String(DEFAULTS.digits),
		period: String(DEFAULTS.period),
	})
	return `otpauth://totp/${label}?${query.toString()}`
}
