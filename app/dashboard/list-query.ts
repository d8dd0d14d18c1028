/**
 * How a dashboard list (saved phrases, history) is viewed: search, sort, grid or list,
 * page, and which phrase is being edited. All of it lives in the URL's query string (GET
 * forms and links), so it works without JavaScript, survives a reload and can be
 * bookmarked. Parameter names and values are Spanish, like the pages' addresses.
 */
import type { DateSort } from '~/models/owned-rows.server'

export const SEARCH_MAX_LENGTH = 200
/** Rows per page of every dashboard list. */
export const LIST_PAGE_SIZE = 24

export type ListView = 'grid' | 'list'

export type ListQuery = {
	search: string
	sort: DateSort
	view: ListView
	page: number
	/** The phrase shown with its edit form (one at a time). */
	editing: string | null
}

const PARAM = { search: 'q', sort: 'orden', view: 'vista', page: 'pagina', editing: 'editar' }
const SORT_VALUE = { newest: 'recientes', oldest: 'antiguas' } as const
const VIEW_VALUE = { grid: 'cuadricula', list: 'lista' } as const

export function parseListQuery(params: URLSearchParams): ListQuery {
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
 * The address of a view of the list at `path`, defaults left out (so the plain list is
 * just `path`).
 */
export function listHref(path: string, query: Partial<ListQuery>) {
	const params = new URLSearchParams()
	if (query.search) params.set(PARAM.search, query.search)
	if (query.sort === 'oldest') params.set(PARAM.sort, SORT_VALUE.oldest)
	if (query.view === 'list') params.set(PARAM.view, VIEW_VALUE.list)
	if (query.page && query.page > 1) params.set(PARAM.page, String(query.page))
	if (query.editing) params.set(PARAM.editing, query.editing)
	const search = params.toString()
	return search ? `${path}?${search}` : path
}

export const PHRASES_PATH = '/dashboard/frases'
export const HISTORY_PATH = '/dashboard/historial'

export const phrasesHref = (query: Partial<ListQuery>) => listHref(PHRASES_PATH, query)

/** The history has no views and no edit mode. */
export const historyHref = (query: Partial<ListQuery>) =>
	listHref(HISTORY_PATH, { search: query.search, sort: query.sort, page: query.page })

/** The GET parameter names and values, for the toolbars' form fields. */
export const listParam = PARAM
export const listParamValue = { sort: SORT_VALUE, view: VIEW_VALUE }
