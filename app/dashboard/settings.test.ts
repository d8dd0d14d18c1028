/**
 * The settings page's rules: each tab's form saves its own fields, every enum is checked,
 * an unchecked box means off, the spec's defaults, and the tab in the address.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import {
	DEFAULT_SETTINGS,
	deletionSchema,
	parseTab,
	sectionValues,
	settingsMessages,
	settingsSchema,
	tabHref,
} from './settings'

function form(entries: Record<string, string>) {
	const data = new FormData()
	for (const [name, value] of Object.entries(entries)) data.append(name, value)
	return data
}

/** The field errors of a refused submission, as the form gets them back. */
function errorsOf(result: { reply: () => { error?: Record<string, string[] | null> | null } }) {
	return result.reply().error
}

const parse = (entries: Record<string, string>) =>
	parseWithZod(form(entries), { schema: settingsSchema })

test('the defaults are the agreed ones', () => {
	expect(DEFAULT_SETTINGS).toEqual({
		notifyNewFeatures: true,
		notifyTips: false,
		// A weekly summary mail: only for whoever asks for it.
		notifyActivity: false,
		notifyEmail: true,
		theme: 'light',
		fontSize: 'medium',
		reducedMotion: false,
		saveHistory: true,
		analytics: true,
		spanishVariant: null,
		spanishRegister: null,
	})
})

test('each tab saves only its own fields; an unchecked box is off', () => {
	const notifications = parse({ seccion: 'notificaciones', notifyTips: 'on', theme: 'dark' })
	expect(notifications.status).toBe('success')
	if (notifications.status !== 'success') return
	expect(sectionValues(notifications.value)).toEqual({
		notifyNewFeatures: false,
		notifyTips: true,
		notifyActivity: false,
		notifyEmail: false,
	})

	const appearance = parse({ seccion: 'apariencia', theme: 'dark', fontSize: 'large' })
	expect(appearance.status).toBe('success')
	if (appearance.status !== 'success') return
	expect(sectionValues(appearance.value)).toEqual({
		theme: 'dark',
		fontSize: 'large',
		reducedMotion: false,
	})

	const privacy = parse({ seccion: 'privacidad', analytics: 'on', saveHistory: 'on' })
	expect(privacy.status).toBe('success')
	if (privacy.status !== 'success') return
	expect(sectionValues(privacy.value)).toEqual({ saveHistory: true, analytics: true })
})

test('every enum is checked on the server, with a Spanish reason next to the field', () => {
	const result = parse({ seccion: 'apariencia', theme: 'sepia', fontSize: 'huge' })
	expect(result.status).toBe('error')
	expect(errorsOf(result)).toMatchObject({
		theme: [settingsMessages.themeInvalid],
		fontSize: [settingsMessages.fontSizeInvalid],
	})
	expect(errorsOf(parse({ seccion: 'apariencia', fontSize: 'small' }))).toMatchObject({
		theme: [settingsMessages.themeInvalid],
	})
	// A checkbox carries 'on' or nothing.
	expect(parse({ seccion: 'privacidad', saveHistory: 'quizás' }).status).toBe('error')
	expect(parse({ seccion: 'otra' }).status).toBe('error')
	expect(parse({}).status).toBe('error')
})

test('account deletion needs the e-mail typed; the password is optional in the schema', () => {
	const schema = deletionSchema
	const missing = parseWithZod(form({}), { schema })
	expect(errorsOf(missing)).toMatchObject({ email: [settingsMessages.emailRequired] })
	const ok = parseWithZod(form({ email: '  ana@frasea.test ' }), { schema })
	expect(ok.status).toBe('success')
	if (ok.status === 'success') expect(ok.value).toEqual({ email: 'ana@frasea.test' })
	const long = parseWithZod(form({ email: `${'a'.repeat(300)}@x.es`, password: 'p' }), { schema })
	expect(long.status).toBe('error')
})

test('the tab lives in the address, the first one by default', () => {
	expect(parseTab(null)).toBe('notificaciones')
	expect(parseTab('apariencia')).toBe('apariencia')
	expect(parseTab('<script>')).toBe('notificaciones')
	expect(tabHref('notificaciones')).toBe('/dashboard/configuracion')
	expect(tabHref('privacidad')).toBe('/dashboard/configuracion?pestana=privacidad')
})
