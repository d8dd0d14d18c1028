/** Colour arithmetic for the procedural backgrounds. */
import { hexToRgb, type Rgb } from '../contrast'

export function mix(a: string, b: string, amount: number): string {
	const [ar, ag, ab] = hexToRgb(a)
	const [br, bg, bb] = hexToRgb(b)
	return toHex([ar + (br - ar) * amount, ag + (bg - ag) * amount, ab + (bb - ab) * amount])
}

export function lighten(color: string, amount: number): string {
	return mix(color, '#ffffff', amount)
}

export function darken(color: string, amount: number): string {
	return mix(color, '#000000', amount)
}

export function rgba(color: string, alpha: number): string {
	const [r, g, b] = hexToRgb(color)
	return `rgba(${r}, ${g}, ${b}, ${Math.round(alpha * 1000) / 1000})`
}

function toHex([r, g, b]: Rgb): string {
	const channel = (value: number) =>
		Math.round(Math.min(255, Math.max(0, value)))
			.toString(16)
			.padStart(2, '0')
	return `#${channel(r)}${channel(g)}${channel(b)}`
}

/** Colour at `t` (0–1) along evenly spaced stops. */
export function sampleStops(stops: readonly string[], t: number): string {
	if (stops.length === 1) return stops[0] as string
	const clamped = Math.min(1, Math.max(0, t)) * (stops.length - 1)
	const index = Math.min(stops.length - 2, Math.floor(clamped))
	return mix(stops[index] as string, stops[index + 1] as string, clamped - index)
}
