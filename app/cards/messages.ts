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
} as const
