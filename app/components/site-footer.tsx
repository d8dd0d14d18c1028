import { Link } from '@remix-run/react'
import { GoogleButton } from './google-button'
import { Logo } from './logo'

const columns = [
	{
		title: 'Explorar',
		links: [
			{ to: '/', label: 'Inicio' },
			{ to: '/instagram', label: 'Frases para Instagram' },
			{ to: '/facebook', label: 'Frases para Facebook' },
			{ to: '/about', label: 'Acerca de' },
		],
	},
	{
		title: 'Cuenta',
		links: [
			{ to: '/login', label: 'Iniciar Sesión' },
			{ to: '/register', label: 'Registrarse' },
			{ to: '/dashboard', label: 'Dashboard' },
		],
	},
	{
		title: 'Legal',
		links: [
			{ to: '/privacy', label: 'Política de Privacidad' },
			{ to: '/terms', label: 'Términos y Condiciones' },
		],
	},
] as const

export function SiteFooter({ year, google = false }: { year: number; google?: boolean }) {
	return (
		<footer className="border-t border-gray-200 bg-gray-50 dark:border-white/10 dark:bg-gray-900">
			<div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-[2fr_1fr_1fr_1fr]">
				<div className="max-w-sm space-y-3">
					<Logo />
					<p className="text-sm leading-relaxed text-gray-600 dark:text-gray-400">
						Frasea crea frases originales para tus redes sociales con inteligencia artificial y las
						convierte en imágenes listas para publicar en Instagram, Facebook y más.
					</p>
					{google ? <GoogleButton className="max-w-64 pt-2" /> : null}
				</div>
				{columns.map((column) => (
					<nav key={column.title} aria-label={column.title}>
						<h2 className="text-sm font-semibold text-gray-900 dark:text-white">{column.title}</h2>
						<ul className="mt-3 space-y-2">
							{column.links.map((link) => (
								<li key={link.to}>
									<Link
										to={link.to}
										className="text-sm text-gray-600 hover:text-brand-700 dark:text-gray-400 dark:hover:text-brand-300"
									>
										{link.label}
									</Link>
								</li>
							))}
						</ul>
					</nav>
				))}
			</div>
			<div className="border-t border-gray-200 dark:border-white/10">
				<p className="mx-auto max-w-6xl px-4 py-6 text-sm text-gray-600 dark:text-gray-400">
					© {year} Frasea. Todos los derechos reservados.
				</p>
			</div>
		</footer>
	)
}
