/**
 * The handle a signed-in user's cards carry ("Tu marca"): its rules, shared by the brand
 * settings form, the card state (a handle in an image URL is checked again) and both
 * renderers. Browser-safe and zod-free.
 */

export const HANDLE_MAX_LENGTH = 30

export const CORNERS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const
export type Corner = (typeof CORNERS)[number]
export const DEFAULT_CORNER: Corner = 'bottom-right'

/**
 * Latin letters (Spanish accents, ñ and ü included), digits, spaces and @ . _ -: every
 * card font draws all of them from its latin file, so the handle looks the same in every
 * font, on the server and in the browser.
 */
const HANDLE_CHARACTERS = /^[A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff@._\- ]+$/

export function isCorner(value: unknown): value is Corner {
	return (CORNERS as readonly unknown[]).includes(value)
}

/** Trimmed, with runs of spaces made one. */
export function normalizeHandle(value: string): string {
	return value.replace(/\s+/g, ' ').trim()
}

/** What is wrong with a normalised handle, or null when it may go on a card. */
export function handleProblem(handle: string): 'empty' | 'tooLong' | 'characters' | null {
	if (!handle) return 'empty'
	if ([...handle].length > HANDLE_MAX_LENGTH) return 'tooLong'
	if (!HANDLE_CHARACTERS.test(handle)) return 'characters'
	return null
}
