/**
 * A streamed generation as the generator section holds it. Types only: the section keeps
 * the state, the streaming code (loaded when a generation starts) fills it.
 */
import { type GeneratorErrors, type GeneratorValues } from '../view'
import { type StreamEvents } from './events'

export interface LiveGeneration {
	/**
	 * `running` while phrases arrive; `done` once the batch is stored and its page is being
	 * opened; `stopped` stopped before any phrase; `failed` refused or broken off.
	 */
	status: 'running' | 'done' | 'stopped' | 'failed'
	/** How many phrases were asked for. */
	total: number
	phrases: Array<StreamEvents['phrase']>
	/** What happened to an attempt that another one follows. */
	notice: string | null
	/** Why it ended before its batch was complete, while its phrases stay on screen. */
	error: string | null
	/** A refusal, or a failure before any phrase: the form shows it, as without JavaScript. */
	failure: { values: GeneratorValues | null; errors: GeneratorErrors } | null
	/** The stored batch, once it exists. */
	href: string | null
	batchId: string | null
	/** Stops it (the second click of a double click on "Generar Frases" is ignored). */
	stop: (clicks?: number) => void
}
