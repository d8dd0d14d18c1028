/**
 * WCAG 2 contrast, and the guard that keeps card text readable on light backgrounds by
 * raising the black overlay (or, for dark text, switching to a light halo).
 */

export const MIN_CONTRAST = 4.5

export type Rgb = readonly [number, number, number]

/** '#rrggbb' or '#rgb' → [r, g, b] in 0–255. */
export function hexToRgb(hex: string): Rgb {
	let digits = hex.replace('#', '')
	if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join('')
	const value = Number.parseInt(digits, 16)
	if (digits.length !== 6 || Number.isNaN(value)) throw new Error(`Not a hex colour: ${hex}`)
	return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

/** sRGB channel 0–1 → linear light. */
export function srgbToLinear(channel: number): number {
	return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
}

/** Linear light → sRGB channel 0–1. */
function linearToSrgb(value: number): number {
	return value <= 0.0031308 ? value * 12.92 : 1.055 * value ** (1 / 2.4) - 0.055
}

/** WCAG relative luminance (0 black – 1 white) of a colour. */
export function relativeLuminance(color: string | Rgb): number {
	const [r, g, b] = typeof color === 'string' ? hexToRgb(color) : color
	return (
		0.2126 * srgbToLinear(r / 255) + 0.7152 * srgbToLinear(g / 255) + 0.0722 * srgbToLinear(b / 255)
	)
}

/** WCAG contrast ratio of two luminances (1–21, order does not matter). */
export function contrastRatio(a: number, b: number): number {
	const [light, dark] = a > b ? [a, b] : [b, a]
	return (light + 0.05) / (dark + 0.05)
}

/**
 * Luminance of a background after a black layer at `opacity` is painted over it. Canvas
 * blends in sRGB space, so the background is treated as the grey of that luminance, whose
 * sRGB value is scaled by (1 − opacity).
 */
export function luminanceUnderOverlay(backgroundLuminance: number, opacity: number): number {
	const grey = linearToSrgb(Math.min(1, Math.max(0, backgroundLuminance)))
	return srgbToLinear(grey * (1 - opacity))
}

interface ContrastGuardInput {
	/** Luminance of the background behind the text (see draw.ts for how it is sampled). */
	backgroundLuminance: number
	textColor: string
	/** The overlay opacity the user chose. */
	overlay: number
	/** The guard never raises the overlay beyond this. */
	maxOverlay?: number
	minContrast?: number
}

export interface ContrastGuardResult {
	/** Overlay opacity to draw with (≥ the requested one). */
	overlay: number
	/** Outline colour family: the usual dark outline, or a light halo for dark text. */
	outline: 'dark' | 'light'
	/** Multiplier for the outline width (1 = normal). */
	outlineScale: number
	/** Estimated contrast of the text against what is directly behind it. */
	contrast: number
	adjusted: boolean
}

const OVERLAY_STEP = 0.1

/**
 * Raises the overlay in 0.1 steps until the text reaches `minContrast` against the darkened
 * background. When darkening cannot get there (a mid-grey or dark text colour), it
 * strengthens the outline instead: dark text gets a light halo, since a black overlay
 * would only lower its contrast further.
 */
export function guardContrast({
	backgroundLuminance,
	textColor,
	overlay,
	maxOverlay = 0.8,
	minContrast = MIN_CONTRAST,
}: ContrastGuardInput): ContrastGuardResult {
	const text = relativeLuminance(textColor)
	const contrastAt = (opacity: number) =>
		contrastRatio(text, luminanceUnderOverlay(backgroundLuminance, opacity))

	const initial = contrastAt(overlay)
	if (initial >= minContrast) {
		return { overlay, outline: 'dark', outlineScale: 1, contrast: initial, adjusted: false }
	}

	const textIsLight = contrastRatio(text, 0) >= minContrast
	if (!textIsLight) {
		// Dark text on a dark background: a light halo gives it the contrast locally.
		return {
			overlay,
			outline: 'light',
			outlineScale: 2,
			contrast: contrastRatio(text, 1),
			adjusted: true,
		}
	}

	let opacity = overlay
	while (opacity < maxOverlay - 1e-9) {
		opacity = Math.min(maxOverlay, Math.round((opacity + OVERLAY_STEP) * 10) / 10)
		const contrast = contrastAt(opacity)
		if (contrast >= minContrast) {
			return { overlay: opacity, outline: 'dark', outlineScale: 1, contrast, adjusted: true }
		}
	}
	return {
		overlay: Math.max(overlay, maxOverlay),
		outline: 'dark',
		outlineScale: 2,
		contrast: contrastAt(Math.max(overlay, maxOverlay)),
		adjusted: true,
	}
}
