/**
 * Output cleaning: models add introductions, numbering and quotes however firmly the
 * instruction forbids them. Turns raw model text into distinct phrases.
 */

/**
 * Lines that introduce the list rather than being a phrase, in the five languages. Each
 * source must match at the start of the line and end at a word boundary.
 */
const INTRO_STARTS = [
	// es
	'(aquí|aqui)\\s+(están|estan|tienes|tiene|van|te\\s+dejo|les\\s+dejo)',
	'(estas|éstas)\\s+son',
	'(las|los)\\s+siguientes',
	'te\\s+presento',
	// en
	'here\\s+(are|is|you\\s+go|they\\s+are|some)',
	"here's",
	'(these|those)\\s+are',
	'the\\s+following',
	'(below|listed\\s+below)\\s+(are|is)',
	// pt
	'aqui\\s+(estão|estao|está|esta|vão|vao|vai)',
	'(estas|essas)\\s+são',
	'(as|os)\\s+seguintes',
	'(te\\s+)?apresento',
	'seguem',
	// fr
	'(voici|voilà|voila)\\s+(\\d+|les|des|quelques|vos|tes)',
	'(ces|les)\\s+phrases\\s+(suivantes|sont)',
	'(je\\s+vous|je\\s+te)\\s+présente',
	// it
	'ecco\\s+(\\d+|le|alcune|a\\s+te|a\\s+voi|qui)',
	'queste\\s+sono',
	'(le|i)\\s+seguenti',
	'(ti|vi)\\s+presento',
	// 'frases …' and 'N frases' in every language
	'(frases|phrases|frasi|quotes|captions)',
	'\\d+\\s+(frases|phrases|frasi|quotes|captions|ideas|idee|idées)',
]

// JavaScript's \b only knows ASCII letters, so 'está\b' would never match.
const INTRO_PATTERNS = INTRO_STARTS.map(
	(source) => new RegExp(`^(?:${source})(?![\\p{L}\\p{N}])`, 'iu'),
)

/** A list marker at the start of a line: 1. 1) (1) #1 - * • – — ▪ ► and friends. */
const LIST_MARKER =
	/^(?:(?:\(?\d{1,3}[.)\]:-]|#\d{1,3}[.):]?|\d{1,3}\s*[-–—])(?!\d)\s*|[-*•·–—+►▸▪●◦○→✓✔]\s*)+/u

const OPENING_QUOTES = '"“«„\'‘'
const CLOSING_QUOTES = '"”»“\'’'

/** What may follow a closing quote and still count as the end of the line. */
const TRAILER = /^(?:\s+|#[\p{L}\p{N}_]+|\p{Extended_Pictographic}|\u200d|\ufe0f|[.,!?¡¿…])*$/u

/** 'Sure!' and friends, which models put before an introduction. */
const ACKNOWLEDGEMENT =
	/^[¡!]?\s*(claro|por\s+supuesto|desde\s+luego|sure|certainly|of\s+course|absolutely|com\s+certeza|bien\s+sûr|certainement|certo|certamente)\s*[!.,]+\s*/iu

export function isIntroLine(line: string): boolean {
	let text = line.replace(/^[#>*_\s]+/, '').trim()
	if (ACKNOWLEDGEMENT.test(text)) {
		text = text.replace(ACKNOWLEDGEMENT, '')
		if (!text) return true
	}
	if (INTRO_PATTERNS.some((pattern) => pattern.test(text))) return true
	// A phrase never ends with a colon; a heading such as 'Para tu novia:' does.
	return /[:：]\s*(\*\*)?$/.test(text)
}

/** Removes list markers, markdown emphasis and quotes wrapping the phrase. */
export function stripMarkers(line: string): string {
	let text = line.trim()
	text = text.replace(/^#{1,6}\s+/, '') // markdown heading (hashtags have no space)
	text = text.replace(/^\*\*(\d{1,3}[.)])\*\*/, '$1') // **1.** Frase
	text = text.replace(/^\*\*(.+)\*\*$/, '$1').replace(/^__(.+)__$/, '$1')
	text = text.replace(LIST_MARKER, '')
	text = text.replace(/^\*\*(.+)\*\*$/, '$1').replace(/^__(.+)__$/, '$1')
	text = unquote(text.trim())
	return text.trim()
}

function unquote(text: string): string {
	const open = text[0]
	if (!open || !OPENING_QUOTES.includes(open)) return text
	// Find the last closing quote after which only hashtags, emojis or punctuation remain.
	for (let index = text.length - 1; index > 0; index--) {
		const char = text[index]!
		if (!CLOSING_QUOTES.includes(char)) continue
		const rest = text.slice(index + 1)
		if (!TRAILER.test(rest)) return text
		const inner = text.slice(1, index).trim()
		if (!inner) return text
		return (inner + rest).trim()
	}
	return text
}

/** Two phrases are the same phrase when their keys are equal (case, spacing, punctuation). */
export function phraseKey(text: string): string {
	return text
		.toLowerCase()
		.normalize('NFKC')
		.replace(/[\s\p{P}]+/gu, ' ')
		.trim()
}

/**
 * One line of model output as a phrase, or null when it is none: empty, an introduction,
 * or nothing but markers and punctuation. Markers and wrapping quotes are stripped.
 */
export function cleanLine(raw: string): string | null {
	const line = raw.trim()
	if (!line || isIntroLine(line)) return null
	const phrase = stripMarkers(line)
	if (!phrase || isIntroLine(phrase) || !/[\p{L}\p{N}]/u.test(phrase)) return null
	return phrase
}

/**
 * Splits model output into phrases: drops introduction and empty lines, strips markers
 * and wrapping quotes, removes duplicates and cuts to `count` when given.
 */
export function cleanPhrases(text: string, count?: number): string[] {
	const seen = new Set<string>()
	const phrases: string[] = []
	for (const raw of text.split(/\r?\n/)) {
		const phrase = cleanLine(raw)
		if (!phrase) continue
		const key = phraseKey(phrase)
		if (seen.has(key)) continue
		seen.add(key)
		phrases.push(phrase)
	}
	return count === undefined ? phrases : phrases.slice(0, Math.max(0, count))
}

/** Adds phrases not yet present (case- and punctuation-insensitive). */
export function mergeDistinct(into: string[], more: string[]): string[] {
	const seen = new Set(into.map(phraseKey))
	const merged = [...into]
	for (const phrase of more) {
		const key = phraseKey(phrase)
		if (seen.has(key)) continue
		seen.add(key)
		merged.push(phrase)
	}
	return merged
}
