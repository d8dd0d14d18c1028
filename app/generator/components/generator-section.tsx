import { lazy, memo, Suspense, useState, type ComponentProps, type FormEvent } from 'react'
import { GENERATOR_MESSAGES } from '../messages'
import { GENERATOR_PAGES, hasImageMode } from '../pages'
import type { LiveGeneration } from '../stream/live-state'
import { type GeneratorActionData, type GeneratorData } from '../view'
import { GeneratorForm, useGenerating } from './generator-form'
import ServerOfflineNotice from './offline-notice'
import ServerPhraseResults from './phrase-results'

// With JavaScript the generate form streams its phrases into the page (docs/decisions/
// 013-streamed-generation.md). All of that code loads when a generation starts: the first
// page carries only this handler. Without JavaScript the form posts as it always did.
const loadLive = () => import('../stream/live-generation')
const LiveResults = lazy(loadLive)

// A first visit has no batch: the results' code (phrase tools, cards) stays out of the
// page's first load. The server renders it directly; the browser fetches its chunk when a
// batch is on screen, keeping the server's HTML (links and forms that work) until then.
const PhraseResults = import.meta.env.SSR
	? ServerPhraseResults
	: lazy(() => import('./phrase-results'))

// memo: a parent re-render must not touch the boundary before it has hydrated (React would
// then drop the server HTML and render the fallback).
const Results = memo(function Results(props: ComponentProps<typeof ServerPhraseResults>) {
	return (
		<Suspense fallback={null}>
			<PhraseResults {...props} />
		</Suspense>
	)
})

// Static text for sites without a model: the server renders it, and the browser fetches
// its chunk only on such a site, keeping the server's HTML until then (as Results above).
const LazyOfflineNotice = import.meta.env.SSR
	? ServerOfflineNotice
	: lazy(() => import('./offline-notice'))

const OfflineNotice = memo(function OfflineNotice() {
	return (
		<Suspense fallback={null}>
			<LazyOfflineNotice />
		</Suspense>
	)
})

/**
 * The generator of a page: the form, then the batch of phrases it produced with their
 * cards. The route passes its loader's data (`loadGenerator`) and its action's answer.
 */
export function GeneratorSection({
	data,
	actionData,
}: {
	data: GeneratorData
	actionData: GeneratorActionData | undefined
}) {
	const generating = useGenerating()
	const { page, batch } = data
	const [live, setLive] = useState<LiveGeneration | null>(null)
	const start = (event: FormEvent<HTMLFormElement>) => {
		const form = event.currentTarget
		event.preventDefault()
		live?.stop()
		loadLive().then(
			(module) => setLive(module.startLiveGeneration({ form, page, onChange: setLive })),
			// The streaming code did not load: the plain post (and its redirect) still works.
			() => form.submit(),
		)
	}
	const failed = live?.failure ?? (actionData && 'values' in actionData ? actionData : null)
	const values = failed?.values ?? data.values
	const cardError = actionData && 'cardError' in actionData ? actionData.cardError : null
	const path = GENERATOR_PAGES[page].path
	const base = batch ? `${path}?lote=${encodeURIComponent(batch.id)}&` : `${path}?`
	const tabs = hasImageMode(page)
	return (
		// Someone filling the form is about to generate: fetch the streaming code now.
		<div className="space-y-8" onFocus={() => void loadLive()}>
			{data.offline && !data.unavailable ? <OfflineNotice /> : null}
			{data.batchMissing ? (
				<p
					role="status"
					className="rounded-xl border border-gray-300 px-4 py-3 text-sm dark:border-white/15"
				>
					{GENERATOR_MESSAGES.batchMissing}
				</p>
			) : null}
			{data.unavailable ? (
				// Switched off by an admin: the page stays, the form gives way to this notice.
				<p
					role="status"
					className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
				>
					{data.unavailable}
				</p>
			) : (
				<GeneratorForm
					// A new batch, a mode switch or a new card format starts from that state's values.
					key={`${batch?.id ?? 'new'}-${values.mode}-${values.platform}`}
					page={page}
					values={values}
					errors={failed?.errors ?? null}
					quota={data.quota}
					textHref={tabs ? `${base}modo=texto` : undefined}
					imageHref={tabs ? `${base}modo=imagen` : undefined}
					onGenerate={start}
					running={live?.status === 'running' || live?.status === 'done' ? live : null}
				/>
			)}
			{live ? (
				<Suspense fallback={null}>
					<LiveResults live={live} clear={setLive} />
				</Suspense>
			) : null}
			{/* Previous results are cleared as soon as a new generation starts. */}
			{batch && !generating && !live ? (
				<Results
					page={page}
					batch={batch}
					editing={data.editing}
					signedIn={data.signedIn}
					cards={data.cards}
					cardError={cardError}
				/>
			) : null}
		</div>
	)
}
