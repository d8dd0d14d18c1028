import { z } from 'zod'
import { mailMessages } from './messages'

/** The forms of Administración › Correo, for its action and its Conform form. */

export const BULK_PER_MINUTE_MAX = 100_000

export const MAIL_INTENTS = {
	retry: 'reintentar',
	pace: 'ritmo',
	resetPace: 'restablecer-ritmo',
} as const

const m = mailMessages.admin

export const paceSchema = z.object({
	intent: z.literal(MAIL_INTENTS.pace),
	perMinute: z
		.number({ error: m.paceInvalid(BULK_PER_MINUTE_MAX) })
		.int(m.paceInvalid(BULK_PER_MINUTE_MAX))
		.min(1, m.paceInvalid(BULK_PER_MINUTE_MAX))
		.max(BULK_PER_MINUTE_MAX, m.paceInvalid(BULK_PER_MINUTE_MAX)),
})
