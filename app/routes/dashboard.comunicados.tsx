import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { announcementsFor } from '~/announcements/announcements.server'
import { AnnouncementBody } from '~/announcements/announcement-body'
import { announcementMessages as m } from '~/announcements/messages'
import { requireUser } from '~/auth/guards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { formatDate } from '~/dashboard/dates'
import { ListErrorBoundary } from '~/dashboard/list-error-boundary'
import { Pagination } from '~/dashboard/pagination'
import { SETTINGS_PATH } from '~/dashboard/settings'
import { pageMeta } from '~/utils/seo'

const PATH = '/dashboard/comunicados'

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.dashboardTitle,
		description: 'Las novedades y los consejos de Frasea para ti.',
		path: PATH,
		noindex: true,
	})

export const handle = { breadcrumb: m.dashboardTitle } satisfies BreadcrumbHandle

const pageHref = (page: number) => (page > 1 ? `${PATH}?pagina=${page}` : PATH)

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const requested = Number.parseInt(new URL(request.url).searchParams.get('pagina') ?? '', 10)
	return announcementsFor(user.id, Number.isFinite(requested) ? requested : 1)
}

export default function DashboardAnnouncements() {
	const { items, page, pageCount } = useLoaderData<typeof loader>()
	return (
		<section aria-labelledby="comunicados-titulo" className="space-y-6">
			<header>
				<h1
					id="comunicados-titulo"
					className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white"
				>
					{m.dashboardTitle}
				</h1>
				<p className="mt-1 text-gray-600 dark:text-gray-400">{m.dashboardIntro}</p>
			</header>
			{items.length === 0 ? (
				<p className="text-gray-700 dark:text-gray-300">
					{m.dashboardEmpty}{' '}
					<Link to={SETTINGS_PATH} className="text-brand-700 underline dark:text-brand-300">
						Configuración
					</Link>
				</p>
			) : (
				<ol className="space-y-4">
					{items.map((item) => (
						<li key={item.id}>
							<article
								aria-labelledby={`comunicado-${item.id}`}
								className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900"
							>
								<h2
									id={`comunicado-${item.id}`}
									className="text-lg font-semibold text-gray-900 dark:text-white"
								>
									{item.subject}
								</h2>
								<p className="mb-3 text-sm text-gray-600 dark:text-gray-400">
									<time dateTime={item.createdAt.toISOString()}>{formatDate(item.createdAt)}</time>
								</p>
								<AnnouncementBody body={item.body} />
							</article>
						</li>
					))}
				</ol>
			)}
			<Pagination
				page={page}
				pageCount={pageCount}
				hrefFor={pageHref}
				label={m.dashboardPagination}
			/>
		</section>
	)
}

export function ErrorBoundary() {
	return <ListErrorBoundary loadError="No se pudieron cargar los comunicados." />
}
