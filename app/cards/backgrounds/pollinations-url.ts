import { phraseThemeStyle } from './phrase-themes'
import { BACKGROUND_TYPES, type BackgroundType } from './types'

/** Ends every prompt: quality wording, and no lettering under our own text. */
const PROMPT_QUALITY =
	'high quality, highly detailed, beautiful composition, soft lighting, background image, no text'

/** The image prompt: the phrase's theme style, else the background type's style. */
export function buildBackgroundPrompt(text: string, type: BackgroundType): string {
	const style = phraseThemeStyle(text) ?? BACKGROUND_TYPES[type].style
	return `${style}, ${PROMPT_QUALITY}`
}

/** The service's URL for one picture; the URL alone determines it, so it keys the cache. */
export function pollinationsUrl({
	baseUrl,
	prompt,
	seed,
	width,
	height,
}: {
	baseUrl: string
	prompt: string
	seed: number
	width: number
	height: number
}): string {
	const query = new URLSearchParams({
		nologo: 'true',
		seed: String(seed),
		model: 'flux',
		width: String(width),
		height: String(height),
	})
	return `${baseUrl.replace(/\/+$/, '')}/prompt/${encodeURIComponent(prompt)}?${query}`
}
