import { expect, test } from 'vitest'
import { parseListQuery, phrasesHref } from './list-query'

const parse = (search: string) => parseListQuery(new URLSearchParams(search))

test('search, sort, view and page read from the URL, with defaults for anything missing or wrong', () => {
	expect(parse('')).toEqual({ search: '', sort: 'newest', view: 'grid', page: 1, editing: null })
	expect(parse('q=%20mar%20&orden=antiguas&vista=lista&pagina=3&editar=abc')).toEqual({
		search: 'mar',
		sort: 'oldest',
		view: 'list',
		page: 3,
		editing: 'abc',
	})
	expect(parse('orden=otra&vista=mosaico&pagina=-2')).toMatchObject({
		sort: 'newest',
		view: 'grid',
		page: 1,
	})
	expect(parse(`q=${'a'.repeat(500)}`).search).toHaveLength(200)
})

test('links keep every setting together and leave defaults out', () => {
	expect(phrasesHref({})).toBe('/dashboard/frases')
	const query = parse('q=50%25&orden=antiguas&vista=lista&pagina=2')
	expect(phrasesHref(query)).toBe('/dashboard/frases?q=50%25&orden=antiguas&vista=lista&pagina=2')
	expect(parse(phrasesHref(query).split('?')[1] ?? '')).toEqual(query)
	expect(phrasesHref({ ...query, page: 1, sort: 'newest' })).toBe(
		'/dashboard/frases?q=50%25&vista=lista',
	)
})
