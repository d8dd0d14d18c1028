import { isRegister, isSpanishVariant, VARIANT_LABELS } from '~/generation/spanish'

/**
 * The generation settings a history entry was written with (stored as JSON text by the
 * generators), as short Spanish labels. Unknown or broken settings give no labels rather
 * than an error: the phrase is what matters.
 */
const PLATFORMS: Record<string, string> = {
	instagram: 'Instagram',
	facebook: 'Facebook',
	twitter: 'X (Twitter)',
	linkedin: 'LinkedIn',
	tiktok: 'TikTok',
	whatsapp: 'WhatsApp',
	pinterest: 'Pinterest',
}

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase('es-ES') + text.slice(1)

export function describeSettings(json: string | null): string[] {
	if (!json) return []
	let settings: Record<string, unknown>
	try {
		const parsed: unknown = JSON.parse(json)
		if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return []
		settings = parsed as Record<string, unknown>
	} catch {
		return []
	}
	const text = (key: string) => {
		const value = settings[key]
		return typeof value === 'string' && value.trim() ? value.trim() : null
	}
	const labels: string[] = []
	const type = text('type')
	if (type) labels.push(`Tipo: ${capitalize(type)}`)
	// Stored as the form's value, e.g. 'español es'.
	const language = text('language')?.split(' ')[0]
	if (language) labels.push(`Idioma: ${capitalize(language)}`)
	// Spanish batches keep their variety and register.
	if (isSpanishVariant(settings.variant))
		labels.push(`Variante: ${VARIANT_LABELS[settings.variant]}`)
	// The register's value is its Spanish name: 'cercano', 'formal'.
	if (isRegister(settings.register)) labels.push(`Trato: ${settings.register}`)
	if (typeof settings.length === 'number') labels.push(`Unas ${settings.length} palabras`)
	const platform = text('platform')
	if (platform) labels.push(`Para ${PLATFORMS[platform] ?? capitalize(platform)}`)
	if (settings.mode === 'image') labels.push('A partir de una imagen')
	if (settings.includeEmojis === true) labels.push('Con emojis')
	if (settings.includeHashtags === true) labels.push('Con hashtags')
	if (settings.includeDate === true) labels.push('Con fecha')
	return labels
}
