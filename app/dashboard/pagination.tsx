import { Link } from '@remix-run/react'
import { secondaryButtonClass } from '~/components/forms'
import { cx } from '~/utils/misc'

/** Previous / next links between pages of a list, each a plain, bookmarkable URL. */
export function Pagination({
	page,
	pageCount,
	hrefFor,
	label,
}: {
	page: number
	pageCount: number
	hrefFor: (page: number) => string
	label: string
}) {
	if (pageCount <= 1) return null
	const step = (target: number, text: string, rel: 'prev' | 'next' | undefined) =>
		target >= 1 && target <= pageCount && target !== page ? (
			<Link to={hrefFor(target)} rel={rel} className={secondaryButtonClass}>
				{text}
			</Link>
		) : (
			<span aria-disabled="true" className={cx(secondaryButtonClass, 'opacity-50')}>
				{text}
			</span>
		)
	return (
		<nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-2">
			{step(1, 'Primera', undefined)}
			{step(page - 1, 'Anterior', 'prev')}
			<span className="px-2 text-sm text-gray-700 dark:text-gray-300" aria-current="page">
				{`Página ${page} de ${pageCount}`}
			</span>
			{step(page + 1, 'Siguiente', 'next')}
			{step(pageCount, 'Última', undefined)}
		</nav>
	)
}
