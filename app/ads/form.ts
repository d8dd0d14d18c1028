/** The /admin/ads form: one schema for the browser (Conform) and the action. */
import { z } from 'zod'
import { adsMessages as m } from './messages'

export const CLIENT_ID_PATTERN = /^ca-pub-\d{10,20}$/
export const SLOT_PATTERN = /^\d{1,20}$/
/** Longer than any valid value, so a mistyped one still comes back to be corrected. */
export const FIELD_MAX_LENGTH = 40

export const adsFormSchema = z
	.object({
		enabled: z.boolean({ error: m.enabledInvalid }).default(false),
		// Empty: no value of the admin's (the client id then comes from ADS_CLIENT_ID).
		clientId: z
			.string()
			.trim()
			.max(FIELD_MAX_LENGTH, m.clientIdInvalid)
			.regex(CLIENT_ID_PATTERN, m.clientIdInvalid)
			.optional(),
		slot: z
			.string()
			.trim()
			.max(FIELD_MAX_LENGTH, m.slotInvalid)
			.regex(SLOT_PATTERN, m.slotInvalid)
			.optional(),
	})
	.superRefine((value, context) => {
		if (value.enabled && !value.slot) {
			context.addIssue({ code: 'custom', path: ['slot'], message: m.slotMissing })
		}
	})

export type AdsFormValue = z.output<typeof adsFormSchema>
