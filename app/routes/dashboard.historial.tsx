import {
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/guards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from '~/components/forms'
import { showToast } from '~/components/toaster'
import { ConfirmStep } from '~/dashboard/confirm-step'
import { ListErrorBoundary } from '~/dashboard/list-error-boundary'
import { CopyButton } from '~/components/copy-button'
import { formatDate, formatMonth, formatTime } from '~/dashboard/dates'
import { historyAction } from '~/dashboard/history-actions.server'
import { HISTORY_INTENT } from '~/dashboard/history-forms'
import { describeSettings } from '~/dashboard/history-settings'
import { HISTORY_PATH, historyHref, LIST_PAGE_SIZE, parseListQuery } from '~/dashboard/list-query'
import { ListToolbar } from '~/dashboard/list-toolbar'
import { dashboardMessages as messages } from '~/dashboard/messages'
import { Pagination } from '~/dashboard/pagination'
import { RowAction } from '~/dashboard/row-action'
import { historyStats, listHistory } from '~/models/history.server'
import { cx } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Historial de Frases',
		description: 'Las frases que has generado con tu cuenta de Frasea.',
		path: HISTORY_PATH,
		noindex: true,
	})

export const handle = { breadcrumb: 'Historial de Frases' } satisfies BreadcrumbHandle

/** "Este Mes" is the month on Madrid's calendar, like every date on the dashboard. */
const TIME_ZONE = 'Europe/Madrid'

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const query = parseListQuery(new URL(request.url).searchParams)
	const now = new Date()
	const [list, stats] = await Promise.all([
		listHistory(user.id, {
			search: query.search,
			sort: query.sort,
			page: query.page,
			pageSize: LIST_PAGE_SIZE,
		}),
		historyStats(user.id, now, TIME_ZONE),
	])
	return {
		query: { ...query, view: 'grid' as const, editing: null, page: list.page },
		entries: list.entries.map((entry) => ({
			id: entry.id,
			content: entry.content,
			createdAt: entry.createdAt.toISOString(),
			prompt: entry.originalPrompt,
			settings: describeSettings(entry.settings),
		})),
		matching: list.total,
		pageCount: list.pageCount,
		stats: { ...stats, month: formatMonth(now) },
	}
}

export async function action({ request }: ActionFunctionArgs) {
	return historyAction(request)
}

export default function HistoryPage() {
	const { query, entries, matching, pageCount, stats } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const here = historyHref(query)
	const exportHref = historyHref({ ...query, page: 1 }).replace(
		HISTORY_PATH,
		`${HISTORY_PATH}/exportar`,
	)

	return (
		<section className="space-y-6">
			<header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
				<div>
					<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
						Historial de Frases Generadas
					</h1>
					<p className="mt-1 text-gray-600 dark:text-gray-400" data-testid="total-historial">
						{stats.total === 1
							? '1 frase en tu historial'
							: `${stats.total} frases en tu historial`}
					</p>
				</div>
				<div className="flex flex-wrap gap-2">
					{stats.total > 0 ? (
						<a
							href={exportHref}
							download="mis-frases-historial.txt"
							className={secondaryButtonClass}
							onClick={() => showToast({ type: 'success', message: messages.historyExported })}
						>
							Exportar
						</a>
					) : null}
					<a
						href="/"
						target="_blank"
						rel="noopener"
						className={cx(primaryButtonClass, 'px-4 py-1.5 text-sm')}
					>
						Crear Nuevas
					</a>
				</div>
			</header>

			<dl className="grid gap-4 sm:grid-cols-3">
				<Stat label="Frases Generadas" value={stats.total} />
				<Stat label="Este Mes" value={stats.thisMonth} caption={stats.month} />
				<Stat label="Mostrando" value={matching} />
			</dl>

			<ListToolbar
				path={HISTORY_PATH}
				query={query}
				searchLabel="Buscar en tu historial"
				withView={false}
			/>

			{actionData?.confirm ? (
				<ConfirmStep
					title="¿Eliminar esta frase del historial?"
					confirmLabel="Sí, eliminar"
					cancelHref={here}
					fields={[
						['intent', HISTORY_INTENT.delete],
						['id', actionData.confirm.id],
					]}
				>
					<p className="italic">«{actionData.confirm.content}»</p>
					<p className="mt-2">Esta acción no se puede deshacer.</p>
				</ConfirmStep>
			) : null}

			{entries.length === 0 ? (
				<div className="rounded-xl border border-dashed border-gray-300 p-10 text-center dark:border-white/15">
					{query.search ? (
						<>
							<p className="text-gray-700 dark:text-gray-300">{messages.noMatches(query.search)}</p>
							<Link
								to={historyHref({ ...query, search: '', page: 1 })}
								className={cx(secondaryButtonClass, 'mt-4')}
							>
								{messages.showAll}
							</Link>
						</>
					) : (
						<p className="text-gray-700 dark:text-gray-300">{messages.noHistory}</p>
					)}
				</div>
			) : (
				<ol className="space-y-4" data-testid="lista-historial">
					{entries.map((entry, position) => (
						<HistoryCard
							key={entry.id}
							entry={entry}
							index={(query.page - 1) * LIST_PAGE_SIZE + position + 1}
						/>
					))}
				</ol>
			)}

			<Pagination
				page={query.page}
				pageCount={pageCount}
				label="Páginas del historial"
				hrefFor={(page) => historyHref({ ...query, page })}
			/>
		</section>
	)
}

