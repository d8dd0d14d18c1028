import { Form, Link } from '@remix-run/react'
import { inputClass, primaryButtonClass } from '~/components/forms'
import { cx } from '~/utils/misc'
import {
	listHref,
	listParam,
	listParamValue,
	SEARCH_MAX_LENGTH,
	type ListQuery,
} from './list-query'

/**
 * Search, sort and (optionally) view of a dashboard list. All of it is GET: the search is a form whose
 * hidden fields carry the current sort and view, and the toggles are links that keep the
 * search, so every combination is a URL.
 */
export function ListToolbar({
	path,
	query,
	searchLabel,
	withView,
}: {
	path: string
	query: ListQuery
	searchLabel: string
	withView: boolean
}) {
	const href = (change: Partial<ListQuery>) =>
		listHref(path, { ...query, ...change, editing: null, ...(withView ? {} : { view: 'grid' }) })
	return (
		<div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
			<Form method="get" action={path} role="search" className="flex flex-1 gap-2">
				<div className="flex-1">
					<label htmlFor="buscar-frases" className="sr-only">
						{searchLabel}
					</label>
					<input
						id="buscar-frases"
						type="search"
						name={listParam.search}
						defaultValue={query.search}
						key={query.search}
						maxLength={SEARCH_MAX_LENGTH}
						placeholder={`${searchLabel}…`}
						className={inputClass}
					/>
				</div>
				{query.sort === 'oldest' ? (
					<input type="hidden" name={listParam.sort} value={listParamValue.sort.oldest} />
				) : null}
				{withView && query.view === 'list' ? (
					<input type="hidden" name={listParam.view} value={listParamValue.view.list} />
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
							href: href({ sort: 'newest', page: 1 }),
						},
						{
							text: 'Más antiguas',
							active: query.sort === 'oldest',
							href: href({ sort: 'oldest', page: 1 }),
						},
					]}
				/>
				{withView ? (
					<Segmented
						label="Vista"
						options={[
							{
								text: 'Cuadrícula',
								active: query.view === 'grid',
								href: href({ view: 'grid' }),
							},
							{
								text: 'Lista',
								active: query.view === 'list',
								href: href({ view: 'list' }),
							},
						]}
					/>
				) : null}
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
