import { type MetaFunction } from '@remix-run/node'
import { NavLink, Outlet } from '@remix-run/react'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LogoutButton } from '~/components/logout-button'
import { adminMessages as m } from '~/admin/messages'
import { cx } from '~/utils/misc'

export const meta: MetaFunction = () => [{ title: `${m.title} · Frasea` }]

export const handle = { breadcrumb: 'Administración' } satisfies BreadcrumbHandle

// No loader here: the layout shows no data, and each admin page guards its own loader and
// action (requireAdmin). A layout loader would also rerun, as a GET, after a refused post
// and turn the non-admin's 403 into the page request's redirect to /dashboard.

/** The admin side menu, in the product's order, then ours; the ad slot's settings come last. */
const links = [
	{ to: '/admin/overview', label: m.overview },
	{ to: '/admin/users', label: m.users },
	{ to: '/admin/api-settings', label: m.apiSettings },
	{ to: '/admin/new-tools', label: m.newTools },
	{ to: '/admin/instagram-api', label: m.instagramApi },
	{ to: '/admin/facebook-api', label: m.facebookApi },
	{ to: '/admin/announcements', label: m.announcements },
	{ to: '/admin/mail', label: m.mail },
	{ to: '/admin/ads', label: m.ads },
] as const

const linkClass = ({ isActive }: { isActive: boolean }) =>
	cx(
		'block rounded-lg px-3 py-2 text-sm font-medium',
		isActive
			? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200'
			: 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-white/10',
	)

function AdminHeader() {
	return (
		<div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-gray-200 bg-white px-5 py-4 shadow-sm dark:border-white/10 dark:bg-gray-900">
			<div className="flex items-center gap-3">
				<p className="text-lg font-bold text-gray-900 dark:text-white">{m.title}</p>
				<span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-500/20 dark:text-brand-200">
					{m.badge}
				</span>
			</div>
			<LogoutButton redirectTo="/login" className="w-auto" />
		</div>
	)
}

export default function AdminLayout() {
	return (
		<div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
			<AdminHeader />
			<div className="flex flex-col gap-6 md:flex-row">
				<aside className="w-full shrink-0 md:w-60">
					<nav
						aria-label={m.menu}
						className="space-y-1 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-gray-900"
					>
						{links.map((link) => (
							<NavLink key={link.to} to={link.to} className={linkClass}>
								{link.label}
							</NavLink>
						))}
						<NavLink to="/dashboard" end className={linkClass}>
							{m.userDashboard}
						</NavLink>
					</nav>
				</aside>
				<div className="min-w-0 flex-1">
					<Outlet />
				</div>
			</div>
		</div>
	)
}

// The admin pages' errors land here, in place of the whole layout: a refused non-admin
// never sees the admin header or menu, not even around a 403.
export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
