import { UPLOAD_QUOTA, megabytes } from './limits'

/** Every Spanish text of the card feature's toasts and states, in one place. */
export const CARD_MESSAGES = {
	uploaded: 'Imagen de fondo subida correctamente',
	uploadRemoved: 'Imagen de fondo eliminada',
	designApplied: 'Cambios de diseño aplicados',
	downloaded: 'Imagen descargada correctamente',
	downloadFailed: 'Error al descargar la imagen',
	notReady: 'La imagen aún se está generando, espera un momento',
	creating: 'Creando fondo personalizado...',
	slow: 'Está tardando más de lo habitual. Seguimos creando tu fondo...',
	loadFailed: 'Error al cargar imagen',
	retry: 'Reintentar',
	customBackground: 'Usando fondo personalizado',
	uploadGone: 'El fondo personalizado ya no está disponible: volvemos al fondo generado.',
	batchMissing: 'Esta generación ya no está disponible. Genera frases nuevas cuando quieras.',
	liked: 'Te gusta esta frase. Nos ayuda a saber qué modelos escriben mejor.',
	unliked: 'Ya no marcas esta frase con «Me gusta».',
	handleSwitch: (handle: string) => `Mostrar mi firma (${handle}) en esta tarjeta`,
	handleHint: 'Tu firma y su esquina se cambian en Configuración, en «Tu marca».',
} as const

/** Why a card image route refused a request (plain text, next to a 403, 429 or 503). */
export const CARD_GUARD_MESSAGES = {
	signatureMissing:
		'Falta la firma de la imagen: usa los enlaces de la página de tu generación de frases.',
	signatureInvalid:
		'La firma de la imagen no es válida: la dirección se ha modificado. Vuelve a la página de tus frases.',
	rateLimited:
		'Has pedido demasiadas imágenes nuevas en poco tiempo. Espera un momento y vuelve a intentarlo.',
	busy: 'El servidor está generando muchas imágenes ahora mismo. Vuelve a intentarlo en unos segundos.',
} as const

/** Upload refusals shown next to the file field. */
export const UPLOAD_LIMIT_MESSAGES = {
	busy: 'El servidor está procesando muchas imágenes ahora mismo. Vuelve a intentarlo en unos segundos.',
	addressDaily: (limit: number) =>
		`Se ha alcanzado el límite de ${limit} imágenes subidas hoy desde tu conexión a internet (tu red o dirección IP). Podrás subir más a partir de las 00:00 (hora de España).`,
	quota(signedIn: boolean) {
		const quota = signedIn ? UPLOAD_QUOTA.user : UPLOAD_QUOTA.anonymous
		const limit = `${quota.files} fondos o ${megabytes(quota.bytes)} MB`
		return signedIn
			? `Has llegado al máximo de fondos guardados (${limit}). Quita con «Quitar» los que ya no uses; los que no uses en 30 días se borran solos.`
			: `Has llegado al máximo de fondos subidos sin cuenta (${limit}). Quita con «Quitar» los que ya no uses, espera a que caduquen (24 horas) o inicia sesión para guardar más.`
	},
} as const
