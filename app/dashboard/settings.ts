import { z } from 'zod'

/**
 * The settings page (/dashboard/configuracion): its three tabs, their fields, the defaults
 * and every Spanish text, shared by the page's action (validation) and its form.
 */

export const SETTINGS_PATH = '/dashboard/configuracion'

export const THEMES = ['light', 'dark', 'system'] as const
export const FONT_SIZES = ['small', 'medium', 'large'] as const
export type ThemeSetting = (typeof THEMES)[number]
export type FontSize = (typeof FONT_SIZES)[number]

export type UserSettingsValues = {
	notifyNewFeatures: boolean
	notifyTips: boolean
	notifyActivity: boolean
	notifyEmail: boolean
	theme: ThemeSetting
	fontSize: FontSize
	reducedMotion: boolean
	saveHistory: boolean
	analytics: boolean
	/** The Spanish the generator last wrote in for this user (null: never chosen). */
	spanishVariant: string | null
	spanishRegister: string | null
}

/**
 * What a user who never saved the page has. Every row is written with all of these (the
 * first save starts from them), so the columns' own defaults never apply: "actividad" (a
 * weekly summary mail) is off here although its column still says on.
 */
export const DEFAULT_SETTINGS: UserSettingsValues = {
	notifyNewFeatures: true,
	notifyTips: false,
	notifyActivity: false,
	notifyEmail: true,
	theme: 'light',
	fontSize: 'medium',
	reducedMotion: false,
	saveHistory: true,
	analytics: true,
	spanishVariant: null,
	spanishRegister: null,
}

export const settingsMessages = {
	// The product's agreed texts, verbatim.
	saved: 'Configuración guardada correctamente',
	exported: 'Datos exportados correctamente',
	accountDeleted: 'Cuenta eliminada correctamente',
	mainAdmin: 'No se puede eliminar la cuenta de administrador principal',
	unavailable: 'No se pudo cargar la información de configuración',

	// Ours.
	title: 'Configuración',
	saveError: 'No se pudo guardar la configuración. Inténtalo de nuevo.',
	themeInvalid: 'Elige un tema: claro, oscuro o el del sistema.',
	fontSizeInvalid: 'Elige un tamaño de letra: pequeño, mediano o grande.',
	optionInvalid: 'Valor no válido para esta opción.',
	sectionInvalid: 'No sabemos qué apartado guardar. Recarga la página e inténtalo de nuevo.',
	emailRequired: 'Escribe el correo electrónico de tu cuenta para confirmar.',
	emailMismatch: 'El correo electrónico no coincide con el de tu cuenta.',
	passwordRequired: 'Escribe tu contraseña para confirmar.',
	passwordWrong: 'La contraseña no es correcta.',
	tooManyAttempts: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
	deleteError: 'No se pudo eliminar la cuenta. Inténtalo de nuevo.',
	notificationsIntro: 'Elige qué avisos quieres recibir de Frasea.',
} as const

/** The notification switches, each with what it does (app/mail/ makes them true). */
export const NOTIFICATION_TOGGLES = [
	{
		name: 'notifyNewFeatures',
		label: 'Nuevas funciones',
		hint: 'Los comunicados sobre lo nuevo de Frasea: en tu panel y, si recibes correos, también por correo.',
	},
	{
		name: 'notifyTips',
		label: 'Consejos y sugerencias',
		hint: 'Consejos para sacar más partido a Frasea: en tu panel y, si recibes correos, también por correo.',
	},
	{
		name: 'notifyActivity',
		label: 'Actividad de tu cuenta',
		hint: 'Cada lunes, un resumen por correo de tu semana (frases generadas y guardadas, y lo que más te gustó), si tuviste actividad.',
	},
	{
		name: 'notifyEmail',
		label: 'Notificaciones por correo electrónico',
		hint: 'Desactivado, no te enviamos ningún correo salvo los que tu cuenta necesita: la confirmación de tu correo, el restablecimiento de tu contraseña, los códigos para iniciar sesión y los avisos de seguridad. Los comunicados siguen en tu panel.',
	},
] as const satisfies ReadonlyArray<{ name: keyof UserSettingsValues; label: string; hint: string }>

export const TABS = [
	{ key: 'notificaciones', label: 'Notificaciones' },
	{ key: 'apariencia', label: 'Apariencia' },
	{ key: 'privacidad', label: 'Privacidad' },
	{ key: 'marca', label: 'Tu marca' },
] as const
export type SettingsTab = (typeof TABS)[number]['key']

/** The tab named in the address (`?pestana=`), or the first one. */
export function parseTab(value: string | null): SettingsTab {
	return TABS.find((tab) => tab.key === value)?.key ?? 'notificaciones'
}

export function tabHref(tab: SettingsTab) {
	return tab === 'notificaciones' ? SETTINGS_PATH : `${SETTINGS_PATH}?pestana=${tab}`
}

export const THEME_LABELS: Record<ThemeSetting, string> = {
	light: 'Claro',
	dark: 'Oscuro',
	system: 'Según el sistema',
}

export const FONT_SIZE_LABELS: Record<FontSize, string> = {
	small: 'Pequeño',
	medium: 'Mediano',
	large: 'Grande',
}

/** An unchecked checkbox sends nothing: missing means off. */
const checkbox = z.boolean({ error: settingsMessages.optionInvalid }).default(false)

export const notificationsSchema = z.object({
	seccion: z.literal('notificaciones'),
	notifyNewFeatures: checkbox,
	notifyTips: checkbox,
	notifyActivity: checkbox,
	notifyEmail: checkbox,
})

export const appearanceSchema = z.object({
	seccion: z.literal('apariencia'),
	theme: z.enum(THEMES, { error: settingsMessages.themeInvalid }),
	fontSize: z.enum(FONT_SIZES, { error: settingsMessages.fontSizeInvalid }),
	reducedMotion: checkbox,
})

export const privacySchema = z.object({
	seccion: z.literal('privacidad'),
	saveHistory: checkbox,
	analytics: checkbox,
})

/** One tab's form: each saves its own fields only. */
export const settingsSchema = z.discriminatedUnion(
	'seccion',
	[notificationsSchema, appearanceSchema, privacySchema],
	{ error: settingsMessages.sectionInvalid },
)
export type SettingsSubmission = z.output<typeof settingsSchema>

/** The fields a section's submission writes (its `seccion` aside). */
export function sectionValues(submission: SettingsSubmission): Partial<UserSettingsValues> {
	const { seccion: _section, ...values } = submission
	return values
}

const MAX_EMAIL = 254
const MAX_PASSWORD = 200

/** Account deletion: the account's e-mail typed again, and its password when it has one. */
export const deletionSchema = z.object({
	email: z
		.string({ error: settingsMessages.emailRequired })
		.trim()
		.min(1, settingsMessages.emailRequired)
		.max(MAX_EMAIL, settingsMessages.emailMismatch),
	password: z.string().max(MAX_PASSWORD, settingsMessages.passwordWrong).optional(),
})

export const DELETE_INTENT = 'eliminar-cuenta'
