/**
 * The tools pages' limits and value checks, shared by the browser (Conform) and the
 * server. Data and pure functions only.
 */

export const NEW_TOOLS_PATH = '/admin/new-tools'
/** The add form's intent (the rows' buttons post 'activar', 'desactivar', 'eliminar'). */
export const ADD_INTENT = 'anadir'

/** What stands for the visitor's topic in a template (ai-config.server.ts reads the same). */
export const PROMPT_PLACEHOLDER = '{{prompt}}'

export const TOOL_LIMITS = {
	name: 100,
	description: 500,
	endpoint: 500,
	apiKey: 500,
	apiUrl: 500,
	template: 2000,
	id: 100,
} as const

/** The Instagram generator's sampling: ranges, steps and the values when nothing is saved. */
export const SAMPLING_RANGES = {
	temperature: { min: 0, max: 1, step: 0.1 },
	maxTokens: { min: 1, max: 2048, step: 1 },
	topP: { min: 0.1, max: 1, step: 0.05 },
} as const

export const INSTAGRAM_DEFAULTS = {
	customPrompt: `Crea frases para Instagram sobre: ${PROMPT_PLACEHOLDER}`,
	includeSystemPrompt: true,
	temperature: 0.7,
	maxTokens: 1024,
	topP: 0.95,
} as const

/** Whether `value` is a whole number of `step`s (floating-point slack allowed). */
export function onStep(value: number, step: number) {
	const steps = value / step
	return Math.abs(steps - Math.round(steps)) < 1e-6
}

/**
 * A tool's address: a path of this site ('/hashtags', not '//elsewhere') or an http(s)
 * URL without credentials. Empty passes here: the "complete every field" check covers it.
 */
export function isToolEndpoint(value: string) {
	if (!value) return true
	if (/\s|\\/.test(value)) return false
	if (value.startsWith('/')) return !value.startsWith('//')
	return isHttpUrl(value)
}

/** `URL.parse` is too new for some browsers this form is checked in. */
function parseUrl(value: string) {
	try {
		return new URL(value)
	} catch {
		return null
	}
}

function isHttpUrl(value: string) {
	const url = parseUrl(value)
	return Boolean(
		url &&
		(url.protocol === 'http:' || url.protocol === 'https:') &&
		!url.username &&
		!url.password,
	)
}

/**
 * A Gemini-compatible API's address: an http(s) origin, optionally with a path prefix
 * (a proxy), and nothing the request URL is built from besides (no query, no fragment).
 */
export function isApiBaseUrl(value: string) {
	if (!value) return true
	if (/\s/.test(value) || !isHttpUrl(value)) return false
	return !value.includes('#') && !value.includes('?')
}

/** The stored form of an API address: no trailing slash. */
export function normalizeApiBaseUrl(value: string) {
	return value.replace(/\/+$/, '')
}
