import { escapeHtml, footnoteStyle } from '~/auth/emails.server'
import { mailMessages as m } from './messages'
import { TOPIC_LABEL, type Topic } from './topics'
import { unsubscribeUrl } from './unsubscribe.server'

/** The foot of a bulk mail: why it came, and the link that stops its topic. */
export function bulkFooter(userId: string, topic: Topic) {
	const link = unsubscribeUrl(userId, topic)
	const stop = m.stopTopic(TOPIC_LABEL[topic])
	return {
		text: `\n\n--\n${m.bulkFooter}\n${stop}: ${link}\n`,
		html: `<p style="${footnoteStyle};margin-top:32px">${escapeHtml(m.bulkFooter)}<br><a href="${escapeHtml(link)}" style="color:#a21caf">${escapeHtml(stop)}</a></p>`,
	}
}
