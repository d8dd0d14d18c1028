import type { Activity } from '~/models/activity.server'

const GENERATOR_NAMES: Record<string, string> = {
	home: 'el generador de frases',
	instagram: 'el generador de Instagram',
	facebook: 'el generador de Facebook',
}

const phrases = (count: number) => (count === 1 ? '1 frase' : `${count} frases`)

/** One line of the recent activity, in Spanish. */
export function describeActivity(activity: Pick<Activity, 'kind' | 'count' | 'page' | 'topic'>) {
	switch (activity.kind) {
		case 'generation': {
			const where = GENERATOR_NAMES[activity.page ?? ''] ?? 'el generador'
			const what = activity.count ? `Generaste ${phrases(activity.count)}` : 'Generaste frases'
			return `${what} en ${where}${activity.topic ? ` sobre «${activity.topic}»` : ''}`
		}
		case 'save':
			return activity.count ? `Guardaste ${phrases(activity.count)}` : 'Guardaste frases'
		case 'edit':
			return 'Editaste una frase guardada'
		case 'signIn':
			return 'Iniciaste sesión'
		case 'sessionsEnded':
			return activity.count === 1
				? 'Cerraste la sesión en otro dispositivo'
				: `Cerraste la sesión en ${activity.count ?? 'varios'} dispositivos`
	}
}
