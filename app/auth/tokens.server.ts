import { createHash, randomBytes } from 'node:crypto'

/** An unguessable id or e-mailed token: 32 random bytes, base64url. */
export function randomToken(): string {
	return randomBytes(32).toString('base64url')
}

/** What the database keeps of an e-mailed token: a leaked table reveals no usable link. */
export function hashToken(token: string): string {
	return createHash('sha256').update(token).digest('hex')
}
