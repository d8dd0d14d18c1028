/**
 * Typed provider errors and the catalogue that turns them into the product's agreed
 * Spanish texts, with each page's variant. Several messages come in two wordings without
 * a page assigned to either; Instagram takes the shorter quota and key texts (the shorter
 * quota text is the one tied to Instagram) and Facebook the shorter empty-text one.
 */
import type { Page } from '~/generator/pages'

export const PROVIDER_ERROR_KINDS = [
	'quota',
	'auth',
	'blocked',
	'not_found',
	'unavailable',
	'bad_response',
	'timeout',
	'aborted',
] as const
export type ProviderErrorKind = (typeof PROVIDER_ERROR_KINDS)[number]

export class ProviderError extends Error {
	readonly kind: ProviderErrorKind
	/** HTTP status, when the provider answered. */
	readonly status?: number
	/** RetryInfo.retryDelay (Gemini) or Retry-After, in milliseconds. */
	readonly retryAfterMs?: number
	/** The model asked for, for messages about unknown models. */
	readonly model?: string
	/** The provider's own message, for logs. */
	readonly detail?: string

	constructor(
		kind: ProviderErrorKind,
		options: {
			status?: number
			retryAfterMs?: number
			model?: string
			detail?: string
			cause?: unknown
		} = {},
	) {
		super(options.detail ? `${kind}: ${options.detail}` : kind, { cause: options.cause })
		this.name = 'ProviderError'
		this.kind = kind
		this.status = options.status
		this.retryAfterMs = options.retryAfterMs
		this.model = options.model
		this.detail = options.detail
	}
}

export function isProviderError(error: unknown): error is ProviderError {
	return error instanceof ProviderError
}

/** Failures of a whole generation, after retries, as shown to the visitor. */
export type GenerationErrorKind =
	| ProviderErrorKind
	| 'empty_text'
	| 'empty_result'
	| 'exhausted'
	| 'image'
	| 'unknown'
	/** The service's daily ceiling on provider calls stopped the generation. */
	| 'global_limit'
	/** Every answer was mostly in another language than the one asked for. */
	| 'wrong_language'

export class GenerationError extends Error {
	readonly kind: GenerationErrorKind
	/** The shorter text for a toast, when there is one. */
	readonly toast: string

	constructor(
		kind: GenerationErrorKind,
		message: string,
		options: { toast?: string; cause?: unknown } = {},
	) {
		super(message, { cause: options.cause })
		this.name = 'GenerationError'
		this.kind = kind
		this.toast = options.toast ?? message
	}
}

const QUOTA_LONG =
	'Se ha excedido el límite de cuota de la API. Por favor, intenta más tarde o cambia a otro modelo en la configuración de administrador.'
const QUOTA_SHORT = 'Se ha excedido el límite de cuota de la API. Por favor, intenta más tarde.'
const AUTH_LONG =
	'Clave de API inválida. Por favor, verifica la clave API en la configuración de administrador.'
const AUTH_SHORT = 'Clave de API inválida. Por favor, verifica la clave API en configuración.'
const EMPTY_TEXT_LONG = 'No se pudo generar contenido. Por favor, intenta con un prompt diferente.'
const EMPTY_TEXT_SHORT = 'No se pudo generar contenido. Por favor, intenta con otro prompt.'

export const MESSAGES = {
	blocked: 'El prompt contiene contenido no permitido. Por favor, intenta con un prompt diferente.',
	emptyResult: 'No se pudieron generar frases. Intenta con otro prompt o modelo.',
	emptyResultToast: 'No se pudieron generar frases. Intenta con otro prompt.',
	generic: 'Error al generar frases. Por favor intenta de nuevo.',
	exhausted:
		'No se pudieron generar frases después de varios intentos. Por favor, intenta de nuevo.',
	image: 'Error al procesar la imagen. Por favor, intenta con otra imagen.',
	timeout: 'El modelo de IA tardó demasiado en responder. Por favor, intenta de nuevo.',
	aborted: 'La generación se canceló.',
} as const

const PAGE_MESSAGES = {
	home: { quota: QUOTA_LONG, auth: AUTH_LONG, emptyText: EMPTY_TEXT_LONG },
	instagram: { quota: QUOTA_SHORT, auth: AUTH_SHORT, emptyText: EMPTY_TEXT_LONG },
	facebook: { quota: QUOTA_LONG, auth: AUTH_LONG, emptyText: EMPTY_TEXT_SHORT },
} as const satisfies Record<Page, { quota: string; auth: string; emptyText: string }>

