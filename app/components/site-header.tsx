import { Form, NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { ThemeSwitch } from '~/routes/resources.theme'
import { GoogleButton } from './google-button'
import { CloseIcon, MenuIcon } from './icons'
import { Logo } from './logo'
import { GENERATOR_PAGES, PAGES } from '~/generator/pages'
import { cx } from '~/utils/misc'

type HeaderUser = { name: string; isAdmin: boolean; avatarUrl?: string | null }
type AccountProps = { user: HeaderUser | null; google: boolean }

// The generator pages; the home page's link is active on the home page only.
const mainNav = PAGES.map((page) => ({
	to: GENERATOR_PAGES[page].path,
	label: GENERATOR_PAGES[page].label,
	end: page === 'home',
}))

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
	cx(
		'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
		isActive
			? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200'
			: 'text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-white/10 dark:hover:text-white',
	)

function AccountLinks({ user, google, stacked }: AccountProps & { stacked?: boolean }) {
	const base = 'rounded-lg px-4 py-2 text-sm font-semibold text-center'
	if (user) {
		return (
			<div className={cx('flex gap-2', stacked && 'flex-col')}>
				<NavLink
					to="/dashboard"
					className={(state) => cx(navLinkClass(state), 'inline-flex items-center gap-2')}
				>
					{/* Plain markup, not the dashboard's avatar component: every page loads this header,
					    and the home page's JavaScript is on a budget. */}
					{user.avatarUrl ? (
						<img
							src={user.avatarUrl}
							alt=""
							width={24}
							height={24}
							className="size-6 rounded-full object-cover"
						/>
					) : null}
					Dashboard
				</NavLink>
				<Form method="post" action="/logout">
					<button
						type="submit"
						className={cx(
							base,
							'w-full border border-gray-300 text-gray-800 hover:bg-gray-50 dark:border-white/20 dark:text-gray-100 dark:hover:bg-white/10',
						)}
					>
						Cerrar Sesión
					</button>
				</Form>
			</div>
		)
	}
	return (
		<div className={cx('flex gap-2', stacked && 'flex-col')}>
			{google ? <GoogleButton compact={!stacked} /> : null}
			<NavLink
				to="/login"
				className={({ isActive }) =>
					cx(
						base,
						'border border-gray-300 text-gray-800 hover:bg-gray-50 dark:border-white/20 dark:text-gray-100 dark:hover:bg-white/10',
						isActive && 'ring-2 ring-brand-500',
					)
				}
			>
				Iniciar Sesión
			</NavLink>
			<NavLink
				to="/register"
				className={({ isActive }) =>
					cx(
						base,
						'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
						isActive && 'ring-2 ring-brand-300',
					)
				}
			>
				Regístrate
			</NavLink>
		</div>
	)
}

/**
 * Below 768 px the navigation lives in a slide-out panel. It is a <details> element, so it
 * opens and closes without JavaScript; choosing a link loads a new page, which closes it.
 * With JavaScript, client-side navigation and Escape close it too.
 */
function MobileMenu({ user, google }: AccountProps) {
	const ref = useRef<HTMLDetailsElement>(null)
	const location = useLocation()
	useEffect(() => {
		if (ref.current) ref.current.open = false
	}, [location.key])
	useEffect(() => {
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key === 'Escape' && ref.current?.open) {
				ref.current.open = false
				ref.current.querySelector('summary')?.focus()
			}
		}
		document.addEventListener('keydown', onKeyDown)
		return () => document.removeEventListener('keydown', onKeyDown)
	}, [])
	return (
		<details ref={ref} className="group md:hidden" data-testid="mobile-menu">
			<summary
				className="relative z-50 grid size-10 cursor-pointer list-none place-items-center rounded-lg text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-white/10 [&::-webkit-details-marker]:hidden"
				aria-label="Menú"
			>
				<MenuIcon className="group-open:hidden" />
				<CloseIcon className="hidden group-open:block" />
			</summary>
			<div className="fixed inset-0 z-40 bg-black/40" aria-hidden="true" />
			<nav
				aria-label="Menú móvil"
				className="fixed inset-y-0 right-0 z-40 flex w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto bg-white p-4 pt-20 shadow-xl dark:bg-gray-900"
			>
				{mainNav.map((item) => (
					<NavLink key={item.to} to={item.to} end={item.end} className={navLinkClass}>
						{item.label}
					</NavLink>
				))}
				<hr className="my-3 border-gray-200 dark:border-white/10" />
				<AccountLinks user={user} google={google} stacked />
			</nav>
		</details>
	)
}

export function SiteHeader({ user, google }: AccountProps) {
	return (
		<header className="sticky top-0 z-30 border-b border-gray-200/80 bg-white/90 backdrop-blur dark:border-white/10 dark:bg-gray-950/85">
			<div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
				<Logo />
				<nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
					{mainNav.map((item) => (
						<NavLink key={item.to} to={item.to} end={item.end} className={navLinkClass}>
							{item.label}
						</NavLink>
					))}
				</nav>
				<div className="flex items-center gap-2">
					<ThemeSwitch />
					<div className="hidden md:block">
						<AccountLinks user={user} google={google} />
					</div>
					<MobileMenu user={user} google={google} />
				</div>
			</div>
		</header>
	)
}

export function SkipLink() {
	return (
		<a
			href="#contenido"
			className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
		>
			Saltar al contenido
		</a>
	)
}
