/**
 * A saved phrase opened as an image card again: it becomes a batch of one phrase, owned by
 * the account, shown on the home page with the card editor and the downloads every
 * generated phrase has. Nothing is generated, so nothing is charged to the daily limits.
 */
import { createBatch } from '~/models/batch.server'
import { batchHref } from './pages'

/** The batch's provider: the phrase came from the user's saved phrases, not from a model. */
const SAVED_PROVIDER = 'saved'

export async function openAsCard(userId: string, content: string): Promise<string> {
	const batch = await createBatch({
		page: 'home',
		viewer: { userId, visitorId: null },
		prompt: '',
		settings: {},
		provider: SAVED_PROVIDER,
		model: '',
		phrases: [content],
	})
	return batchHref('home', batch.id, '#frase-0')
}
