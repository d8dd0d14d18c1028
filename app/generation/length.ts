/** Target word counts. */

export interface WordRange {
	min: number
	max: number
}

const LENGTH_PRESETS = {
	corta: { min: 5, max: 10 },
	media: { min: 11, max: 20 },
	larga: { min: 21, max: 40 },
	'muy larga': { min: 41, max: 70 },
} as const satisfies Record<string, WordRange>

const DEFAULT_WORD_RANGE: WordRange = { min: 25, max: 35 }

const MIN_WORDS = 5

/**
 * The word range for a length: a preset name, a text with a number N ('25 palabras'; the
 * slider's plain number counts too) giving 80–120 % of N with the minimum floored at 5, or
 * the default 25–35.
 */
export function wordRange(length: string | number | undefined | null): WordRange {
	const text = String(length ?? '')
		.trim()
		.toLowerCase()
	// 'muy larga' before 'larga', which it contains.
	for (const preset of ['muy larga', 'corta', 'media', 'larga'] as const) {
		if (text.includes(preset)) return { ...LENGTH_PRESETS[preset] }
	}
	const match = /\d+(?:[.,]\d+)?/.exec(text)
	if (match) {
		const n = Number(match[0].replace(',', '.'))
		if (Number.isFinite(n) && n > 0) {
			// Integer arithmetic: 25 * 1.2 is 30.000000000000004 in floating point.
			const min = Math.max(MIN_WORDS, Math.floor((n * 8) / 10))
			const max = Math.max(min, Math.ceil((n * 12) / 10))
			return { min, max }
		}
	}
	return { ...DEFAULT_WORD_RANGE }
}

/** The length as worded in the request: 25 → '25 palabras'. */
export function lengthText(length: string | number): string {
	return typeof length === 'number' ? `${length} palabras` : length
}
