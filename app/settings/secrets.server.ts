/**
 * Secrets an admin types in (provider keys) are stored encrypted with AES-256-GCM. The key
 * comes from SECRETS_KEY, or is generated once into DATA_DIR like the session secret. A
 * stored value is `v1.<iv>.<tag>.<ciphertext>` (base64url): the authentication tag makes a
 * tampered value, or one written under another key, fail to open instead of decrypting to
 * garbage.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { generatedSecret, getEnv } from '~/utils/env.server'

const VERSION = 'v1'

let cachedKey: Buffer | undefined

/**
 * 32 bytes derived from a secret of any length and any characters; `purpose` gives each use
 * of one secret a key of its own.
 */
export function keyFromSecret(secret: string, purpose = 'frasea stored secrets'): Buffer {
	return Buffer.from(hkdfSync('sha256', secret, '', purpose, 32))
}

/** SECRETS_KEY, or the secret generated once into DATA_DIR in its place. */
export function secretsKeySource(): string {
	return getEnv().SECRETS_KEY ?? generatedSecret('secrets-key')
}

/** The key of the configured or generated secret. */
function encryptionKey(): Buffer {
	cachedKey ??= keyFromSecret(secretsKeySource())
	return cachedKey
}

export function encryptSecret(plain: string, key: Buffer = encryptionKey()): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', key, iv)
	const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	const tag = cipher.getAuthTag()
	return [VERSION, iv, tag, ciphertext]
		.map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
		.join('.')
}

/**
 * The plain secret, or null when it cannot be opened (SECRETS_KEY changed, or the value was
 * altered). The reason is logged; the value never is.
 */
export function decryptSecret(stored: string, key: Buffer = encryptionKey()): string | null {
	const [version, iv, tag, ciphertext] = stored.split('.')
	if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
		console.error('A stored secret has an unknown format; it is ignored.')
		return null
	}
	try {
		const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
		decipher.setAuthTag(Buffer.from(tag, 'base64url'))
		return Buffer.concat([
			decipher.update(Buffer.from(ciphertext, 'base64url')),
			decipher.final(),
		]).toString('utf8')
	} catch {
		console.error(
			'A stored secret could not be decrypted (was SECRETS_KEY changed?); it is ignored.',
		)
		return null
	}
}

/** What a page may show of a secret: its last 4 characters. */
export function maskSecret(plain: string): string {
	return plain.length <= 4 ? '••••' : `••••${plain.slice(-4)}`
}
