/**
 * Placeholder phrases that fill a batch when the model returned fewer phrases than asked
 * for after every attempt.
 */
import { type GenerationBrief } from './brief'
import { pickHashtags, toHashtag } from './hashtags'
import { type Page } from '~/generator/pages'
import { formatSpanishDate } from './prompt'

const PLACEHOLDER_EMOJIS = ['✨', '💡', '🌟']

/** What the visitor asked about: the topic, the image context, or the image itself. */
function userContent(brief: GenerationBrief): string {
	return brief.prompt || brief.context || 'la imagen'
}

function placeholderText(page: Page, index: number, content: string): string {
	switch (page) {
		case 'home':
			return `Idea ${index} sobre ${content}`
		case 'instagram':
			return `Idea ${index} para Instagram sobre ${content}`
		case 'facebook':
			return `Frase para Facebook #${index}`
	}
}

/** Placeholder `index` (1-based position in the batch) with the brief's options applied. */
function placeholderPhrase(brief: GenerationBrief, index: number): string {
	const content = userContent(brief)
	let phrase = placeholderText(brief.page, index, content)
	if (brief.date) phrase += ` (${formatSpanishDate(brief.date, brief.timeZone)})`
	if (brief.emojis) phrase += ` ${PLACEHOLDER_EMOJIS.slice(0, brief.emojis.min).join(' ')}`
	if (brief.hashtags) {
		const pageTag =
			brief.page === 'home' ? '#Frases' : `#${brief.page[0]!.toUpperCase()}${brief.page.slice(1)}`
		phrase += ` ${pickHashtags([toHashtag(content), pageTag], ['#Ideas', '#Inspiración', '#Frases'], 3).join(' ')}`
	}
	return phrase
}

/** `phrases` completed with placeholders up to the brief's count, cut to count. */
export function fillWithPlaceholders(brief: GenerationBrief, phrases: string[]): string[] {
	const filled = phrases.slice(0, brief.count)
	while (filled.length < brief.count) filled.push(placeholderPhrase(brief, filled.length + 1))
	return filled
}
