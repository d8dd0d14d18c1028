/**
 * The Spanish texts of the tools pages: Nuevas Herramientas and the Instagram and Facebook
 * generators' own API settings. The product's agreed wording is used verbatim where there
 * is one; the rest is ours.
 */
import { PROMPT_PLACEHOLDER } from './limits'

export const toolsMessages = {
	// Nuevas Herramientas: agreed texts.
	toolsTitle: 'Nuevas Herramientas',
	fillAllFields: 'Por favor complete todos los campos',
	toolAdded: 'Herramienta añadida correctamente',
	toolActivated: 'Herramienta activada',
	toolDeactivated: 'Herramienta desactivada',
	toolDeleted: 'Herramienta eliminada',

	// Nuevas Herramientas: ours.
	toolsIntro:
		'Las herramientas que ofrece Frasea. Los tres generadores se pueden desactivar, pero no eliminar: mientras uno está desactivado, su página sigue visible y avisa de que no está disponible.',
	toolsList: 'Herramientas',
	toolsLoadError: 'No se pudieron cargar las herramientas.',
	noTools: 'Todavía no hay herramientas.',
	columnName: 'Nombre',
	columnDescription: 'Descripción',
	columnEndpoint: 'Dirección',
	columnModel: 'Modelo',
	columnStatus: 'Estado',
	columnActions: 'Acciones',
	serviceModel: 'Modelo del servicio',
	active: 'Activa',
	inactive: 'Inactiva',
	activate: 'Activar',
	deactivate: 'Desactivar',
	delete: 'Eliminar',
	activateLabel: (name: string) => `Activar ${name}`,
	deactivateLabel: (name: string) => `Desactivar ${name}`,
	deleteLabel: (name: string) => `Eliminar ${name}`,
	generatorNote: 'Generador: solo se puede desactivar',
	confirmDeleteTitle: '¿Eliminar esta herramienta?',
	confirmDeleteBody: (name: string) =>
		`«${name}» desaparecerá de la lista de herramientas. Esta acción no se puede deshacer.`,
	confirmDelete: 'Eliminar herramienta',
	generatorUndeletable:
		'Los generadores no se pueden eliminar. Desactívalo si no quieres que se use.',
	toolNotFound: 'Esa herramienta no existe (puede que ya se haya eliminado).',
	badToolForm: 'La acción enviada no es válida. Recarga la página e inténtalo de nuevo.',
	writeError: 'No se pudo guardar el cambio. Inténtalo de nuevo.',
	addTitle: 'Añadir herramienta',
	name: 'Nombre',
	description: 'Descripción',
	endpoint: 'Dirección',
	endpointHint: 'Una ruta del sitio que empiece por «/» (por ejemplo /hashtags) o una URL http(s).',
	model: 'Modelo',
	modelOptional: 'Modelo (opcional)',
	add: 'Añadir herramienta',
	adding: 'Añadiendo…',
	nameTooLong: (max: number) => `El nombre no puede superar los ${max} caracteres`,
	descriptionTooLong: (max: number) => `La descripción no puede superar los ${max} caracteres`,
	endpointTooLong: (max: number) => `La dirección no puede superar los ${max} caracteres`,
	endpointInvalid:
		'La dirección debe ser una ruta del sitio que empiece por «/» o una URL que empiece por http:// o https://',
	unknownModel: 'Elige un modelo de la lista',

	// The generators' own settings: agreed texts.
	instagramTitle: 'Configuración de la API del generador de Instagram',
	facebookTitle: 'Configuración de la API de frases de Facebook',
	saved: 'Configuración guardada correctamente',
	templateNeedsPrompt: `La plantilla debe incluir ${PROMPT_PLACEHOLDER}`,
	keyRequired: 'Por favor, ingresa una API key válida',
	testNeedsUrlAndKey: 'Por favor, completa la URL de la API y la clave API',
	testOk: 'Conexión correcta: la API respondió con datos.',
	testEmpty: 'La API respondió, pero no se recibieron datos esperados',
	testUnreachable: 'No se pudo conectar con la API. Comprueba la URL.',
	apiError: (message: string) => `Error de la API: ${message}`,

	// The generators' own settings: ours.
	instagramIntro:
		'Lo que se guarda aquí solo cambia el generador de /instagram; el resto del sitio sigue con la configuración del servicio.',
	facebookIntro:
		'La dirección, la clave y el modelo que usa el generador de /facebook en lugar de los del servicio.',
	settingsLoadError: 'No se pudo cargar la configuración.',
	nameRequired: 'Escribe un nombre',
	descriptionRequired: 'Escribe una descripción',
	generatorActive: 'Activa',
	generatorActiveHint: 'Desactivada, la página sigue visible pero no genera frases.',
	apiKey: 'Clave API propia',
	apiKeyHint: 'Déjala vacía para conservar la clave guardada.',
	apiKeyFacebook: 'Clave API',
	apiKeyFacebookHint: 'Obligatoria: todavía no hay ninguna clave guardada para esta página.',
	apiKeyFacebookStoredHint:
		'Déjala vacía para conservar la clave guardada; si cambias la URL, escríbela de nuevo.',
	keyForNewUrl:
		'Has cambiado la URL de la API: escribe la clave API que se usará con ella (la guardada solo se envía a la URL con la que se guardó).',
	testKeyForOtherUrl:
		'La clave guardada solo se envía a la URL con la que se guardó. Para probar otra URL, escribe su clave API.',
	keyTooLong: 'La clave es demasiado larga',
	keyInForce: 'Clave en uso',
	keyOwn: (masked: string) => `${masked} (guardada en esta página)`,
	keyService: (masked: string, source: string) => `${masked}, la del servicio (${source})`,
	keyModel: (masked: string) => `${masked}, la que lleva la URL del modelo elegido`,
	keyOwnIdle: (masked: string, boundTo: string, now: string | null) =>
		`La clave guardada en esta página (${masked}) no se usa: solo se envía a ${boundTo}, la dirección con la que se guardó, y ${now ? `ahora las frases se piden a ${now}` : 'ahora responde el motor sin conexión'}. Escribe la clave para la dirección en uso o quítala.`,
	keyOwnUnbound: (masked: string) =>
		`La clave guardada en esta página (${masked}) no se usa: se guardó sin la dirección a la que pertenece. Escríbela de nuevo.`,
	keyNone: 'ninguna: sin una clave, las frases las compone el motor sin conexión',
	removeKey: 'Quitar clave',
	keyRemoved: 'Clave eliminada: se usa la del servicio',
	serviceModelOption: (name: string) => `Modelo del servicio (${name})`,
	offlineEngine: 'motor sin conexión',
	template: 'Plantilla de instrucciones',
	templateHint: `${PROMPT_PLACEHOLDER} se sustituye por el tema o el contexto que escribe el visitante.`,
	templateTooLong: (max: number) => `La plantilla no puede superar los ${max} caracteres`,
	includeSystemPrompt: 'Incluir instrucciones del sistema',
	includeSystemPromptHint:
		'Tras tu plantilla van nuestras reglas de número de frases, longitud e idioma; sin ellas, el modelo recibe solo la plantilla.',
	temperature: 'Temperatura',
	temperatureSlider: 'Temperatura (deslizador)',
	temperatureInvalid: 'La temperatura debe estar entre 0 y 1, en pasos de 0,1',
	maxTokens: 'Máximo de tokens',
	maxTokensInvalid: 'El máximo de tokens debe ser un número entero entre 1 y 2048',
	topP: 'Top P',
	topPSlider: 'Top P (deslizador)',
	topPInvalid: 'Top P debe estar entre 0,1 y 1, en pasos de 0,05',
	save: 'Guardar configuración',
	saving: 'Guardando…',
	reset: 'Restablecer',
	resetHint: 'Borra lo guardado en esta página: vuelve a aplicarse la configuración del servicio.',
	resetDone: 'Configuración restablecida: se aplica la del servicio',
	nothingSaved: 'No hay nada guardado: se aplica la configuración del servicio.',
	apiUrl: 'URL de la API',
	apiUrlHint:
		'La dirección de una API compatible con Gemini, por ejemplo https://generativelanguage.googleapis.com',
	apiUrlRequired: 'Por favor, ingresa la URL de la API',
	apiUrlInvalid:
		'La URL debe empezar por http:// o https:// y no llevar usuario, contraseña, parámetros ni #',
	apiUrlTooLong: (max: number) => `La URL no puede superar los ${max} caracteres`,
	test: 'Probar conexión',
	testing: 'Probando…',
	testResult: 'Resultado de la prueba',
	testExcerpt: 'Respuesta',
	testLimited: (seconds: number) =>
		`Demasiadas pruebas seguidas. Espera ${seconds} s antes de volver a probar.`,
	saveError: 'No se pudo guardar la configuración. Inténtalo de nuevo.',
} as const
