import { Prisma } from '~/generated/prisma/client'
import { DEFAULT_SETTINGS, type ThemeSetting } from '~/dashboard/settings'
import { findSettings, saveSettings } from '~/dashboard/settings.server'
import { prisma } from '~/utils/db.server'
import { TOPIC_SETTING, wantsTopicMail, type Topic } from './topics'

/**
 * Who gets bulk mail about a topic: confirmed, enabled accounts with the topic's switch and
 * "correo" on. An account that never saved its settings has the defaults. Read when the
 * mails are queued (audienceCondition) and again when each is sent (wantsMail), so a switch
 * turned off in between is obeyed.
 */

const COLUMN = {
	notifyNewFeatures: 'notify_new_features',
	notifyTips: 'notify_tips',
	notifyActivity: 'notify_activity',
} as const

const literal = (value: boolean) => Prisma.raw(value ? 'TRUE' : 'FALSE')

/**
 * The condition on `p` (perfiles) LEFT JOIN user_settings `s` that picks the accounts
 * wanting mail about `topic`. TRUE and FALSE are literals both engines read.
 */
export function audienceCondition(topic: Topic) {
	const field = TOPIC_SETTING[topic]
	const column = Prisma.raw(`s.${COLUMN[field]}`)
	return Prisma.sql`p.correo_verificado_en IS NOT NULL AND p.deshabilitado_en IS NULL
		AND COALESCE(${column}, ${literal(DEFAULT_SETTINGS[field])}) = TRUE
		AND COALESCE(s.notify_email, ${literal(DEFAULT_SETTINGS.notifyEmail)}) = TRUE`
}

/**
 * The account, when it still wants mail about `topic` (it exists, is confirmed and enabled,
 * and has the switches on); otherwise null.
 */
export async function recipientFor(userId: string, topic: Topic) {
	const account = await prisma.profile.findUnique({
		where: { id: userId },
		select: { name: true, emailVerifiedAt: true, disabledAt: true },
	})
	if (!account?.emailVerifiedAt || account.disabledAt) return null
	const settings = (await findSettings(userId)) ?? DEFAULT_SETTINGS
	return wantsTopicMail(settings, topic) ? { name: account.name } : null
}

/**
 * Turns the topic's switch off, and nothing else: an account without a settings row gets one
 * with the theme it is shown now (`currentTheme`, see saveSettings). False when there is no
 * such account.
 */
export async function stopTopicMail(userId: string, topic: Topic, currentTheme: ThemeSetting) {
	if ((await prisma.profile.count({ where: { id: userId } })) === 0) return false
	await saveSettings(userId, { [TOPIC_SETTING[topic]]: false }, currentTheme)
	return true
}