/** How a provider is named in 'Error al llamar a la API de {provider}'. */
const PROVIDER_LABELS: Record<string, string> = {
	gemini: 'Gemini',
	openai: 'OpenAI',
	offline: 'Frasea (sin conexión)',
}

function providerLabel(providerId: string): string {
	return PROVIDER_LABELS[providerId] ?? providerId
}

/** 'Error al llamar a la API de Gemini'; Facebook has its own wording. */
function callFailedMessage(page: Page, providerId: string): string {
	return page === 'facebook'
		? 'Error al llamar a la API para generar frases de Facebook'
		: `Error al llamar a la API de ${providerLabel(providerId)}`
}

function unknownModelMessage(model: string): string {
	return `El modelo «${model}» no existe o ya no está disponible en el proveedor de IA. Elige otro modelo en la configuración de administrador.`
}

/** The Spanish message for a provider failure on a page. */
export function providerErrorMessage(
	page: Page,
	error: ProviderError,
	providerId: string,
	model?: string,
): string {
	switch (error.kind) {
		case 'quota':
			return PAGE_MESSAGES[page].quota
		case 'auth':
			return PAGE_MESSAGES[page].auth
		case 'blocked':
			return MESSAGES.blocked
		case 'not_found':
			return unknownModelMessage(error.model ?? model ?? '')
		case 'timeout':
			return MESSAGES.timeout
		case 'aborted':
			return MESSAGES.aborted
		case 'unavailable':
		case 'bad_response':
			return callFailedMessage(page, providerId)
	}
}

/** A GenerationError carrying the page's message for a provider failure. */
export function toGenerationError(
	page: Page,
	error: ProviderError,
	providerId: string,
	model?: string,
): GenerationError {
	return new GenerationError(error.kind, providerErrorMessage(page, error, providerId, model), {
		cause: error,
	})
}

export function emptyTextError(page: Page): GenerationError {
	return new GenerationError('empty_text', PAGE_MESSAGES[page].emptyText)
}

export function emptyResultError(): GenerationError {
	return new GenerationError('empty_result', MESSAGES.emptyResult, {
		toast: MESSAGES.emptyResultToast,
	})
}

export function exhaustedError(): GenerationError {
	return new GenerationError('exhausted', MESSAGES.exhausted)
}

/**
 * Every attempt came back in another language: nothing foreign is shown, and the visitor
 * learns what happened and what usually helps (a topic in the language asked for).
 */
export function wrongLanguageError(languageName: string): GenerationError {
	return new GenerationError(
		'wrong_language',
		`El modelo respondió en otro idioma en lugar de en ${languageName}, también al pedírselo de nuevo. Por favor, intenta otra vez; si vuelve a pasar, escribe el tema en ${languageName}.`,
		{ toast: 'El modelo respondió en otro idioma. Por favor, intenta de nuevo.' },
	)
}

export function imageError(cause?: unknown): GenerationError {
	return new GenerationError('image', MESSAGES.image, { cause })
}

const LIMIT_RESET = 'Podrás generar más frases a partir de las 00:00 (hora de España).'

/**
 * Why a generation was refused by a daily limit (HTTP 429). The browser's or account's own
 * allowance names its size; the shared ones (the visitor's network, the whole service) say
 * whose allowance ran out, since the visitor may still see generations left of their own.
 */
export const LIMIT_MESSAGES = {
	own: (limit: number) => `Has alcanzado el límite de ${limit} generaciones de hoy. ${LIMIT_RESET}`,
	ip: `Se ha alcanzado el límite de generaciones de hoy desde tu conexión a internet (tu red o dirección IP). ${LIMIT_RESET}`,
	global:
		'Frasea ha alcanzado el límite de generaciones de hoy para todo el servicio. Vuelve a intentarlo mañana, a partir de las 00:00 (hora de España).',
} as const

export function globalLimitError(): GenerationError {
	return new GenerationError('global_limit', LIMIT_MESSAGES.global)
}

/** '¡4 frases generadas con éxito!' */
export function successMessage(count: number): string {
	return `¡${count} frases generadas con éxito!`
}
