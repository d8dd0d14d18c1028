import { z } from 'zod'
import { type Topic } from '~/mail/topics'
import { announcementMessages as m } from './messages'

/** The announcement form (/admin/announcements), for its action and its Conform form. */

export const SUBJECT_MAX = 150
export const BODY_MAX = 10_000

/** Who an announcement is for: the form's values and the setting each stands for. */
export const AUDIENCES = ['nuevas-funciones', 'consejos'] as const
export type Audience = (typeof AUDIENCES)[number]
export const AUDIENCE_TOPIC = {
	'nuevas-funciones': 'new_features',
	consejos: 'tips',
} as const satisfies Record<Audience, Topic>

export const PREVIEW_INTENT = 'vista-previa'
export const SEND_INTENT = 'enviar'

// Control characters other than tabs and line breaks have no business in a mail.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

export const announcementSchema = z.object({
	intent: z.enum([PREVIEW_INTENT, SEND_INTENT], { error: m.badForm }),
	subject: z
		.string({ error: m.subjectRequired })
		.trim()
		.min(1, m.subjectRequired)
		.max(SUBJECT_MAX, m.subjectTooLong(SUBJECT_MAX))
		.regex(/^[^\r\n]*$/, m.subjectOneLine)
		.transform((value) => value.replace(CONTROL, '')),
	body: z
		.string({ error: m.bodyRequired })
		.transform((value) => value.replace(CONTROL, '').replace(/\r\n?/g, '\n').trim())
		.pipe(
			z
				.string({ error: m.bodyRequired })
				.min(1, m.bodyRequired)
				.max(BODY_MAX, m.bodyTooLong(BODY_MAX)),
		),
	audience: z.enum(AUDIENCES, { error: m.audienceInvalid }),
	/** Drawn when the page was shown: a second post of the same form sends nothing more. */
	requestKey: z.string({ error: m.badForm }).regex(/^[\w-]{16,64}$/, m.badForm),
})
export type AnnouncementForm = z.output<typeof announcementSchema>
