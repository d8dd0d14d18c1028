import { isRegister, isSpanishVariant, type SpanishStyle } from '~/generation/spanish'
import { prisma } from '~/utils/db.server'
import {
	DEFAULT_SETTINGS,
	FONT_SIZES,
	THEMES,
	type FontSize,
	type ThemeSetting,
	type UserSettingsValues,
} from './settings'

/**
 * The signed-in user's settings row (user_settings), read and written by the user's id
 * only. A user who never saved the page has no row: the defaults stand in for it.
 */

const settingsSelect = {
	notifyNewFeatures: true,
	notifyTips: true,
	notifyActivity: true,
	notifyEmail: true,
	theme: true,
	fontSize: true,
	reducedMotion: true,
	saveHistory: true,
	analytics: true,
	spanishVariant: true,
	spanishRegister: true,
} as const

type SettingsRow = Omit<UserSettingsValues, 'theme' | 'fontSize'> & {
	theme: string
	fontSize: string
}

function isTheme(value: string): value is ThemeSetting {
	return (THEMES as readonly string[]).includes(value)
}

function isFontSize(value: string): value is FontSize {
	return (FONT_SIZES as readonly string[]).includes(value)
}

/** A stored row as typed values; a value the enums no longer know falls back to the default. */
export function toSettingsValues(row: SettingsRow): UserSettingsValues {
	return {
		...row,
		theme: isTheme(row.theme) ? row.theme : DEFAULT_SETTINGS.theme,
		fontSize: isFontSize(row.fontSize) ? row.fontSize : DEFAULT_SETTINGS.fontSize,
	}
}

/** The user's saved settings, or null when they never saved any. */
export async function findSettings(userId: string): Promise<UserSettingsValues | null> {
	const row = await prisma.userSettings.findUnique({
		where: { userId },
		select: settingsSelect,
	})
	return row ? toSettingsValues(row) : null
}

/**
 * What a user who never saved their settings has: the defaults, with the theme the site is
 * shown in for them (`currentTheme`: the header's switch, else the system's).
 */
function unsavedSettings(currentTheme: ThemeSetting): UserSettingsValues {
	return { ...DEFAULT_SETTINGS, theme: currentTheme }
}

/**
 * The saved row, else the unsaved settings: what the settings page shows (with the theme on
 * screen) and the data export holds (with the defaults' theme, without a browser to ask).
 */
export async function getSettings(
	userId: string,
	currentTheme: ThemeSetting = DEFAULT_SETTINGS.theme,
): Promise<UserSettingsValues> {
	return (await findSettings(userId)) ?? unsavedSettings(currentTheme)
}

/**
 * Saves some of the user's settings. Every row is created here, from the settings the user
 * had before it existed (unsavedSettings), never with the defaults' theme, which nobody
 * chose: once a row exists it decides the theme, so turning one switch (on any page, or
 * through a mail's unsubscribe link) must not change how the site looks.
 */
export async function saveSettings(
	userId: string,
	values: Partial<UserSettingsValues>,
	currentTheme: ThemeSetting,
) {
	await prisma.userSettings.upsert({
		where: { userId },
		create: { ...unsavedSettings(currentTheme), ...values, userId },
		update: values,
	})
}

/** Remembers the Spanish a user last generated in, for the next time they open a generator. */
export async function rememberSpanishStyle(
	userId: string,
	style: SpanishStyle,
	currentTheme: ThemeSetting,
) {
	await saveSettings(
		userId,
		{ spanishVariant: style.variant, spanishRegister: style.register },
		currentTheme,
	)
}

/** The Spanish a user last generated in; what they never chose (or no longer exists) is left out. */
export async function findSpanishStyle(userId: string): Promise<Partial<SpanishStyle>> {
	const row = await prisma.userSettings.findUnique({
		where: { userId },
		select: { spanishVariant: true, spanishRegister: true },
	})
	return {
		...(isSpanishVariant(row?.spanishVariant) ? { variant: row.spanishVariant } : {}),
		...(isRegister(row?.spanishRegister) ? { register: row.spanishRegister } : {}),
	}
}
