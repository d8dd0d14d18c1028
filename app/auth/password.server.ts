import bcrypt from 'bcryptjs'

/** bcrypt cost; 10 is the floor the issue sets and keeps a sign-in under ~0.1 s here. */
export const BCRYPT_COST = 10

export function hashPassword(password: string): Promise<string> {
	return bcrypt.hash(password, BCRYPT_COST)
}

// A real hash of a random string, compared against when the account does not exist so a
// wrong e-mail costs as much time as a wrong password (no account enumeration by timing).
let dummyHash: Promise<string> | undefined

export async function verifyPassword(password: string, hash: string | null | undefined) {
	if (!hash) {
		dummyHash ??= bcrypt.hash(crypto.randomUUID(), BCRYPT_COST)
		await bcrypt.compare(password, await dummyHash)
		return false
	}
	return bcrypt.compare(password, hash)
}
