/**
 * The generation form's messages (the product's agreed texts, verbatim), apart from the
 * schema so the browser can show them without loading zod.
 */
import { LENGTH_SLIDER } from './options'

export const VALIDATION_MESSAGES = {
	prompt: 'Por favor, escribe un prompt para generar frases',
	count: 'Selecciona al menos 1 frase para generar',
	image: 'Por favor, sube una imagen para generar frases',
	imageTooLarge: 'La imagen es demasiado grande. El tamaño máximo es 15MB.',
	imageType: 'Formato de imagen no válido. Usa PNG, JPG o GIF.',
	imageTypeInstagram: 'Formato de imagen no válido. Usa PNG, JPG, GIF o WEBP.',
	length: `La longitud debe estar entre ${LENGTH_SLIDER.min} y ${LENGTH_SLIDER.max} palabras`,
	countOption: 'Elige una cantidad de frases válida',
} as const
