/** Hashtags built from free text: 'viajes de verano' → '#ViajesDeVerano'. */

const SMALL_WORDS = new Set(
	'a al de del el la las los lo y e o u en con por para sobre un una unos unas mi mis tu tus su sus the of and for to in on my your le les des du et pour à o os as do da dos das em no na para il lo gli di e per con un una'.split(
		' ',
	),
)

/** A hashtag from words, keeping accents; '' when nothing usable is left. */
export function toHashtag(text: string, maxWords = 3): string {
	const words = text
		.normalize('NFC')
		.replace(/[^\p{L}\p{N}\s]+/gu, ' ')
		.split(/\s+/)
		.filter(Boolean)
	const meaningful = words.filter((word) => !SMALL_WORDS.has(word.toLowerCase()))
	const chosen = (meaningful.length ? meaningful : words).slice(0, maxWords)
	if (!chosen.length) return ''
	return `#${chosen.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')}`
}

/** Exactly `count` distinct hashtags from the candidates (case-insensitive), padded from fallbacks. */
export function pickHashtags(candidates: string[], fallbacks: string[], count = 3): string[] {
	const seen = new Set<string>()
	const picked: string[] = []
	for (const candidate of [...candidates, ...fallbacks]) {
		const tag = candidate.startsWith('#')
			? candidate
			: /^[\p{L}\p{N}_]+$/u.test(candidate)
				? `#${candidate}`
				: toHashtag(candidate)
		const key = tag.toLowerCase()
		if (!tag || tag === '#' || seen.has(key)) continue
		seen.add(key)
		picked.push(tag)
		if (picked.length === count) break
	}
	return picked
}
