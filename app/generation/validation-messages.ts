/**
 * The generation form's messages (the product's agreed texts, verbatim), apart from the
 * schema so the browser can show them without loading zod.
 */
import { LENGTH_SLIDER, MAX_CONTEXT_LENGTH, MAX_PROMPT_LENGTH } from './options'

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
	type: 'Elige uno de los tipos de frase de la lista',
	option: 'Las opciones avanzadas enviadas no son válidas. Recarga la página e inténtalo de nuevo.',
} as const
