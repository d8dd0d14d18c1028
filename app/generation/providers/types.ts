import { type GenerationBrief } from '../brief'
import { type ImageInput } from '../types'

export interface GenerateParams {
	/** The instruction text. */
	instruction: string
	image?: ImageInput
	temperature: number
	topP: number
	topK: number
	maxOutputTokens: number
	/** Aborts the call: the visitor went away or the timeout passed. */
	signal?: AbortSignal
	/**
	 * The structured request behind the instruction. Remote models read the instruction;
	 * the offline engine composes from this.
	 */
	brief?: GenerationBrief
}

/**
 * A source of phrase text. Implementations throw ProviderError for every failure they
 * recognise, so the catalogue can word it for the visitor.
 */
export interface TextProvider {
	/** 'gemini', 'openai' or 'offline'. */
	readonly id: string
	readonly model: string
	generate(params: GenerateParams): Promise<string>
	/**
	 * The same answer as it is written, in pieces of any size (a piece may end inside a
	 * line). Absent: the provider answers all at once (the offline engine).
	 */
	stream?(params: GenerateParams): AsyncIterable<string>
}

export const PROVIDER_IDS = ['gemini', 'openai', 'offline'] as const
export type ProviderId = (typeof PROVIDER_IDS)[number]
