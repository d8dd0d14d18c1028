/**
 * The platform sizes a card can be exported at. Pixels are exact: the exported JPEG has
 * exactly these dimensions. Only the label of `instagram_square` is an agreed product
 * text; the others are ours.
 */
export const PLATFORM_SIZES = {
	instagram_square: { width: 1080, height: 1080, label: 'Instagram Cuadrado' },
	instagram_story: { width: 1080, height: 1920, label: 'Instagram Historia' },
	facebook_post: { width: 1200, height: 630, label: 'Publicación de Facebook' },
	facebook_cover: { width: 1200, height: 315, label: 'Portada de Facebook' },
	twitter_post: { width: 1200, height: 675, label: 'Publicación de X (Twitter)' },
	pinterest: { width: 735, height: 1102, label: 'Pinterest' },
	whatsapp: { width: 800, height: 800, label: 'WhatsApp' },
	linkedin: { width: 1200, height: 627, label: 'LinkedIn' },
	youtube_thumbnail: { width: 1280, height: 720, label: 'Miniatura de YouTube' },
	web_banner: { width: 1920, height: 1080, label: 'Banner web' },
} as const satisfies Record<string, PlatformSize>

interface PlatformSize {
	width: number
	height: number
	/** Spanish label, e.g. for 'Descargar para {label}'. */
	label: string
}

export type SizeKey = keyof typeof PLATFORM_SIZES

/** In the order listed above (also the order for selects and the ZIP). */
export const SIZE_KEYS = Object.keys(PLATFORM_SIZES) as SizeKey[]

export const DEFAULT_SIZE_KEY: SizeKey = 'instagram_square'

export function isSizeKey(value: unknown): value is SizeKey {
	return typeof value === 'string' && Object.hasOwn(PLATFORM_SIZES, value)
}
