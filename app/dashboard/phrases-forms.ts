import { z } from 'zod'
import { MAX_PHRASE_LENGTH } from '~/generation/options'
import { dashboardMessages as messages } from './messages'
import { LIST_PAGE_SIZE } from './list-query'

/** Bulk deletion works on the phrases shown on one page. */
export const BULK_MAX = LIST_PAGE_SIZE

/** The `intent` value of each form on the saved-phrases page. */
export const PHRASE_INTENT = {
	edit: 'editar',
	delete: 'eliminar',
	deleteSelected: 'eliminar-seleccionadas',
	deleteAll: 'eliminar-todas',
	card: 'crear-imagen',
} as const

/** The inline edit form, on the server (the action) and in the browser (Conform). */
export const EditPhraseSchema = z.object({
	intent: z.literal(PHRASE_INTENT.edit),
	id: z.string().trim().min(1).max(64),
	content: z
		.string({ error: messages.phraseRequired })
		.trim()
		.min(1, messages.phraseRequired)
		.max(MAX_PHRASE_LENGTH, messages.phraseTooLong(MAX_PHRASE_LENGTH)),
})
