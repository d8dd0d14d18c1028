/**
 * The generator pages' Spanish texts (the product's agreed wording, verbatim), apart from
 * the schema so the browser can show them without loading zod.
 */
import { LIMIT_MESSAGES } from '~/generation/errors'
import {
	LENGTH_SLIDER,
	MAX_CONTEXT_LENGTH,
	MAX_PHRASE_LENGTH,
	MAX_PROMPT_LENGTH,
} from '~/generation/options'
import { GENERATOR_PAGES, type Page } from './pages'

export const VALIDATION_MESSAGES = {
	prompt: 'Por favor, escribe un prompt para generar frases',
	count: 'Selecciona al menos 1 frase para generar',
	image: 'Por favor, sube una imagen para generar frases',
	imageTooLarge: 'La imagen es demasiado grande. El tamaño máximo es 15MB.',
	imageType: 'Formato de imagen no válido. Usa PNG, JPG o GIF.',
	imageTypeInstagram: 'Formato de imagen no válido. Usa PNG, JPG, GIF o WEBP.',
	length: `La longitud debe estar entre ${LENGTH_SLIDER.min} y ${LENGTH_SLIDER.max} palabras`,
	countOption: 'Elige una cantidad de frases válida',
	promptTooLong: `El tema no puede superar los ${MAX_PROMPT_LENGTH} caracteres`,
	contextTooLong: `El contexto no puede superar los ${MAX_CONTEXT_LENGTH} caracteres`,
	language: 'Elige uno de los idiomas de la lista',
	variant: 'Elige una variante del español de la lista',
	register: 'Elige un trato: cercano o formal',
	type: 'Elige uno de los tipos de frase de la lista',
	option: 'Las opciones avanzadas enviadas no son válidas. Recarga la página e inténtalo de nuevo.',
} as const

/** The wrong-picture message names the types the page takes. */
export function imageTypeMessage(page: Page) {
	const types: readonly string[] = GENERATOR_PAGES[page].imageTypes
	return types.includes('image/webp')
		? VALIDATION_MESSAGES.imageTypeInstagram
		: VALIDATION_MESSAGES.imageType
}

/** What the generator's actions answer with (toasts and refusals). */
export const GENERATOR_MESSAGES = {
	quotaExhausted: LIMIT_MESSAGES.own,
	loginToSave: 'Inicia sesión para guardar frases',
	saved: 'Frase guardada correctamente',
	savedAll: 'Todas las frases fueron guardadas',
	nothingToSave: 'No hay frases para guardar',
	textUpdated: 'Texto actualizado',
	platformApplied: 'Cambios de diseño aplicados',
	batchMissing: 'Esta generación ya no está disponible. Genera frases nuevas cuando quieras.',
	phraseRequired: 'La frase no puede estar vacía',
	phraseTooLong: `La frase no puede superar los ${MAX_PHRASE_LENGTH} caracteres`,
} as const

/**
 * What a generator page says in place of its form while an admin has switched it off, and
 * what a generation posted to it is refused with. Server-side only (the loader sends the
 * text), so it adds nothing to the pages' JavaScript.
 */
export const UNAVAILABLE_MESSAGES: Record<Page, string> = {
	home: 'El generador de frases no está disponible temporalmente. Vuelve a intentarlo más tarde.',
	instagram:
		'El generador de Instagram no está disponible temporalmente. Vuelve a intentarlo más tarde.',
	facebook:
		'El generador de Facebook no está disponible temporalmente. Vuelve a intentarlo más tarde.',
}
