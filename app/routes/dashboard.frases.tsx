import {
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useRef } from 'react'
import { requireUser } from '~/auth/guards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { dangerButtonClass, FieldErrors, secondaryButtonClass } from '~/components/forms'
import { ConfirmStep } from '~/dashboard/confirm-step'
import { ListErrorBoundary } from '~/dashboard/list-error-boundary'
import { dashboardMessages as messages } from '~/dashboard/messages'
import { Pagination } from '~/dashboard/pagination'
import { PhraseCard } from '~/dashboard/phrase-card'
import { phrasesAction } from '~/dashboard/phrases-actions.server'
import { notFound } from '~/dashboard/responses.server'
import { PHRASE_INTENT } from '~/dashboard/phrases-forms'
import {
	LIST_PAGE_SIZE,
	parseListQuery,
	PHRASES_PATH,
	phrasesHref,
	type ListQuery,
} from '~/dashboard/list-query'
import { ListToolbar } from '~/dashboard/list-toolbar'
import { countPhrases, getPhrase, listPhrases } from '~/models/phrase.server'
import { cx } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Mis Frases Guardadas',
		description: 'Las frases que has guardado en Frasea.',
		path: '/dashboard/frases',
		noindex: true,
	})

export const handle = { breadcrumb: 'Mis Frases Guardadas' } satisfies BreadcrumbHandle

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const query = parseListQuery(new URL(request.url).searchParams)
	const [list, overall, editing] = await Promise.all([
		listPhrases(user.id, {
			search: query.search,
			sort: query.sort,
			page: query.page,
			pageSize: LIST_PAGE_SIZE,
		}),
		query.search ? countPhrases(user.id) : null,
		query.editing ? getPhrase(user.id, query.editing) : null,
	])
	// An edit link for a phrase that is not the user's is a missing page, like any other.
	if (query.editing && !editing) notFound(messages.phraseNotFound)
	return {
		query: { ...query, page: list.page },
		phrases: list.phrases.map((phrase) => ({
			id: phrase.id,
			content: phrase.content,
			createdAt: phrase.createdAt.toISOString(),
		})),
		matching: list.total,
		total: overall ?? list.total,
		pageCount: list.pageCount,
	}
}

export async function action({ request }: ActionFunctionArgs) {
	return phrasesAction(request)
}

const SELECTION_FORM = 'seleccion'

