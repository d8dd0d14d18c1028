/**
 * The saved-phrases page's view of the list: search, sort, grid or list, page, and which
 * phrase is being edited. All of it lives in the URL's query string (GET forms and links),
 * so it works without JavaScript, survives a reload and can be bookmarked. Parameter names
 * and values are Spanish, like the page's address.
 */
import type { PhraseSort } from '~/models/phrase.server'

export const SEARCH_MAX_LENGTH = 200
export const PHRASES_PAGE_SIZE = 24

export type PhraseView = 'grid' | 'list'

export type PhrasesQuery = {
	search: string
	sort: PhraseSort
	view: PhraseView
	page: number
	/** The phrase shown with its edit form (one at a time). */
	editing: string | null
}

const PARAM = { search: 'q', sort: 'orden', view: 'vista', page: 'pagina', editing: 'editar' }
const SORT_VALUE = { newest: 'recientes', oldest: 'antiguas' } as const
const VIEW_VALUE = { grid: 'cuadricula', list: 'lista' } as const

export function parsePhrasesQuery(params: URLSearchParams): PhrasesQuery {
	const page = Number.parseInt(params.get(PARAM.page) ?? '', 10)
	const editing = params.get(PARAM.editing)?.trim()
	return {
		search: (params.get(PARAM.search) ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
		sort: params.get(PARAM.sort) === SORT_VALUE.oldest ? 'oldest' : 'newest',
		view: params.get(PARAM.view) === VIEW_VALUE.list ? 'list' : 'grid',
		page: Number.isFinite(page) && page > 0 ? page : 1,
		editing: editing ? editing.slice(0, 64) : null,
	}
}

/**
 * The query string for a view of the list, defaults left out (so the plain page is
 * `/dashboard/frases`). Starts with '?' when anything is set, else is empty.
 */
export function phrasesSearch(query: Partial<PhrasesQuery>) {
	const params = new URLSearchParams()
	if (query.search) params.set(PARAM.search, query.search)
	if (query.sort === 'oldest') params.set(PARAM.sort, SORT_VALUE.oldest)
	if (query.view === 'list') params.set(PARAM.view, VIEW_VALUE.list)
	if (query.page && query.page > 1) params.set(PARAM.page, String(query.page))
	if (query.editing) params.set(PARAM.editing, query.editing)
	const search = params.toString()
	return search ? `?${search}` : ''
}

export const PHRASES_PATH = '/dashboard/frases'

export function phrasesHref(query: Partial<PhrasesQuery>) {
	return PHRASES_PATH + phrasesSearch(query)
}

/** The GET parameter names, for the toolbar's form fields. */
export const phrasesParam = PARAM
export const phrasesParamValue = { sort: SORT_VALUE, view: VIEW_VALUE }
