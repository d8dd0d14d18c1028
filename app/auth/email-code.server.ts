import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { prisma } from '~/utils/db.server'
import { getSessionSecrets } from '~/utils/env.server'
import { mailQueued, noMailStatements, queueMailStatements } from '~/mail/outbox.server'
import { emailCodeMail } from './emails.server'
import { DAY_MS, hit, HOUR_MS } from './rate-limit.server'
import { appOrigin } from './request.server'
import { hashToken, randomToken } from './tokens.server'

/** How long a mailed code and its one-click link work. */
export const EMAIL_CODE_TTL_MS = 10 * 60 * 1000
/** Tries a code gets (right or wrong): after five wrong ones it is dead. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5

/** Codes mailed to one address, and asked for from one client address. */
const CODE_MAILS_PER_HOUR = 5
const CODE_MAILS_PER_DAY = 20
const CODE_REQUESTS_PER_CLIENT_PER_HOUR = 30

type Limit = { allowed: boolean; retryAfterSeconds: number; reason?: 'address' | 'client' }

/**
 * Counts one "send me a code" against the hourly and daily caps: per typed address (an
 * inbox cannot be flooded through our form) and per client address (one machine cannot
 * mail many inboxes). The route checks AUTH_RATE_LIMIT a minute per client and per address
 * first (parseAuthForm). Counted on the address typed, whether or not an account has it,
 * so a refusal says nothing about existence.
 */
export async function checkEmailCodeCaps(
	clientAddress: string,
	email: string,
	now = new Date(),
): Promise<Limit> {
	const address = email.trim().toLowerCase()
	const client = await hit(
		`email-code:hour:ip:${clientAddress}`,
		CODE_REQUESTS_PER_CLIENT_PER_HOUR,
		now,
		HOUR_MS,
	)
	if (!client.allowed)
		return { allowed: false, retryAfterSeconds: client.retryAfterSeconds, reason: 'client' }
	const hourly = await hit(`email-code:hour:${address}`, CODE_MAILS_PER_HOUR, now, HOUR_MS)
	// A request the hourly cap refused sends nothing, so it does not use up the day.
	if (!hourly.allowed)
		return { allowed: false, retryAfterSeconds: hourly.retryAfterSeconds, reason: 'address' }
	const daily = await hit(`email-code:day:${address}`, CODE_MAILS_PER_DAY, now, DAY_MS)
	if (!daily.allowed)
		return { allowed: false, retryAfterSeconds: daily.retryAfterSeconds, reason: 'address' }
	return { allowed: true, retryAfterSeconds: 0 }
}

/**
 * What the database keeps of a code: an HMAC keyed with the server's secret. A plain
 * SHA-256 of six digits would fall to a million guesses from a leaked table; this needs
 * the secret too. `secret` defaults to the newest one; checks try each (rotation).
 */
export function hashCode(code: string, secret = getSessionSecrets()[0] ?? '') {
	return createHmac('sha256', secret).update(`email-code:${code}`).digest('hex')
}

