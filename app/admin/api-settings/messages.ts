/**
 * The Spanish texts of Configuración API (/admin/api-settings). The product's agreed
 * wording is used verbatim where there is one; the rest is ours.
 */
export const apiSettingsMessages = {
	// The product's agreed texts, verbatim.
	pageTitle: 'Configuración de la API del generador de frases',
	keyTab: 'API Key',
	modelsTab: 'Modelos',
	testTab: 'Prueba',
	advancedTab: 'Configuración Avanzada',
	keyEmpty: 'La API Key no puede estar vacía',
	keySaved: 'API Key guardada correctamente',
	keyReset: 'API Key restablecida',
	saved: 'Configuración guardada correctamente',
	fillAll: 'Por favor completa todos los campos',
	urlNeedsKey: "La URL del modelo debe incluir '?key=' al final",
	modelAdded: 'Modelo añadido correctamente',
	promptEmpty: 'Introduce un prompt para probar',
	testOk: 'Frase generada correctamente',
	generationError: 'Error en la generación',
	limitsSaved: 'Límites guardados correctamente',

	// Ours.
	pageIntro:
		'Qué modelo de IA escribe las frases, con qué clave y parámetros, y cuántas generaciones se permiten al día.',
	tabs: 'Secciones de la configuración',
	loadError: 'No se pudo cargar la configuración. Vuelve a intentarlo en unos segundos.',
	saveError: 'No se pudo guardar el cambio. Vuelve a intentarlo.',
	badForm: 'El formulario no es válido. Recarga la página y vuelve a intentarlo.',
	inUse: 'En uso',
	inUseTitle: 'En uso ahora',
	source: (label: string) => `(${label})`,
	providerLabels: {
		gemini: 'Gemini (Google)',
		openai: 'Compatible con OpenAI (Ollama, LM Studio, vLLM…)',
		offline: 'Sin conexión (motor integrado)',
	},
	providerShort: {
		gemini: 'Gemini',
		openai: 'Compatible con OpenAI',
		offline: 'Motor sin conexión',
	},
	providerChosen: 'Proveedor elegido',
	answering: 'Responde',
	offlineAnswers:
		'el motor sin conexión de Frasea (plantillas propias, sin llamadas a ningún servicio)',
	incomplete: (provider: string, missing: string) =>
		`Has elegido ${provider}, pero falta ${missing}; mientras tanto responde el motor sin conexión.`,
	missingGeminiKey: 'la API Key de Gemini',
	missingGeminiKeyHere: 'una API Key de Gemini para la dirección en uso',
	missingModelKey:
		'una clave para la dirección del modelo en uso (añádelo con la clave en su URL, o elige otro)',
	missingOpenAIBase: 'la dirección del servidor compatible con OpenAI',
	missingOpenAIModel: 'el modelo (elígelo en la pestaña Modelos)',
	and: ' y ',
	modelInForce: 'Modelo',
	providerTitle: 'Proveedor',
	providerLegend: 'Proveedor de IA',
	saveProvider: 'Guardar proveedor',
	resetProvider: 'Restablecer',
	resetProviderHint: 'Vuelve al proveedor que indica el entorno del servidor.',
	geminiTitle: 'Gemini (Google)',
	apiKey: 'API Key',
	apiKeyOptional: 'API Key (opcional)',
	keyInForce: (masked: string, source: string) => `Clave en uso: ${masked} (${source})`,
	noKey: 'Ninguna clave configurada.',
	keyHint:
		'Por seguridad nunca se muestra la clave guardada; escribe una nueva para cambiarla. Se guarda para la dirección en uso y solo se envía a ella.',
	keyIdle: (masked: string, source: string, address: string | null) =>
		address
			? `La clave ${masked} (${source}) es de ${address} y no se envía a la dirección en uso.`
			: `La clave ${masked} (${source}) se guardó sin dirección y no se envía a ninguna: escríbela de nuevo.`,
	addressKey: 'API Key para esta dirección (opcional)',
	addressKeyHint:
		'Cada clave solo se envía a la dirección con la que se guardó: si cambias la dirección, escribe aquí la clave que se usará con ella.',
	keyForNewAddress:
		'La API Key guardada solo se envía a la dirección con la que se guardó: escribe la API Key que se usará con esta dirección.',
	openaiKeyForNewAddress:
		'La API Key guardada solo se envía a la dirección con la que se guardó: escribe la API Key que se usará con esta dirección, o quítala con «Restablecer clave» si el servidor no la necesita.',
	addressResetKeyStays:
		'Dirección restablecida. La API Key guardada es de la dirección anterior y no se envía a la del entorno.',
	saveKey: 'Guardar API Key',
	resetKey: 'Restablecer clave',
	resetAddress: 'Restablecer dirección',
	geminiBaseUrl: 'Dirección de la API (opcional)',
	geminiBaseUrlHint: (value: string, source: string) =>
		`Vacía: la del entorno o la predeterminada. En uso: ${value} (${source}).`,
	saveAddress: 'Guardar dirección',
	openaiTitle: 'Servidor compatible con OpenAI',
	openaiBaseUrl: 'Dirección del servidor',
	openaiBaseUrlHint: (current: string) =>
		`Por ejemplo http://127.0.0.1:11434/v1 para Ollama. En uso: ${current}.`,
	openaiKeyHint:
		'Solo si el servidor la pide. Vacía: se mantiene la clave actual, que solo se envía a la dirección con la que se guardó.',
	openaiModelHint: 'El modelo se elige en la pestaña Modelos.',
	saveOpenAI: 'Guardar servidor',
	none: 'ninguna',
	urlInvalid: 'Escribe una dirección que empiece por http:// o https://',
	urlRequired: 'Escribe la dirección del servidor (http:// o https://)',
	keyTooLong: 'La clave es demasiado larga',
	saving: 'Guardando…',

	// Modelos.
	modelsTitle: (provider: string) => `Modelos de ${provider}`,
	modelsOffline:
		'El motor sin conexión no usa modelos. Elige Gemini o un servidor compatible con OpenAI en la pestaña API Key para configurarlos.',
	noModels: 'Todavía no has añadido modelos para este proveedor.',
	defaultInForce: (model: string, source: string) => `${model} (${source})`,
	noDefault: 'Ningún modelo elegido: elige uno de la lista para que responda este proveedor.',
	modelInUseNow: 'Modelo en uso',
	columnName: 'Nombre',
	columnModel: 'Modelo',
	columnUrl: 'URL personalizada',
	columnActions: 'Acciones',
	noCustomUrl: '—',
	useModel: 'Usar este modelo',
	useModelLabel: (name: string) => `Usar el modelo ${name}`,
	removeModel: 'Eliminar',
	removeModelLabel: (name: string) => `Eliminar el modelo ${name}`,
	confirmRemoveTitle: '¿Eliminar este modelo?',
	confirmRemoveBody: (name: string, inUse: boolean) =>
		inUse
			? `Se eliminará «${name}», que es el modelo en uso: se volverá al modelo predeterminado del proveedor.`
			: `Se eliminará «${name}» de la lista.`,
	confirmRemove: 'Eliminar modelo',
	modelSelected: (name: string) => `Modelo seleccionado: ${name}`,
	modelRemoved: 'Modelo eliminado correctamente',
	modelRemovedFallback: (model: string) =>
		`Modelo eliminado. Se usa el modelo predeterminado: ${model}`,
	modelNotFound: 'El modelo no existe.',
	fetchModels: 'Consultar modelos del proveedor',
	providerModelsTitle: 'Modelos del proveedor',
	providerModelsEmpty: 'El proveedor no ofrece ningún modelo.',
	providerModelsNeedsConfig:
		'Para consultar los modelos, completa antes la configuración del proveedor en la pestaña API Key.',
	providerModelsError: (reason: string) => `No se pudieron consultar los modelos: ${reason}`,
	addModel: 'Añadir',
	addModelLabel: (id: string) => `Añadir ${id}`,
	alreadyListed: 'Ya está en tu lista',
	modelIdInvalid:
		'El identificador del modelo no es válido (letras, números y . _ : / -, hasta 128 caracteres).',
	duplicateName: 'Ya existe un modelo con ese nombre',
	duplicateModel: 'Ese modelo ya está en la lista',
	customTitle: 'Modelo personalizado',
	customIntro:
		'Pega la URL completa de generateContent de Gemini; la clave que lleve se guarda cifrada, nunca se muestra y solo se envía a esa dirección. Sin clave en la URL se usa la API Key de Gemini, solo si es de la misma dirección.',
	customName: 'Nombre',
	customUrl: 'URL del modelo',
	customUrlHint: 'https://…/v1beta/models/<modelo>:generateContent?key=<tu clave>',
	customUrlShape:
		'La URL no tiene la forma esperada: https://…/v1beta/models/<modelo>:generateContent?key=… (la clave puede ir vacía para usar la de Gemini, si es de la misma dirección)',
	nameTooLong: 'El nombre no puede superar los 100 caracteres',
	urlTooLong: 'La URL es demasiado larga',
	addCustom: 'Añadir modelo',
	customOnlyGemini:
		'Los modelos personalizados por URL son de Gemini: elige Gemini para añadirlos.',

	// Prueba.
	testTitle: 'Probar el proveedor en uso',
	testPrompt: 'Prompt de prueba',
	promptTooLong: (max: number) => `El prompt no puede superar los ${max} caracteres`,
	runTest: 'Probar',
	running: 'Generando…',
	response: 'Respuesta',
	answeredBy: (provider: string, model: string) => `Respondió: ${provider} · ${model}`,
	answeredOffline: 'Respondió el motor sin conexión de Frasea (no se llamó a ningún servicio).',
	errorPrefix: (detail: string) => `Error: ${detail}`,
	testTimeout: 'El proveedor no respondió en 30 segundos.',
	testUnavailable: 'No se pudo conectar con el proveedor.',
	testAborted: 'La prueba se canceló.',
	testRateLimited:
		'Has hecho demasiadas pruebas en poco tiempo. Espera un minuto y vuelve a intentarlo.',

	// Configuración Avanzada.
	advancedTitle: 'Parámetros de generación',
	advancedInForce: (source: string) => `Valores en uso: ${source}.`,
	advancedBuiltIn:
		'No hay valores guardados: cada generador usa sus parámetros integrados. Los de abajo son los predeterminados de este formulario.',
	temperature: 'Temperatura',
	topP: 'Top P',
	maxTokens: 'Máximo de tokens',
	enhanceQuality: 'Mejorar calidad',
	rangeError: (min: number, max: number, step: number) =>
		`Debe ser un número entre ${min} y ${max}, en pasos de ${step}`,
	saveAdvanced: 'Guardar configuración',
	resetAdvanced: 'Restablecer valores predeterminados',
	advancedReset: 'Valores predeterminados restablecidos',
	limitsTitle: 'Límites diarios de generación',
	limitsIntro:
		'Deja un campo vacío para usar el valor del entorno. Los contadores se reinician cada día.',
	limitLabels: {
		anon: 'Visitantes sin cuenta (por visitante)',
		user: 'Usuarios registrados (por usuario)',
		ip: 'Por dirección IP',
		global: 'Todo el servicio (0 = sin límite)',
	},
	limitInForce: (value: string, source: string) => `En uso: ${value} (${source})`,
	noLimit: 'sin límite',
	limitRange: (min: number, max: number) =>
		`Escribe un número entero entre ${min} y ${max}, o déjalo vacío`,
	saveLimits: 'Guardar límites',
} as const
