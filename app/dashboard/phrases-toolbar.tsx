import { Form, Link } from '@remix-run/react'
import { inputClass, primaryButtonClass } from '~/components/forms'
import { cx } from '~/utils/misc'
import {
	PHRASES_PATH,
	phrasesHref,
	phrasesParam,
	phrasesParamValue,
	SEARCH_MAX_LENGTH,
	type PhrasesQuery,
} from './phrases-query'

/**
 * Search, sort and view of the saved phrases. All of it is GET: the search is a form whose
 * hidden fields carry the current sort and view, and the toggles are links that keep the
 * search, so every combination is a URL.
 */
export function PhrasesToolbar({ query }: { query: PhrasesQuery }) {
	return (
		<div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
			<Form method="get" action={PHRASES_PATH} role="search" className="flex flex-1 gap-2">
				<div className="flex-1">
					<label htmlFor="buscar-frases" className="sr-only">
						Buscar en tus frases
					</label>
					<input
						id="buscar-frases"
						type="search"
						name={phrasesParam.search}
						defaultValue={query.search}
						key={query.search}
						maxLength={SEARCH_MAX_LENGTH}
						placeholder="Buscar en tus frases…"
						className={inputClass}
					/>
				</div>
				{query.sort === 'oldest' ? (
					<input type="hidden" name={phrasesParam.sort} value={phrasesParamValue.sort.oldest} />
				) : null}
				{query.view === 'list' ? (
					<input type="hidden" name={phrasesParam.view} value={phrasesParamValue.view.list} />
				) : null}
				<button type="submit" className={primaryButtonClass}>
					Buscar
				</button>
			</Form>
			<div className="flex flex-wrap gap-3">
				<Segmented
					label="Ordenar por fecha"
					options={[
						{
							text: 'Más recientes',
							active: query.sort === 'newest',
							href: phrasesHref({ ...query, sort: 'newest', page: 1, editing: null }),
						},
						{
							text: 'Más antiguas',
							active: query.sort === 'oldest',
							href: phrasesHref({ ...query, sort: 'oldest', page: 1, editing: null }),
						},
					]}
				/>
				<Segmented
					label="Vista"
					options={[
						{
							text: 'Cuadrícula',
							active: query.view === 'grid',
							href: phrasesHref({ ...query, view: 'grid', editing: null }),
						},
						{
							text: 'Lista',
							active: query.view === 'list',
							href: phrasesHref({ ...query, view: 'list', editing: null }),
						},
					]}
				/>
			</div>
		</div>
	)
}

function Segmented({
	label,
	options,
}: {
	label: string
	options: Array<{ text: string; active: boolean; href: string }>
}) {
	return (
		<nav
			aria-label={label}
			className="inline-flex overflow-hidden rounded-lg border border-gray-300 dark:border-white/15"
		>
			{options.map((option) => (
				<Link
					key={option.text}
					to={option.href}
					preventScrollReset
					aria-current={option.active ? 'true' : undefined}
					className={cx(
						'px-3 py-2 text-sm font-medium',
						option.active
							? 'bg-brand-600 text-white'
							: 'bg-white text-gray-700 hover:bg-gray-50 dark:bg-gray-900 dark:text-gray-300 dark:hover:bg-white/10',
					)}
				>
					{option.text}
				</Link>
			))}
		</nav>
	)
}
