import { data } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/auth/guards.server'
import { deleteHistoryEntry, getHistoryEntry } from '~/models/history.server'
import { savePhrases } from '~/models/phrase.server'
import { readFormData } from '~/utils/form-data.server'
import { redirectWithToast } from '~/utils/toast.server'
import { HISTORY_INTENT } from './history-forms'
import { historyHref, parseListQuery } from './list-query'
import { dashboardMessages as messages } from './messages'
import { attemptWrite, badRequest, notFound } from './responses.server'

/**
 * What the history page does with a post: save an entry to the saved phrases, or delete
 * it. Deleting asks first: the first post answers with the entry (a confirmation step
 * without JavaScript, a dialog with it) and only a post carrying `confirmado` deletes.
 */
export async function historyAction(request: Request) {
	const user = await requireUser(request)
	const formData = await readFormData(request)
	const back = historyHref(parseListQuery(new URL(request.url).searchParams))
	const id = z.string().trim().min(1).max(64).safeParse(formData.get('id'))
	const intent = formData.get('intent')
	if (intent !== HISTORY_INTENT.save && intent !== HISTORY_INTENT.delete) {
		badRequest(messages.unknownIntent)
	}
	const entry = id.success ? await getHistoryEntry(user.id, id.data) : null
	if (!entry) notFound(messages.historyEntryNotFound)

	if (intent === HISTORY_INTENT.save) {
		const result = await attemptWrite(back, messages.saveError, () =>
			savePhrases(user.id, [entry.content]),
		)
		if (!result.ok) return result.response
		return redirectWithToast(back, { type: 'success', message: messages.savedToFavourites })
	}

	if (formData.get('confirmado') !== 'si') {
		return data({ confirm: { id: entry.id, content: entry.content } })
	}
	const result = await attemptWrite(back, messages.historyDeleteError, () =>
		deleteHistoryEntry(user.id, entry.id),
	)
	if (!result.ok) return result.response
	if (!result.value) notFound(messages.historyEntryNotFound)
	return redirectWithToast(back, { type: 'success', message: messages.historyDeleted })
}
