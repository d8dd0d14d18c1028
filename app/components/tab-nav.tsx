import { Link } from '@remix-run/react'
import { cx } from '~/utils/misc'

/**
 * A page's tabs as links (`?tab=`): each tab is a page of its own that works, reloads and
 * can be bookmarked without JavaScript; the current one is marked for assistive technology.
 */
export function TabNav({
	label,
	tabs,
	current,
}: {
	label: string
	tabs: ReadonlyArray<{ id: string; label: string; href: string }>
	current: string
}) {
	return (
		<nav
			aria-label={label}
			className="flex flex-wrap gap-2 border-b border-gray-200 dark:border-white/10"
		>
			{tabs.map((item) => (
				<Link
					key={item.id}
					to={item.href}
					preventScrollReset
					aria-current={item.id === current ? 'page' : undefined}
					className={cx(
						'-mb-px border-b-2 px-4 py-2 text-sm font-medium',
						item.id === current
							? 'border-brand-600 text-brand-700 dark:border-brand-300 dark:text-brand-200'
							: 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
					)}
				>
					{item.label}
				</Link>
			))}
		</nav>
	)
}
