import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, NavLink, Outlet, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { requireUser } from '~/auth/guards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LogoutButton } from '~/components/logout-button'
import { getAvatarUrl } from '~/dashboard/avatar-url.server'
import { ProfileAvatar } from '~/dashboard/profile-avatar'
import { cx } from '~/utils/misc'

export const meta: MetaFunction = () => [
	{ title: 'Panel de Usuario · Frasea' },
	{
		name: 'description',
		content: 'Tu panel de Frasea: tus frases guardadas, tu historial y tu perfil.',
	},
]

export const handle = { breadcrumb: 'Dashboard' } satisfies BreadcrumbHandle

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	return { isAdmin: user.isAdmin, name: user.name, avatarUrl: await getAvatarUrl(user.id) }
}

/** The dashboard's sections. */
const links = [
	{ to: '/dashboard', label: 'Dashboard', end: true },
	{ to: '/dashboard/frases', label: 'Mis Frases Guardadas', end: false },
	{ to: '/dashboard/historial', label: 'Historial', end: false },
	{ to: '/dashboard/comunicados', label: 'Comunicados', end: false },
	{ to: '/dashboard/perfil', label: 'Perfil', end: false },
	{ to: '/dashboard/configuracion', label: 'Configuración', end: false },
] as const

const linkClass = ({ isActive }: { isActive: boolean }) =>
	cx(
		'block rounded-lg px-3 py-2 text-sm font-medium',
		isActive
			? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200'
			: 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-white/10',
	)

type SidebarProps = { isAdmin: boolean; name: string; avatarUrl: string | null }

function SidebarContent({ isAdmin, name, avatarUrl }: SidebarProps) {
	return (
		<>
			<Link
				to="/dashboard/perfil"
				className="mb-4 flex items-center gap-3 rounded-lg px-2 py-1 hover:bg-gray-100 dark:hover:bg-white/10"
			>
				<ProfileAvatar name={name} src={avatarUrl} size={40} />
				<span className="min-w-0 truncate font-semibold text-gray-900 dark:text-white">{name}</span>
			</Link>
			<nav aria-label="Panel de usuario" className="space-y-1">
				{links.map((link) => (
					<NavLink key={link.to} to={link.to} end={link.end} className={linkClass}>
						{link.label}
					</NavLink>
				))}
				{isAdmin ? (
					<NavLink to="/admin" className={linkClass}>
						Panel Admin
					</NavLink>
				) : null}
			</nav>
			<div className="mt-6 space-y-2 border-t border-gray-200 pt-6 dark:border-white/10">
				<a
					href="/"
					target="_blank"
					rel="noopener"
					className="block rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
				>
					Generar Frases
				</a>
				<Link
					to="/"
					className="block rounded-lg px-4 py-2 text-center text-sm font-semibold text-gray-700 hover:bg-gray-100 md:hidden dark:text-gray-300 dark:hover:bg-white/10"
				>
					Ir al Inicio
				</Link>
				<LogoutButton />
			</div>
		</>
	)
}

export default function DashboardLayout() {
	const sidebar = useLoaderData<typeof loader>()
	const menu = useRef<HTMLDetailsElement>(null)
	const location = useLocation()
	const navigation = useNavigation()
	// With JavaScript a link does not reload the page, so the phone menu would stay open
	// over the page it opened: close it whenever the address changes.
	useEffect(() => {
		if (menu.current) menu.current.open = false
	}, [location.key])
	const loadingSection =
		navigation.state === 'loading' && navigation.location.pathname.startsWith('/dashboard')
	return (
		<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row">
			<aside aria-label="Barra lateral del panel" className="hidden w-60 shrink-0 md:block">
				<div className="sticky top-24 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-gray-900">
					<SidebarContent {...sidebar} />
				</div>
			</aside>
			{/* On small screens the menu slides out from the left; a disclosure element opens
			    and closes it, so it needs no JavaScript. */}
			<details ref={menu} className="group md:hidden">
				<summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 group-open:fixed group-open:top-4 group-open:right-4 group-open:z-50 dark:border-white/15 dark:bg-gray-900 dark:text-gray-100 [&::-webkit-details-marker]:hidden">
					<span className="group-open:hidden">Menú del panel</span>
					<span className="hidden group-open:inline">Cerrar menú</span>
				</summary>
				{/* With JavaScript a tap beside the menu closes it too. */}
				<div
					aria-hidden="true"
					onClick={() => {
						if (menu.current) menu.current.open = false
					}}
					className="fixed inset-0 z-30 hidden bg-gray-900/50 group-open:block"
				/>
				<div className="fixed inset-y-0 left-0 z-40 w-72 max-w-[85vw] overflow-y-auto bg-white p-4 pt-6 shadow-xl transition-transform starting:-translate-x-full motion-reduce:transition-none dark:bg-gray-900">
					<SidebarContent {...sidebar} />
				</div>
			</details>
			<div className="min-w-0 flex-1" aria-busy={loadingSection || undefined}>
				<p
					role="status"
					className={loadingSection ? 'mb-4 text-sm text-gray-600 dark:text-gray-400' : 'sr-only'}
				>
					{loadingSection ? 'Cargando panel de usuario...' : ''}
				</p>
				<Outlet />
			</div>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
