/**
 * Personalisation: love phrases asked 'para (mi) X' are written for X.
 */

const LOVE_TYPES = new Set(['amor', 'románticas'])

/** Words that make a prompt about love, in the languages visitors are likely to type. */
const LOVE_WORDS =
	/(?<![\p{L}])(amor|amo|ama|enamorad\p{L}*|querid\p{L}*|te\s+quiero|romántic\p{L}*|romantic\p{L}*|romance|novi[oa]s?|pareja|esposos?|esposas?|marido|cariño|corazón|aniversario|san\s+valentín|love|lover|amour|amore)(?![\p{L}])/iu

/** 'para X' or 'para mi X' (also 'para mis'), up to the end of the clause. */
const FOR_WHOM = /(?<![\p{L}])para\s+(mis?\s+)?([^,.;:!?¡¿\n"“”()]+)/iu

/** Words that start a new clause after the recipient: 'para mi novia que está lejos'. */
const CLAUSE_WORDS = new Set(
	'que porque cuando y e o con en por sobre desde a al mientras donde como si'.split(' '),
)

export interface Personalization {
	/** Who the phrases are for, as typed: 'novia', 'esposo Juan', 'Lucía'. */
	recipient: string
	/** Whether the prompt said 'mi'/'mis' before the recipient. */
	possessive: boolean
	/** The prompt's own words: 'mi novia', 'Lucía'. */
	display: string
}

function isLoveRequest(type: string, prompt: string): boolean {
	return LOVE_TYPES.has(type) || LOVE_WORDS.test(prompt)
}

/** Who the phrases should be written for, or null when the rule does not apply. */
export function personalization(type: string, prompt: string): Personalization | null {
	if (!isLoveRequest(type, prompt)) return null
	const match = FOR_WHOM.exec(prompt)
	if (!match) return null
	const possessiveWord = match[1]?.trim()
	const words: string[] = []
	for (const word of match[2]!.trim().split(/\s+/)) {
		if (CLAUSE_WORDS.has(word.toLowerCase()) || words.length === 4) break
		words.push(word)
	}
	const recipient = words.join(' ').replace(/\s+(de|del)$/i, '')
	if (!recipient) return null
	return {
		recipient,
		possessive: Boolean(possessiveWord),
		display: possessiveWord ? `${possessiveWord.toLowerCase()} ${recipient}` : recipient,
	}
}
