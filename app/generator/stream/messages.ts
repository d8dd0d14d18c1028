/**
 * The Spanish texts of a streamed generation: what the results say while phrases arrive,
 * when it is stopped or breaks off, and why a stream is refused. Loaded with the streaming
 * code, never with the first page.
 */

const phrases = (count: number) =>
	count === 1 ? 'la frase recibida' : `las ${count} frases recibidas`

/** A catalogue message as the first sentence of a longer one. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`)

export const STREAM_MESSAGES = {
	stop: 'Detener',
	waiting: 'Escribiendo frases…',
	/** Read out as each phrase arrives. */
	announce: (number: number, text: string) => `Frase ${number}: ${text}`,
	arriving: (count: number, total: number) => `${count} de ${total} frases recibidas`,
	/** An attempt failed and the next one is on its way. */
	retrying: (reason: string) => `${sentence(reason)} Volviendo a intentarlo…`,
	/** The model failed and the batch was completed with example phrases. */
	filled: (reason: string, count: number) =>
		`${sentence(reason)} El lote se completó con ${count === 1 ? 'una frase' : `${count} frases`} de ejemplo.`,
	stopped: (count: number) =>
		count === 0
			? 'Generación detenida antes de recibir ninguna frase.'
			: `Generación detenida. Se conservan ${phrases(count)}.`,
	/** The generation failed after some phrases had arrived. */
	kept: (reason: string, count: number) => `${sentence(reason)} Se conservan ${phrases(count)}.`,
	openKept: 'Abrir las frases recibidas',
	notStarted: 'No se pudo empezar a generar las frases. Por favor, intenta de nuevo.',
	connectionLost:
		'Se perdió la conexión con el servidor mientras llegaban las frases. Por favor, intenta de nuevo.',
	/** Refusals, before anything is reserved. */
	tooManyOwn: (limit: number) =>
		`Ya tienes ${limit} generaciones en curso. Espera a que termine alguna, o detenla, antes de empezar otra.`,
	tooManyAddress:
		'Hay demasiadas generaciones en curso desde tu conexión a internet (tu red o dirección IP). Espera a que termine alguna antes de empezar otra.',
	notAPage: 'Ese generador no existe.',
	useTheForm: 'Genera las frases desde el formulario del generador.',
} as const
