/** The users list's search and page, kept in the URL (?q=…&page=…) so every view is a link. */
export const USERS_PATH = '/admin/users'
const SEARCH_MAX_LENGTH = 200

export type UsersQuery = { search: string; page: number }

export function parseUsersQuery(params: URLSearchParams): UsersQuery {
	const page = Number.parseInt(params.get('page') ?? '', 10)
	return {
		search: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
		page: Number.isInteger(page) && page > 0 ? page : 1,
	}
}

export function usersHref(query: Partial<UsersQuery>) {
	const params = new URLSearchParams()
	if (query.search) params.set('q', query.search)
	if (query.page && query.page > 1) params.set('page', String(query.page))
	const search = params.toString()
	return search ? `${USERS_PATH}?${search}` : USERS_PATH
}
