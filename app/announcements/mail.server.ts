import { escapeHtml, mailFrame, paragraphStyle } from '~/auth/emails.server'
import { bulkFooter } from '~/mail/bulk-footer.server'
import { type Mail } from '~/mail/message'
import { type Topic } from '~/mail/topics'
import { unsubscribeHeaders } from '~/mail/unsubscribe.server'
import { paragraphsOf, type Segment } from './text'

function segmentHtml(segment: Segment) {
	return segment.kind === 'link'
		? `<a href="${escapeHtml(segment.href)}" style="color:#a21caf">${escapeHtml(segment.href)}</a>`
		: escapeHtml(segment.text)
}

/**
 * An announcement as one account receives it: the admin's text, and at the foot why it came
 * and a link that stops that topic (also in the List-Unsubscribe headers, for the mail
 * client's own button).
 */
export function announcementMail(
	announcement: { subject: string; body: string },
	recipient: { to: string; userId: string; topic: Topic },
): Mail {
	const footer = bulkFooter(recipient.userId, recipient.topic)
	const body = paragraphsOf(announcement.body)
		.map(
			(lines) =>
				`<p style="${paragraphStyle}">${lines.map((line) => line.map(segmentHtml).join('')).join('<br>')}</p>`,
		)
		.join('')
	return {
		to: recipient.to,
		subject: announcement.subject,
		text: `${announcement.body}${footer.text}`,
		html: mailFrame(announcement.subject, `${body}${footer.html}`),
		headers: unsubscribeHeaders(recipient.userId, recipient.topic),
	}
}
