import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { type ReactNode } from 'react'
import { announcementMessages } from '~/announcements/messages'
import { requireUser } from '~/auth/guards.server'
import { primaryButtonClass, secondaryButtonClass } from '~/components/forms'
import { loadDashboardHome } from '~/dashboard/home.server'
import { cx } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Panel de Usuario',
		description: 'Tu panel de Frasea: tus frases guardadas, tu historial y tu perfil.',
		path: '/dashboard',
		noindex: true,
	})

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	return { name: user.name, ...(await loadDashboardHome(user.id)) }
}

const cardClass =
	'rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900'

function Card({
	title,
	children,
	className,
}: {
	title: string
	children: ReactNode
	className?: string
}) {
	const id = `tarjeta-${title.toLowerCase().replace(/\W+/g, '-')}`
	return (
		<section aria-labelledby={id} className={cx(cardClass, className)}>
			<h2 id={id} className="text-lg font-semibold text-gray-900 dark:text-white">
				{title}
			</h2>
			<div className="mt-3">{children}</div>
		</section>
	)
}

const quickActions = [
	{ to: '/', label: 'Generador de frases', external: true },
	{ to: '/instagram', label: 'Frases para Instagram', external: true },
	{ to: '/facebook', label: 'Frases para Facebook', external: true },
	{ to: '/dashboard/frases', label: 'Mis Frases Guardadas', external: false },
] as const

export default function DashboardHome() {
	const { name, saved, completion, activity, announcements } = useLoaderData<typeof loader>()
	return (
		<div className="space-y-6">
			<section className={cardClass}>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
					Panel de Usuario
				</h1>
				<p className="mt-2 text-gray-600 dark:text-gray-400">
					¡Hola, <span className="font-semibold text-gray-900 dark:text-white">{name}</span>! Te
					damos la bienvenida a tu panel.
				</p>
				<a href="/" target="_blank" rel="noopener" className={cx(primaryButtonClass, 'mt-6')}>
					Generar nueva frase
				</a>
			</section>

			<div className="grid gap-6 md:grid-cols-2">
				<Card title="Frases guardadas">
					<p
						className="text-4xl font-black text-brand-600 dark:text-brand-400"
						data-testid="frases-guardadas"
					>
						{saved}
					</p>
					<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
						{saved === 1 ? 'frase en tu colección' : 'frases en tu colección'}
					</p>
					<Link to="/dashboard/frases" className={cx(secondaryButtonClass, 'mt-4')}>
						Ver Todas
					</Link>
				</Card>

				<Card title="Completa tu perfil">
					<div
						role="progressbar"
						aria-label="Perfil completado"
						aria-valuemin={0}
						aria-valuemax={100}
						aria-valuenow={completion.percent}
						className="h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-white/10"
					>
						<div className="h-full bg-brand-600" style={{ width: `${completion.percent}%` }} />
					</div>
					<p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
						Perfil completado al {completion.percent}%.
					</p>
					{completion.missing.length > 0 ? (
						<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
							Te falta: {completion.missing.join(', ')}.
						</p>
					) : (
						<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
							¡Tu perfil está completo!
						</p>
					)}
					<Link to="/dashboard/perfil" className={cx(secondaryButtonClass, 'mt-4')}>
						Editar Perfil
					</Link>
				</Card>

				<Card title="Acciones rápidas">
					<ul className="space-y-2">
						{quickActions.map((action) => (
							<li key={action.to}>
								{action.external ? (
									<a
										href={action.to}
										target="_blank"
										rel="noopener"
										className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
									>
										{action.label}
									</a>
								) : (
									<Link
										to={action.to}
										className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
									>
										{action.label}
									</Link>
								)}
							</li>
						))}
					</ul>
				</Card>

				<Card title="Actividad reciente">
					{activity.length === 0 ? (
						<p className="text-sm text-gray-600 dark:text-gray-400">
							No hay actividad reciente para mostrar.
						</p>
					) : (
						<ol className="space-y-3" data-testid="actividad">
							{activity.map((entry) => (
								<li key={entry.id} className="flex flex-col text-sm">
									<span className="text-gray-900 dark:text-gray-100">{entry.text}</span>
									<time dateTime={entry.at} className="text-gray-500 dark:text-gray-400">
										{entry.ago}
									</time>
								</li>
							))}
						</ol>
					)}
				</Card>

				<Card title={announcementMessages.dashboardTitle}>
					{announcements.length === 0 ? (
						<p className="text-sm text-gray-600 dark:text-gray-400">
							{announcementMessages.dashboardCardEmpty}
						</p>
					) : (
						<ol className="space-y-3" data-testid="comunicados">
							{announcements.map((item) => (
								<li key={item.id} className="flex flex-col text-sm">
									<span className="text-gray-900 dark:text-gray-100">{item.subject}</span>
									<time dateTime={item.at} className="text-gray-500 dark:text-gray-400">
										{item.ago}
									</time>
								</li>
							))}
						</ol>
					)}
					<Link to="/dashboard/comunicados" className={cx(secondaryButtonClass, 'mt-4')}>
						{announcementMessages.dashboardSeeAll}
					</Link>
				</Card>
			</div>
		</div>
	)
}
