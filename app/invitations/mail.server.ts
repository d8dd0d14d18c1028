import { layout } from '~/auth/emails.server'
import { type Mail } from '~/mail/message'
import { invitationMessages as m } from './messages'

/** The invitation mail: who invites, the link to /invitacion and how long it lasts. */
export function invitationMail(to: string, inviterName: string | null, link: string): Mail {
	const paragraphs = [m.mailGreeting, m.mailBody(inviterName || m.someoneInviter), m.mailIgnore]
	return {
		to,
		subject: m.mailSubject,
		text: `${paragraphs.join('\n\n')}\n\n${m.mailButton}:\n${link}\n`,
		html: layout(m.mailTitle, paragraphs, { href: link, label: m.mailButton }),
	}
}
