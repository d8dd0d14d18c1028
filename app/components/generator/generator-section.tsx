import { useActionData, useLoaderData } from '@remix-run/react'
import { type ReactNode } from 'react'
import { type GeneratorLoaderData } from '~/generation/generator.server'
import {
	GeneratorForm,
	useGenerating,
	type GeneratorErrors,
	type GeneratorValues,
} from './generator-form'
import { PhraseResults } from './phrase-results'

type ActionData = { values: GeneratorValues; errors: GeneratorErrors } | undefined

const pagePath = { home: '/', instagram: '/instagram', facebook: '/facebook' } as const

function OfflineNotice() {
	return (
		<div className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
			<p>
				<strong>Motor sin conexión.</strong> Este sitio no tiene conectado ningún modelo de IA, así
				que Frasea compone las frases a partir de su propio banco de plantillas.
			</p>
			<p className="mt-1">
				Para frases escritas por un modelo de IA, quien administra el sitio puede configurar una
				clave de Gemini (<code>GEMINI_API_KEY</code>) o un servidor compatible con OpenAI, como
				Ollama (<code>OPENAI_BASE_URL</code> y <code>OPENAI_MODEL</code>).
			</p>
		</div>
	)
}

/**
 * The generator of a page: the form, then the batch of phrases it produced. The loader and
 * action behind it are `loadGenerator` and `generatorAction`.
 */
export function GeneratorSection({
	renderCard,
}: {
	renderCard?: (phrase: NonNullable<GeneratorLoaderData['batch']>['phrases'][number]) => ReactNode
}) {
	const loaderData = useLoaderData<GeneratorLoaderData>()
	const actionData = useActionData<ActionData>()
	const generating = useGenerating()
	const { page, batch } = loaderData
	const values = actionData?.values ?? loaderData.values
	const base = batch
		? `${pagePath[page]}?lote=${encodeURIComponent(batch.id)}&`
		: `${pagePath[page]}?`
	return (
		<div className="space-y-8">
			{loaderData.offline ? <OfflineNotice /> : null}
			{loaderData.batchMissing ? (
				<p
					role="status"
					className="rounded-xl border border-gray-300 px-4 py-3 text-sm dark:border-white/15"
				>
					Esta generación ya no está disponible. Genera frases nuevas cuando quieras.
				</p>
			) : null}
			<GeneratorForm
				// A new batch, a mode switch or a new card format starts from that state's values.
				key={`${batch?.id ?? 'new'}-${values.mode}-${values.platform}`}
				page={page}
				values={values}
				errors={actionData?.errors ?? null}
				quota={loaderData.quota}
				textHref={page === 'home' ? undefined : `${base}modo=texto`}
				imageHref={page === 'home' ? undefined : `${base}modo=imagen`}
			/>
			{/* Previous results are cleared as soon as a new generation starts. */}
			{batch && !generating ? (
				<PhraseResults
					page={page}
					batch={batch}
					editing={loaderData.editing}
					signedIn={loaderData.signedIn}
					renderCard={renderCard}
				/>
			) : null}
		</div>
	)
}