export default function SavedPhrasesPage() {
	const { query, phrases, matching, total, pageCount } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const list = useRef<HTMLDivElement>(null)
	const here = phrasesHref({ ...query, editing: null })
	const firstIndex = (query.page - 1) * LIST_PAGE_SIZE

	return (
		<section className="space-y-6">
			<header>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
					Mis Frases Guardadas
				</h1>
				<p className="mt-1 text-gray-600 dark:text-gray-400" data-testid="total-frases">
					{total === 1 ? '1 frase guardada' : `${total} frases guardadas`}
					{query.search ? ` · ${matching} coinciden con la búsqueda` : null}
				</p>
			</header>

			<ListToolbar path={PHRASES_PATH} query={query} searchLabel="Buscar en tus frases" withView />

			{actionData?.confirm ? (
				<ConfirmStep
					title={
						actionData.confirm.intent === PHRASE_INTENT.deleteAll
							? '¿Eliminar todas tus frases?'
							: '¿Eliminar las frases seleccionadas?'
					}
					confirmLabel={
						actionData.confirm.intent === PHRASE_INTENT.deleteAll
							? 'Sí, eliminar todas'
							: 'Sí, eliminar'
					}
					cancelHref={here}
					fields={[
						['intent', actionData.confirm.intent],
						...('ids' in actionData.confirm
							? actionData.confirm.ids.map((id): [string, string] => ['ids', id])
							: []),
					]}
				>
					{actionData.confirm.intent === PHRASE_INTENT.deleteAll
						? `Se eliminarán tus ${actionData.confirm.count} frases guardadas. Esta acción no se puede deshacer.`
						: `Se eliminarán ${actionData.confirm.count} frase(s) seleccionada(s). Esta acción no se puede deshacer.`}
				</ConfirmStep>
			) : null}

			{phrases.length === 0 ? (
				<EmptyState
					search={query.search}
					showAllHref={phrasesHref({ ...query, search: '', page: 1, editing: null })}
				/>
			) : (
				<>
					<Form
						// A new list gets a fresh form ("select all" unticked).
						key={phrases.map((phrase) => phrase.id).join(' ')}
						id={SELECTION_FORM}
						method="post"
						preventScrollReset
						className="flex flex-wrap items-center gap-3 rounded-xl border border-gray-200 bg-white px-4 py-3 dark:border-white/10 dark:bg-gray-900"
					>
						<label className="flex items-center gap-2 text-sm font-medium text-gray-800 dark:text-gray-200">
							<input
								type="checkbox"
								name="todas"
								value="si"
								className="size-4 accent-brand-600"
								onChange={(event) => {
									// With JavaScript, the page's boxes follow; without it the server
									// reads this box as "every phrase on this page".
									const checked = event.currentTarget.checked
									list.current
										?.querySelectorAll<HTMLInputElement>(
											`input[form="${SELECTION_FORM}"][name="ids"]`,
										)
										.forEach((box) => (box.checked = checked))
								}}
							/>
							Seleccionar todas las de esta página
						</label>
						{phrases.map((phrase) => (
							<input key={phrase.id} type="hidden" name="visibles" value={phrase.id} />
						))}
						<div className="ml-auto flex flex-wrap gap-2">
							<button
								type="submit"
								name="intent"
								value={PHRASE_INTENT.deleteSelected}
								className={dangerButtonClass}
							>
								Eliminar seleccionadas
							</button>
							<button
								type="submit"
								name="intent"
								value={PHRASE_INTENT.deleteAll}
								className={dangerButtonClass}
							>
								Eliminar todas
							</button>
						</div>
						<FieldErrors id="seleccion-error" errors={actionData?.bulkErrors} />
					</Form>

					<div
						ref={list}
						className={cx(
							'grid gap-4',
							query.view === 'grid' ? 'sm:grid-cols-2 xl:grid-cols-3' : 'grid-cols-1',
						)}
						data-testid="lista-frases"
						data-vista={query.view}
					>
						{phrases.map((phrase, position) => (
							<PhraseCard
								key={phrase.id}
								phrase={phrase}
								index={firstIndex + position + 1}
								layout={query.view}
								selectionForm={SELECTION_FORM}
								editHref={phrasesHref({ ...query, editing: phrase.id })}
								cancelHref={here}
								editing={query.editing === phrase.id}
								editResult={query.editing === phrase.id ? (actionData?.edit ?? null) : null}
							/>
						))}
					</div>

					<Pagination
						page={query.page}
						pageCount={pageCount}
						label="Páginas de frases guardadas"
						hrefFor={(page) => phrasesHref({ ...query, page, editing: null })}
					/>
				</>
			)}
		</section>
	)
}

function EmptyState({ search, showAllHref }: { search: ListQuery['search']; showAllHref: string }) {
	return (
		<div className="rounded-xl border border-dashed border-gray-300 p-10 text-center dark:border-white/15">
			{search ? (
				<>
					<p className="text-gray-700 dark:text-gray-300">{messages.noMatches(search)}</p>
					<Link to={showAllHref} className={cx(secondaryButtonClass, 'mt-4')}>
						{messages.showAll}
					</Link>
				</>
			) : (
				<>
					<p className="text-gray-700 dark:text-gray-300">{messages.noPhrases}</p>
					<a href="/" target="_blank" rel="noopener" className={cx(secondaryButtonClass, 'mt-4')}>
						Generar Frases
					</a>
				</>
			)}
		</div>
	)
}

export function ErrorBoundary() {
	return <ListErrorBoundary loadError={messages.loadPhrasesError} />
}
