import { z } from 'zod'
import { authMessages } from '~/auth/messages'
import { nameSchema, passwordFieldSchema, refineNewPassword } from '~/auth/password-policy'
import { profileMessages as messages } from './profile-messages'

/**
 * The profile page's forms: one zod schema each, used by the action (parseWithZod) and by
 * Conform in the browser, and the URL state of its tabs.
 */

/** "Under 2 MB", as the product puts it: a file of exactly 2 MiB is already too large. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024
export const AVATAR_ACCEPT = 'image/jpeg,image/png,image/webp'
export const BIO_MAX_LENGTH = 500
export const LOCATION_MAX_LENGTH = 100
export const WEBSITE_MAX_LENGTH = 200

export const PROFILE_TABS = {
	personal: 'personal',
	account: 'cuenta',
	security: 'seguridad',
} as const
export type ProfileTab = (typeof PROFILE_TABS)[keyof typeof PROFILE_TABS]

/** The tab a `?tab=` value names; anything else is the first tab. */
export function parseProfileTab(value: string | null): ProfileTab {
	const tabs: readonly string[] = Object.values(PROFILE_TABS)
	return tabs.includes(value ?? '') ? (value as ProfileTab) : PROFILE_TABS.personal
}

/** The `intent` value of each form on the profile page. */
export const PROFILE_INTENT = {
	save: 'guardar-perfil',
	removeAvatar: 'quitar-foto',
	changePassword: 'cambiar-contrasena',
	setPassword: 'crear-contrasena',
	endSession: 'cerrar-sesion-dispositivo',
	endOtherSessions: 'cerrar-otras-sesiones',
	unlinkGoogle: 'desvincular-google',
} as const

/**
 * The `intent` of the 'Vincular Google' form, which posts to /auth/google (the Google flow
 * starts there) rather than to the profile page.
 */
export const LINK_GOOGLE_INTENT = 'vincular-google'

/** Where linking Google comes back to: the profile's 'Cuenta' tab. */
export const LINK_GOOGLE_RETURN = '/dashboard/perfil?tab=cuenta'

/** An empty optional field is stored as null. */
const optionalText = (max: number, message: string) =>
	z.string().trim().max(max, message).optional()

/**
 * A personal website: http or https only (never javascript:, data: or a bare word), with a
 * host name that has a dot (or is localhost) and no user name or password in it. An address
 * typed without a scheme ("misitio.es") is read as https.
 */
export function normalizeWebsite(input: string): string | null {
	const value = /^[a-z][a-z0-9+.-]*:/i.test(input) ? input : `https://${input}`
	let url: URL
	try {
		url = new URL(value)
	} catch {
		return null
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
	if (url.username || url.password) return null
	if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null
	if (/\s/.test(input)) return null
	return url.toString()
}

const websiteSchema = z
	.string()
	.trim()
	.max(WEBSITE_MAX_LENGTH, messages.websiteTooLong(WEBSITE_MAX_LENGTH))
	.transform((value, ctx) => {
		const url = normalizeWebsite(value)
		if (!url) {
			ctx.addIssue({ code: 'custom', message: messages.websiteInvalid })
			return z.NEVER
		}
		return url
	})
	.optional()

/**
 * The avatar as the browser sends it. The server checks the size again while reading the
 * body (a file past the limit never reaches this schema) and the format from the bytes.
 */
const avatarSchema = z
	.instanceof(File)
	.refine((file) => file.size < AVATAR_MAX_BYTES, messages.avatarTooLarge)
	.optional()

export const ProfileSchema = z.object({
	intent: z.literal(PROFILE_INTENT.save),
	name: nameSchema,
	bio: optionalText(BIO_MAX_LENGTH, messages.bioTooLong(BIO_MAX_LENGTH)),
	location: optionalText(LOCATION_MAX_LENGTH, messages.locationTooLong(LOCATION_MAX_LENGTH)),
	website: websiteSchema,
	avatar: avatarSchema,
})

/**
 * The password form: a first password for an account that signs in with Google only, or a
 * new one for an account that has one, which needs the current password (proof that it is
 * the owner, not someone who found the session open).
 */
export function passwordSchema(email?: string) {
	return z
		.object({
			intent: z.enum([PROFILE_INTENT.changePassword, PROFILE_INTENT.setPassword]),
			currentPassword: passwordFieldSchema.optional(),
			password: passwordFieldSchema,
			confirmPassword: passwordFieldSchema,
			/** A checkbox: sent only when ticked (it starts ticked). */
			closeOtherSessions: z.boolean().default(false),
		})
		.superRefine(
			(value, ctx) => {
				if (value.intent === PROFILE_INTENT.changePassword && !value.currentPassword) {
					ctx.addIssue({
						code: 'custom',
						path: ['currentPassword'],
						message: authMessages.required,
					})
				}
				refineNewPassword(value, email, ctx)
			},
			{ when: () => true },
		)
}
