import { z } from 'zod'
import { twoFactorMessages as messages } from '~/auth/two-factor-messages'

/**
 * The two-factor forms of the profile's 'Seguridad' tab: their `intent` values and zod
 * schemas, shared by the action (parseWithZod) and Conform in the browser.
 */
export const TWO_FACTOR_INTENT = {
	start: 'activar-2fa',
	cancel: 'cancelar-2fa',
	confirm: 'confirmar-2fa',
	regenerate: 'nuevos-codigos-2fa',
	disable: 'desactivar-2fa',
} as const

export type TwoFactorIntent = (typeof TWO_FACTOR_INTENT)[keyof typeof TWO_FACTOR_INTENT]

export function isTwoFactorIntent(value: unknown): value is TwoFactorIntent {
	return (Object.values(TWO_FACTOR_INTENT) as unknown[]).includes(value)
}

/** Six digits; spaces typed between them (as apps show them) are dropped. */
const appCode = z
	.string({ error: messages.codeRequired })
	.trim()
	.transform((value) => value.replace(/\s/g, ''))
	.pipe(z.string().regex(/^\d{6}$/, messages.codeFormat))

export const ConfirmSchema = z.object({
	intent: z.literal(TWO_FACTOR_INTENT.confirm),
	code: appCode,
	/** A checkbox: sent only when ticked (it starts ticked). */
	closeOtherSessions: z.boolean().default(false),
})

export const RegenerateSchema = z.object({
	intent: z.literal(TWO_FACTOR_INTENT.regenerate),
	code: appCode,
})

/** Turning it off needs a code from the app or (for an account that has one) the password. */
export const DisableSchema = z
	.object({
		intent: z.literal(TWO_FACTOR_INTENT.disable),
		code: z
			.string()
			.trim()
			.transform((value) => value.replace(/\s/g, ''))
			.pipe(z.string().regex(/^\d{6}$/, messages.codeFormat))
			.optional(),
		currentPassword: z.string().max(200).optional(),
	})
	.superRefine(
		(value, ctx) => {
			if (!value.code && !value.currentPassword) {
				ctx.addIssue({ code: 'custom', path: ['code'], message: messages.disableProofRequired })
			}
		},
		{ when: () => true },
	)

/** Which two-factor form an action's answer belongs to. */
export type TwoFactorForm = 'start' | 'confirm' | 'regenerate' | 'disable'
