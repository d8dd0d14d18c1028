import { PLATFORM_SIZES, type SizeKey } from './sizes'

/** Widest a card preview is shown (CSS pixels); the server's preview JPEG is this wide. */
const PREVIEW_DISPLAY_WIDTH = 540

/**
 * The box a card preview takes on the page: 540 px wide at most, and tall formats
 * (stories, Pinterest) narrower so the preview stays within about 675 px of height.
 */
export function previewBox(sizeKey: SizeKey): { width: number; height: number } {
	const size = PLATFORM_SIZES[sizeKey]
	const width = Math.min(
		PREVIEW_DISPLAY_WIDTH,
		Math.round((PREVIEW_DISPLAY_WIDTH * 1.25 * size.width) / size.height),
	)
	return { width, height: Math.max(1, Math.round((width * size.height) / size.width)) }
}