function Stat({ label, value, caption }: { label: string; value: number; caption?: string }) {
	return (
		<div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-gray-900">
			<dt className="text-sm font-medium text-gray-600 dark:text-gray-400">
				{label}
				{caption ? <span className="block text-xs font-normal">{caption}</span> : null}
			</dt>
			<dd className="mt-1 text-3xl font-black text-gray-900 dark:text-white">{value}</dd>
		</div>
	)
}

function HistoryCard({
	entry,
	index,
}: {
	entry: {
		id: string
		content: string
		createdAt: string
		prompt: string | null
		settings: string[]
	}
	index: number
}) {
	return (
		<li
			className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-gray-900"
			data-testid="entrada-historial"
		>
			<p className="flex flex-wrap gap-x-3 text-sm text-gray-600 dark:text-gray-400">
				<time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
				<span>{formatTime(entry.createdAt)}</span>
			</p>
			<p className="mt-2 break-words whitespace-pre-line text-gray-900 select-all dark:text-gray-100">
				{entry.content}
			</p>
			{entry.prompt || entry.settings.length > 0 ? (
				<div className="mt-3 space-y-2 text-sm text-gray-600 dark:text-gray-400">
					{entry.prompt ? <p>Tema: «{entry.prompt}»</p> : null}
					{entry.settings.length > 0 ? (
						<ul className="flex flex-wrap gap-2" aria-label="Ajustes de la generación">
							{entry.settings.map((label) => (
								<li
									key={label}
									className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs text-gray-700 dark:bg-white/10 dark:text-gray-300"
								>
									{label}
								</li>
							))}
						</ul>
					) : null}
				</div>
			) : null}
			<div className="mt-4 flex flex-wrap gap-2">
				<CopyButton text={entry.content} label={`Copiar la frase ${index}`} />
				<RowAction
					intent={HISTORY_INTENT.save}
					id={entry.id}
					label={`Guardar la frase ${index} en favoritos`}
					className={secondaryButtonClass}
				>
					Guardar en favoritos
				</RowAction>
				<RowAction
					intent={HISTORY_INTENT.delete}
					id={entry.id}
					label={`Eliminar la frase ${index} del historial`}
					className={dangerButtonClass}
				>
					Eliminar
				</RowAction>
			</div>
		</li>
	)
}

export function ErrorBoundary() {
	return <ListErrorBoundary loadError={messages.historyLoadError} />
}
