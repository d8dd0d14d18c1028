import {
	decryptSecret,
	encryptSecret,
	keyFromSecret,
	secretsKeySource,
} from '~/settings/secrets.server'
import { type Mail } from './message'

/**
 * A queued message is kept encrypted (AES-256-GCM under a key derived from SECRETS_KEY):
 * reset links and sign-in codes are stored elsewhere only as hashes, and a copy of the
 * database must not hand out the live ones waiting in the outbox.
 */

let key: Buffer | undefined
const outboxKey = () => (key ??= keyFromSecret(secretsKeySource(), 'frasea mail outbox'))

export function sealMail(mail: Mail): string {
	return encryptSecret(JSON.stringify(mail), outboxKey())
}

/** The message, or null when it no longer opens (SECRETS_KEY changed, or it was altered). */
export function openMail(sealed: string): Mail | null {
	const plain = decryptSecret(sealed, outboxKey())
	if (plain === null) return null
	try {
		return JSON.parse(plain) as Mail
	} catch {
		return null
	}
}
