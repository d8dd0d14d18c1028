import { Link, useMatches } from '@remix-run/react'

/** Route modules set `handle = { breadcrumb: 'Nombre' }` to get 'Inicio > Nombre'. */
export type BreadcrumbHandle = { breadcrumb?: string }

export function Breadcrumbs() {
	const matches = useMatches()
	const current = [...matches]
		.reverse()
		.map((match) => (match.handle as BreadcrumbHandle | undefined)?.breadcrumb)
		.find(Boolean)
	if (!current) return null
	return (
		<nav aria-label="Ruta de navegación" className="mx-auto w-full max-w-6xl px-4 pt-4">
			<ol className="flex flex-wrap items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
				<li>
					<Link to="/" className="hover:text-brand-700 hover:underline dark:hover:text-brand-300">
						Inicio
					</Link>
				</li>
				<li aria-hidden="true">&gt;</li>
				<li aria-current="page" className="font-medium text-gray-900 dark:text-gray-100">
					{current}
				</li>
			</ol>
		</nav>
	)
}