function codeMatches(code: string, stored: string) {
	const expected = Buffer.from(stored, 'hex')
	return getSessionSecrets().some((secret) => {
		const actual = Buffer.from(hashCode(code, secret), 'hex')
		return actual.length === expected.length && timingSafeEqual(actual, expected)
	})
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function newCode() {
	return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/**
 * Mails a 6-digit code and a one-click link when the address belongs to an existing,
 * confirmed, enabled account; earlier codes of the address stop working. Returns nothing
 * either way: the caller always gives the same answer.
 *
 * Timing: an unknown address takes the same path (the lookup, a code and a token drawn
 * and hashed, one transaction of four statements); only the mail is skipped, and the mail
 * is queued in that transaction and sent in the background, so the answer does not wait
 * for an SMTP round trip that only real accounts would make.
 */
export async function requestEmailCode(email: string, now = new Date()) {
	const address = email.trim().toLowerCase()
	const account = await prisma.profile.findUnique({
		where: { email: address },
		select: { id: true, name: true, email: true, emailVerifiedAt: true, disabledAt: true },
	})
	const eligible = account !== null && account.emailVerifiedAt !== null && !account.disabledAt
	const code = newCode()
	const token = randomToken()
	const codeHash = hashCode(code)
	const linkTokenHash = hashToken(token)
	const expiresAt = new Date(now.getTime() + EMAIL_CODE_TTL_MS)
	const link = `${appOrigin()}/login/enlace?${new URLSearchParams({ token })}`
	await prisma.$transaction([
		// A new code replaces every earlier one: only the latest mail works.
		prisma.emailSignInCode.deleteMany({ where: { email: address } }),
		eligible
			? prisma.emailSignInCode.create({
					data: {
						email: address,
						codeHash,
						linkTokenHash,
						expiresAt,
					},
				})
			: // The same index probe the insert's unique check makes, and no row.
				prisma.emailSignInCode.deleteMany({ where: { linkTokenHash } }),
		...(eligible
			? queueMailStatements(emailCodeMail(account.email, account.name, code, link), {
					kind: 'email_code',
					userId: account.id,
					expiresAt,
					supersedeKey: `email_code:${address}`,
					now,
				})
			: noMailStatements()),
	])
	if (eligible) mailQueued()
}

/** The account a spent code or link opens: it must still exist and be confirmed. */
async function accountFor(email: string) {
	return prisma.profile.findFirst({
		where: { email, emailVerifiedAt: { not: null } },
		select: { id: true, name: true, email: true, role: true, emailVerifiedAt: true },
	})
}

/**
 * Checks a typed code against the address's live code. Each try first claims one of the
 * code's attempts in a single conditional statement, so concurrent guesses cannot share
 * one attempt; a right code is then spent with another conditional statement, so of two
 * concurrent right tries only one signs in. Returns the account, or null for every kind
 * of failure (wrong, expired, used, too many tries, no such code) alike.
 */
export async function verifyEmailCode(email: string, code: string, now = new Date()) {
	const address = email.trim().toLowerCase()
	const row = await prisma.emailSignInCode.findFirst({
		where: { email: address, usedAt: null, expiresAt: { gt: now } },
		orderBy: { createdAt: 'desc' },
		select: { id: true, codeHash: true },
	})
	if (!row) return null
	const claimed = await prisma.emailSignInCode.updateMany({
		where: { id: row.id, usedAt: null, attempts: { lt: EMAIL_CODE_MAX_ATTEMPTS } },
		data: { attempts: { increment: 1 } },
	})
	if (claimed.count !== 1 || !codeMatches(code, row.codeHash)) return null
	return spend(row.id, address, now)
}

async function spend(id: string, email: string, now: Date) {
	const { count } = await prisma.emailSignInCode.updateMany({
		where: { id, usedAt: null, expiresAt: { gt: now } },
		data: { usedAt: now },
	})
	if (count !== 1) return null
	return accountFor(email)
}

/**
 * Whether a one-click link is live (unused, unexpired). Reading only: mail scanners open
 * links before the person does, so opening one spends nothing.
 */
export async function findEmailLink(token: string, now = new Date()) {
	const row = await prisma.emailSignInCode.findUnique({
		where: { linkTokenHash: hashToken(token) },
		select: { id: true, email: true, usedAt: true, expiresAt: true },
	})
	if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null
	return { id: row.id, email: row.email }
}

/**
 * Spends a one-click link (from the page's POST) and returns its account, or null when it
 * was used, has expired or never existed. The link is a 256-bit secret of its own, so the
 * code's wrong tries do not kill it; spending either spends both (one row).
 */
export async function spendEmailLink(token: string, now = new Date()) {
	const link = await findEmailLink(token, now)
	if (!link) return null
	return spend(link.id, link.email, now)
}
