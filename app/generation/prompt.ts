/**
 * The instruction text sent to a model, one implementation parameterised by page.
 * Instructions are written in Spanish whatever the output language: the model is told
 * which language to answer in.
 */
import { type GenerationBrief } from './brief'
import { DEFAULT_TIME_ZONE, getLanguage, HASHTAGS_PER_PHRASE, phraseTypeWords } from './options'
import { spanishLines, variantName } from './spanish-instruction'

/** 'sábado, 21 de noviembre de 2026' in the given time zone. */
export function formatSpanishDate(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
	return new Intl.DateTimeFormat('es-ES', {
		weekday: 'long',
		day: 'numeric',
		month: 'long',
		year: 'numeric',
		timeZone,
	}).format(now)
}

/** 'frases motivacionales', 'frases de amor', or just 'frases' without a type. */
export function phraseNoun(type: string): string {
	const words = type ? phraseTypeWords(type) : ''
	return words ? `frases ${words}` : 'frases'
}

const PAGE_PURPOSE = {
	home: 'Las frases son para compartir en redes sociales y convertirlas en imágenes.',
	instagram:
		'Las frases son para publicaciones de Instagram: atractivas, auténticas y fáciles de compartir.',
	facebook:
		'Las frases son para publicaciones de Facebook: cercanas y pensadas para que la gente comente y comparta.',
} as const

/** The language, and for Spanish the variety and the register. */
function languageLines(brief: GenerationBrief): string[] {
	const language = getLanguage(brief.languageValue)
	return [
		`Escribe todas las frases en ${language.name} (${language.code}).`,
		...(brief.spanish ? spanishLines(brief.spanish) : []),
	]
}

function formatLines(brief: GenerationBrief): string[] {
	const lines = [
		`Cada frase debe tener aproximadamente entre ${brief.words.min} y ${brief.words.max} palabras.`,
		'Escribe una sola frase por línea.',
		'No incluyas ninguna introducción, título, explicación ni comentario: responde solo con las frases.',
		'No numeres las frases ni uses viñetas, guiones ni comillas.',
	]
	if (brief.emojis) {
		lines.push(
			`Incluye entre ${brief.emojis.min} y ${brief.emojis.max} emojis relevantes en cada frase.`,
		)
	} else {
		lines.push('No incluyas emojis.')
	}
	if (brief.hashtags) {
		lines.push(
			`Incluye exactamente ${HASHTAGS_PER_PHRASE} hashtags relevantes al final de cada frase.`,
		)
	} else {
		lines.push('No incluyas hashtags.')
	}
	if (brief.date) {
		lines.push(
			`Menciona de forma natural la fecha de hoy, ${formatSpanishDate(brief.date, brief.timeZone)}, en cada frase.`,
		)
	}
	return lines
}

function subjectLines(brief: GenerationBrief): string[] {
	const noun = phraseNoun(brief.type)
	const count = `exactamente ${brief.count} ${noun} distintas`
	if (brief.image) {
		const lines = [
			`Observa la imagen adjunta y genera ${count} basadas en lo que muestra la imagen.`,
		]
		if (brief.context) lines.push(`Ten en cuenta este contexto adicional: "${brief.context}".`)
		if (brief.prompt) lines.push(`Tema indicado por el usuario: "${brief.prompt}".`)
		return lines
	}
	return [`Genera ${count} sobre el siguiente tema: "${brief.prompt}".`]
}

function personalizationLine(brief: GenerationBrief): string[] {
	const who = brief.personalization
	if (!who) return []
	return [
		`Personaliza las frases para ${who.display}: dirígelas directamente a esa persona, con cariño y de forma específica.`,
	]
}

/** The full instruction for a page and request. */
export function buildInstruction(brief: GenerationBrief): string {
	return [
		...subjectLines(brief),
		PAGE_PURPOSE[brief.page],
		...languageLines(brief),
		...personalizationLine(brief),
		...formatLines(brief),
	].join('\n')
}

/** What an admin configured about the instruction (see app/settings/ai-config.server.ts). */
export interface InstructionSettings {
	/** Contains `{{prompt}}`, replaced by what the visitor typed. */
	template?: { text: string; includeSystemPrompt: boolean }
	/** Asks the model for extra care: wording, originality, no clichés. */
	enhanceQuality?: boolean
}

const QUALITY_LINE =
	'Cuida especialmente la calidad: frases originales, naturales y bien escritas, sin tópicos ni repeticiones, con la ortografía y la puntuación correctas.'

/**
 * The instruction with what an admin configured: the template first (the visitor's words in
 * place of `{{prompt}}`), then, unless the template stands alone, our own instruction.
 */
export function buildConfiguredInstruction(
	brief: GenerationBrief,
	settings: InstructionSettings = {},
): string {
	const own = buildInstruction(brief)
	const withQuality = settings.enhanceQuality ? `${own}\n${QUALITY_LINE}` : own
	const template = settings.template
	if (!template) return withQuality
	const typed = brief.prompt || brief.context || ''
	const rendered = template.text.replaceAll('{{prompt}}', typed)
	if (!template.includeSystemPrompt) {
		return settings.enhanceQuality ? `${rendered}\n${QUALITY_LINE}` : rendered
	}
	return `${rendered}\n\n${withQuality}`
}

/**
 * The instruction after a content-policy refusal: the visitor's own words, which most
 * likely caused it, are left out and the tone is asked to stay positive.
 */
export function buildSimplifiedInstruction(brief: GenerationBrief): string {
	const noun = phraseNoun(brief.type)
	const subject = brief.image
		? `Observa la imagen adjunta y genera exactamente ${brief.count} ${noun} distintas, positivas y respetuosas, inspiradas en ella.`
		: `Genera exactamente ${brief.count} ${noun} distintas, positivas y respetuosas, aptas para todo público.`
	return [subject, ...languageLines(brief), ...formatLines(brief)].join('\n')
}

/**
 * Added to the instruction after an answer came back (mostly, or partly) in another
 * language: the model is told plainly what went wrong and what the only acceptable
 * language is, whatever language the topic, the brands or the image are in.
 */
export function languageReminder(brief: GenerationBrief): string {
	const language = getLanguage(brief.languageValue)
	const name = brief.spanish
		? `${variantName(brief.spanish.variant)} (${language.code})`
		: `${language.name} (${language.code})`
	return `IMPORTANTE: tu respuesta anterior no estaba en ${language.name}. Escribe absolutamente todas las frases en ${name}, aunque el tema, las marcas o la imagen estén en otro idioma. No escribas ninguna frase en otro idioma ni añadas traducciones.`
}
