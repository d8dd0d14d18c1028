/** The ad slot's and its admin page's Spanish texts. */
export const adsMessages = {
	pageTitle: 'Publicidad',
	pageIntro:
		'Un bloque de anuncios al final de la página de inicio, debajo del generador. Está desactivado mientras no lo actives aquí.',
	enabled: 'Mostrar anuncios',
	enabledInvalid: 'El valor de «Mostrar anuncios» no es válido.',
	clientId: 'ID de cliente (editor)',
	clientIdHint: 'Por ejemplo, ca-pub-1234567890123456. Déjalo vacío para usar ADS_CLIENT_ID.',
	clientIdInvalid:
		'El ID de cliente debe tener la forma ca-pub- seguida de 10 a 20 cifras (por ejemplo, ca-pub-1234567890123456).',
	clientIdMissing:
		'Para mostrar anuncios hace falta un ID de cliente: escríbelo aquí o define ADS_CLIENT_ID.',
	slot: 'ID del bloque de anuncios',
	slotHint: 'Solo cifras (de 1 a 20).',
	slotInvalid: 'El ID del bloque de anuncios solo puede tener cifras (de 1 a 20).',
	slotMissing: 'Para mostrar anuncios hace falta el ID del bloque de anuncios.',
	inForce: 'En uso',
	noClientId: 'ninguno',
	statusOn: 'Los anuncios se muestran al final de la página de inicio.',
	statusOff: 'Los anuncios están desactivados.',
	statusIncomplete:
		'Los anuncios están activados, pero no se muestran: falta el ID de cliente o el del bloque.',
	save: 'Guardar',
	saving: 'Guardando...',
	saved: 'Configuración de anuncios guardada',
	saveError: 'No se pudo guardar la configuración de anuncios. Inténtalo de nuevo.',
	loadError: 'No se pudo cargar la configuración de anuncios.',
} as const
