/**
 * What a streamed generation sends the browser, one server-sent event each, in this order:
 * `phrase` per released phrase (with its card), `notice` when an attempt failed and another
 * follows, and one `done` (the batch is stored at `href`) or `error` to end it. Nothing of
 * the provider's own answer travels, only released phrases and our messages.
 */
import { type GeneratorValues, type StreamedCardView } from '../view'

export interface StreamEvents {
	phrase: {
		position: number
		text: string
		card: StreamedCardView
		/** The batch's address: it is stored before its first phrase is sent. */
		href: string
	}
	notice: { message: string }
	done: {
		href: string
		count: number
		/** The success toast. */
		message: string
		/** What went wrong on the way, when the batch had to be completed with examples. */
		notice: string | null
	}
	error: {
		message: string
		toast: string
		/** What was sent, for the form to show again with the message (as without JavaScript). */
		values: GeneratorValues
		/** The stored batch holding the phrases that arrived, if any did. */
		href: string | null
	}
}

export type StreamEventName = keyof StreamEvents

/** Where the generator pages stream from: `?pagina=` names the page. */
export const STREAM_PATH = '/generar'
