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
 * What the settings page shows: the saved row, else the defaults, with the theme the site
 * is shown in (`currentTheme`, e.g. picked with the header's switch before any row existed).
 */
export async function getSettings(
	userId: string,
	currentTheme?: ThemeSetting,
): Promise<UserSettingsValues> {
	return (
		(await findSettings(userId)) ?? {
			...DEFAULT_SETTINGS,
			theme: currentTheme ?? DEFAULT_SETTINGS.theme,
		}
	)
}

/**
 * Saves some of the user's settings. The first save creates the row from `base` (what the
 * page showed) so the fields another tab holds keep the values the user saw.
 */
export async function saveSettings(
	userId: string,
	values: Partial<UserSettingsValues>,
	base: UserSettingsValues = DEFAULT_SETTINGS,
) {
	await prisma.userSettings.upsert({
		where: { userId },
		create: { ...base, ...values, userId },
		update: values,
	})
}

/**
 * Remembers the Spanish a user last generated in, for the next time they open a generator.
 * A user who never saved their settings gets the row created with the look the site has
 * for them now (`currentTheme`: the header's switch, else the system's), so remembering
 * changes nothing about how the site looks.
 */
export async function rememberSpanishStyle(
	userId: string,
	style: SpanishStyle,
	currentTheme: ThemeSetting,
) {
	const chosen = { spanishVariant: style.variant, spanishRegister: style.register }
	await prisma.userSettings.upsert({
		where: { userId },
		create: { ...DEFAULT_SETTINGS, theme: currentTheme, ...chosen, userId },
		update: chosen,
	})
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
