import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/auth/guards.server'
import {
	countPhrases,
	deleteAllPhrases,
	deletePhrase,
	deletePhrases,
	getPhrase,
	updatePhrase,
} from '~/models/phrase.server'
import { openAsCard } from '~/generator/saved-phrase.server'
import { readFormData } from '~/utils/form-data.server'
import { redirectWithToast } from '~/utils/toast.server'
import { dashboardMessages as messages } from './messages'
import { EditPhraseSchema, PHRASE_INTENT, BULK_MAX } from './phrases-forms'
import { parseListQuery, phrasesHref } from './list-query'
import { attemptWrite, badRequest, notFound } from './responses.server'

/**
 * What the saved-phrases page does with a post: edit, delete one, delete the selected
 * ones, delete all, open one as an image card. Deleting several asks first: the first post answers with what would
 * be deleted (a confirmation step without JavaScript, a dialog with it) and only a post
 * carrying `confirmado` deletes.
 */

export type ConfirmDeletion =
	| { intent: typeof PHRASE_INTENT.deleteSelected; ids: string[]; count: number }
	| { intent: typeof PHRASE_INTENT.deleteAll; count: number }

const idSchema = z.string().trim().min(1).max(64)

/** The page the visitor posted from (its search, sort, view and page), without edit mode. */
function returnTo(request: Request) {
	const query = parseListQuery(new URL(request.url).searchParams)
	return phrasesHref({ ...query, editing: null })
}

export async function phrasesAction(request: Request) {
	const user = await requireUser(request)
	const formData = await readFormData(request)
	const back = returnTo(request)
	const intent = formData.get('intent')
	const confirmed = formData.get('confirmado') === 'si'

	switch (intent) {
		case PHRASE_INTENT.edit: {
			const submission = parseWithZod(formData, { schema: EditPhraseSchema })
			if (submission.status !== 'success') {
				return data({ edit: submission.reply(), confirm: null, bulkErrors: null }, { status: 400 })
			}
			const { id, content } = submission.value
			const result = await attemptWrite(back, messages.updateError, () =>
				updatePhrase(user.id, id, content),
			)
			if (!result.ok) return result.response
			if (!result.value) notFound(messages.phraseNotFound)
			return redirectWithToast(back, { type: 'success', message: messages.updated })
		}

		case PHRASE_INTENT.delete: {
			const id = idSchema.safeParse(formData.get('id'))
			if (!id.success) notFound(messages.phraseNotFound)
			const result = await attemptWrite(back, messages.deleteError, () =>
				deletePhrase(user.id, id.data),
			)
			if (!result.ok) return result.response
			if (!result.value) notFound(messages.phraseNotFound)
			return redirectWithToast(back, { type: 'success', message: messages.deleted })
		}

		case PHRASE_INTENT.deleteSelected: {
			// "Select all" stands for every phrase shown on the page, listed in `visibles`.
			const source = formData.get('todas') === 'si' ? 'visibles' : 'ids'
			const ids = z.array(idSchema).safeParse(formData.getAll(source))
			if (!ids.success) notFound(messages.phraseNotFound)
			const unique = [...new Set(ids.data)]
			if (unique.length === 0 || unique.length > BULK_MAX) {
				const error =
					unique.length === 0 ? messages.nothingSelected : messages.tooManySelected(BULK_MAX)
				return data({ edit: null, confirm: null, bulkErrors: [error] }, { status: 400 })
			}
			if (!confirmed) {
				const confirm: ConfirmDeletion = { intent, ids: unique, count: unique.length }
				return data({ edit: null, confirm, bulkErrors: null })
			}
			const result = await attemptWrite(back, messages.deleteSelectedError, () =>
				deletePhrases(user.id, unique),
			)
			if (!result.ok) return result.response
			// Nothing was deleted: one of the ids is not (or no longer) one of the user's.
			if (result.value === null) notFound(messages.phraseNotFound)
			return redirectWithToast(back, {
				type: 'success',
				message: messages.deletedSelected(result.value),
			})
		}

		case PHRASE_INTENT.deleteAll: {
			if (!confirmed) {
				const confirm: ConfirmDeletion = { intent, count: await countPhrases(user.id) }
				return data({ edit: null, confirm, bulkErrors: null })
			}
			const result = await attemptWrite(back, messages.deleteAllError, () =>
				deleteAllPhrases(user.id),
			)
			if (!result.ok) return result.response
			return redirectWithToast(phrasesHref({}), { type: 'success', message: messages.deletedAll })
		}

		case PHRASE_INTENT.card: {
			const id = idSchema.safeParse(formData.get('id'))
			const phrase = id.success ? await getPhrase(user.id, id.data) : null
			if (!phrase) notFound(messages.phraseNotFound)
			return redirect(await openAsCard(user.id, phrase.content))
		}

		default:
			badRequest(messages.unknownIntent)
	}
}
