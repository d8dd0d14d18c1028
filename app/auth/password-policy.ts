import { z } from 'zod'
import { config as zodConfig } from 'zod/v4/core'
import { authMessages } from './messages'

// Zod probes `new Function` when it builds an object schema (to compile faster parsers).
// Our CSP has no 'unsafe-eval', so in the browser the probe is reported as a CSP violation
// even though zod catches it. This module is the browser's way into zod (the account forms
// import it before building their schemas), so it turns the probe off here — and only here,
// keeping zod out of pages that have no such form.
if (typeof document !== 'undefined') zodConfig({ jitless: true })

export const PASSWORD_MIN_LENGTH = 8
/** bcrypt ignores everything after the 72nd byte, so longer passwords are refused. */
const PASSWORD_MAX_BYTES = 72

const encoder = new TextEncoder()

/**
 * Why a password is not acceptable, in Spanish; empty when it is. Shared by the register
 * and reset forms (client and server) so both give the same reasons.
 */
export function passwordProblems(password: string, email?: string | null): string[] {
	const problems: string[] = []
	if ([...password].length < PASSWORD_MIN_LENGTH) problems.push(authMessages.passwordTooShort)
	if (encoder.encode(password).length > PASSWORD_MAX_BYTES)
		problems.push(authMessages.passwordTooLong)
	if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) {
		problems.push(authMessages.passwordIsEmail)
	}
	return problems
}

/** Conform turns empty inputs into `undefined`: that is the "required" case. */
const required = { error: authMessages.required }

export const emailSchema = z
	.string(required)
	.trim()
	.max(254, authMessages.invalidEmail)
	.pipe(z.email(authMessages.invalidEmail))
	.transform((value) => value.toLowerCase())

export const nameSchema = z
	.string(required)
	.trim()
	.min(1, authMessages.required)
	.max(100, authMessages.nameTooLong)

/** Only presence is checked here; the policy runs where the e-mail is known. */
export const passwordFieldSchema = z.string(required).max(1024, authMessages.passwordTooLong)

/** A new password and its confirmation; `email` is the account's, for the "not the e-mail" rule. */
export function refineNewPassword(
	value: { password?: string; confirmPassword?: string },
	email: string | null | undefined,
	ctx: z.RefinementCtx,
) {
	// Runs on unvalidated input too (`when: () => true`): a field sent twice is an array.
	if (typeof value.password !== 'string') return
	for (const message of passwordProblems(
		value.password,
		typeof email === 'string' ? email : null,
	)) {
		ctx.addIssue({ code: 'custom', path: ['password'], message })
	}
	if (value.confirmPassword !== undefined && value.password !== value.confirmPassword) {
		ctx.addIssue({
			code: 'custom',
			path: ['confirmPassword'],
			message: authMessages.passwordMismatch,
		})
	}
}

/**
 * An optional same-origin path carried through a form in a hidden field, so the visitor
 * cannot see an error about it: anything unusable (too long, not a string) is dropped and
 * the default page is used. Where it is used, `safeRedirect` checks it again.
 */
export const redirectToSchema = z.string().max(2000).optional().catch(undefined)

/** The honeypot input must stay empty; the server checks it (see honeypot.server.ts). */
export const honeypotSchema = z.string().optional()
