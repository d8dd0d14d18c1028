import { z } from 'zod'
import {
	emailSchema,
	nameSchema,
	passwordFieldSchema,
	refineNewPassword,
} from '~/auth/password-policy'

/** The admin's invitation form in Usuarios (its intent tells it from the row actions). */
export const InviteSchema = z.object({
	intent: z.literal('invitar'),
	email: emailSchema,
})

/** The invited person's form; the address comes from the invitation, known on the server. */
export function acceptInvitationSchema(email?: string) {
	return (
		z
			.object({
				name: nameSchema,
				password: passwordFieldSchema,
				confirmPassword: passwordFieldSchema,
			})
			// Runs even when another field is missing, so every problem shows at once.
			.superRefine((value, ctx) => refineNewPassword(value, email, ctx), { when: () => true })
	)
}
