/**
 * The generation parameters an admin may save, as generation receives them: the shared
 * advanced parameters, the sampling that replaces a page's built-in values and the
 * instruction template.
 */
/** The shared generation parameters (table configuracion_avanzada, the row without a user). */
export interface AdvancedParams {
	temperature: number
	topP: number
	maxTokens: number
	enhanceQuality: boolean
}

export const ADVANCED_DEFAULTS: AdvancedParams = {
	temperature: 0.7,
	topP: 0.9,
	maxTokens: 1024,
	enhanceQuality: false,
}

/** Sampling that replaces a page's built-in values (an admin saved some). */
export interface Sampling {
	temperature: number
	topP: number
	maxOutputTokens: number
}

/** An admin's instruction template: `{{prompt}}` stands for what the visitor typed. */
export interface InstructionTemplate {
	text: string
	/** Whether our own instruction (count, length, language, format) follows the template. */
	includeSystemPrompt: boolean
}

export const PROMPT_PLACEHOLDER = '{{prompt}}'
