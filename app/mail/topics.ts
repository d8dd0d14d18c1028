import { NOTIFICATION_TOGGLES, type UserSettingsValues } from '~/dashboard/settings'

/**
 * The notification settings that mail follows. Each topic is one switch on Configuración ›
 * Notificaciones; bulk mail about it goes only to accounts with that switch on and
 * "Notificaciones por correo electrónico" on too.
 */

export const TOPICS = ['new_features', 'tips', 'activity'] as const
export type Topic = (typeof TOPICS)[number]

/** The user setting behind each topic. */
export const TOPIC_SETTING = {
	new_features: 'notifyNewFeatures',
	tips: 'notifyTips',
	activity: 'notifyActivity',
} as const satisfies Record<Topic, keyof UserSettingsValues>

/** Its name in addresses and forms. */
export const TOPIC_SLUG = {
	new_features: 'nuevas-funciones',
	tips: 'consejos',
	activity: 'actividad',
} as const satisfies Record<Topic, string>

const labelOf = (topic: Topic) =>
	NOTIFICATION_TOGGLES.find((toggle) => toggle.name === TOPIC_SETTING[topic])?.label ?? topic

/** Its name as the settings page writes it. */
export const TOPIC_LABEL = Object.fromEntries(
	TOPICS.map((topic) => [topic, labelOf(topic)]),
) as Record<Topic, string>

export function topicFromSlug(slug: string | null | undefined): Topic | null {
	return TOPICS.find((topic) => TOPIC_SLUG[topic] === slug) ?? null
}

/** Whether an account with these settings wants bulk mail about `topic`. */
export function wantsTopicMail(settings: UserSettingsValues, topic: Topic) {
	return settings.notifyEmail && settings[TOPIC_SETTING[topic]]
}
