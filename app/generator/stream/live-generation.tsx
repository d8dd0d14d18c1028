/**
 * A generation streamed into the page (with JavaScript only; loaded when one starts, never
 * with the first page). Posts the form to the stream route, shows each phrase with its card
 * as it is released, and once the batch is stored opens its address, so the page that
 * follows is the one a reload, a bookmark or going back would show.
 */
import { Link, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { CARD_MESSAGES } from '~/cards/messages'
import { showToast } from '~/components/toaster'
import { createSseParser, type SseEvent } from '~/utils/sse'
import { Spinner } from '../components/card/card-icons'
import { useCardCanvas } from '../components/card/use-card-canvas'
import { type Page } from '../pages'
import { type GeneratorErrors, type GeneratorValues, type StreamedCardView } from '../view'
import { STREAM_PATH, type StreamEvents } from './events'
import { type LiveGeneration } from './live-state'
import { STREAM_MESSAGES } from './messages'

const batchIdOf = (href: string) => new URL(href, window.location.origin).searchParams.get('lote')

/**
 * Starts streaming the form's generation; every change of its state goes to `onChange`,
 * beginning with the state returned.
 */
export function startLiveGeneration({
	form,
	page,
	onChange,
}: {
	form: HTMLFormElement
	page: Page
	onChange: (live: LiveGeneration) => void
}): LiveGeneration {
	const body = new FormData(form)
	const controller = new AbortController()
	let stopped = false
	let finished = false
	let state: LiveGeneration = {
		status: 'running',
		total: Number(body.get('count')) || 0,
		phrases: [],
		notice: null,
		error: null,
		failure: null,
		href: null,
		batchId: null,
		stop: (clicks = 1) => {
			// A double click on "Generar Frases" must not stop what its first click started.
			if (clicks > 1 || state.status !== 'running') return
			stopped = true
			controller.abort()
		},
	}
	const update = (change: Partial<LiveGeneration>) => {
		state = { ...state, ...change }
		onChange(state)
	}

	/** The batch is stored: its page, where its cards have every tool, opens (LiveResults). */
	const open = (href: string) => {
		finished = true
		update({ status: 'done', href, batchId: batchIdOf(href) })
	}

	const fail = (message: string, values: GeneratorValues | null) => {
		finished = true
		if (state.phrases.length === 0) {
			update({ status: 'failed', failure: { values, errors: { form: [message] } } })
		} else {
			update({ status: 'failed', error: STREAM_MESSAGES.kept(message, state.phrases.length) })
		}
	}

	const handle = ({ event, data }: SseEvent) => {
		if (event === 'phrase') {
			const phrase = JSON.parse(data) as StreamEvents['phrase']
			update({
				phrases: [...state.phrases, phrase],
				href: phrase.href,
				batchId: batchIdOf(phrase.href),
			})
		} else if (event === 'notice') {
			update({ notice: (JSON.parse(data) as StreamEvents['notice']).message })
		} else if (event === 'done') {
			const done = JSON.parse(data) as StreamEvents['done']
			showToast({ type: 'success', message: done.message })
			if (done.notice) showToast({ type: 'error', message: done.notice })
			open(done.href)
		} else if (event === 'error') {
			const failed = JSON.parse(data) as StreamEvents['error']
			showToast({ type: 'error', message: failed.toast })
			fail(failed.message, failed.values)
		}
	}

	const ended = () => {
		if (finished) return
		if (!stopped) return fail(STREAM_MESSAGES.connectionLost, null)
		finished = true
		showToast({ type: 'info', message: STREAM_MESSAGES.stopped(state.phrases.length) })
		// What arrived is stored: its page shows it with every tool.
		if (state.href && state.phrases.length > 0) open(state.href)
		else update({ status: 'stopped' })
	}

	const run = async () => {
		const response = await fetch(`${STREAM_PATH}?pagina=${page}`, {
			method: 'POST',
			body,
			headers: { accept: 'text/event-stream' },
			signal: controller.signal,
		})
		const type = response.headers.get('content-type') ?? ''
		if (!type.startsWith('text/event-stream') || !response.body) {
			finished = true
			// Refused before anything started: the form's values and the reasons by their fields.
			const refusal = type.includes('json')
				? ((await response.json()) as { values: GeneratorValues; errors: GeneratorErrors })
				: {
						values: null,
						// The server's refusals are a Spanish sentence; anything else is not shown.
						errors: {
							form: [
								(type.startsWith('text/plain') && (await response.text())) ||
									STREAM_MESSAGES.notStarted,
							],
						},
					}
			update({ status: 'failed', failure: refusal })
			return
		}
		const reader = response.body.getReader()
		const decoder = new TextDecoder()
		const parser = createSseParser()
		for (;;) {
			const { done, value } = await reader.read()
			const events = done ? parser.end() : parser.push(decoder.decode(value, { stream: true }))
			for (const event of events) handle(event)
			if (done) break
		}
	}

	run().then(ended, ended)
	return state
}

/**
 * Moves focus to the results once the finished batch's page shows them (their code may
 * still be loading), so keyboard and screen reader users land on what they asked for.
 */
function focusResults() {
	let frames = 0
	const attempt = () => {
		const results = document.getElementById('generated-phrases')
		if (results) results.focus({ preventScroll: true })
		else if (frames++ < 120) requestAnimationFrame(attempt)
	}
	attempt()
}

/**
 * A generation in the page, from its first phrase until the page of its stored batch shows
 * (`clear` hands the results back to that page). A refusal or a failure before any phrase
 * shows on the form instead, as without JavaScript. The default export, as React.lazy
 * takes it.
 */
export default function LiveResults({
	live,
	clear,
}: {
	live: LiveGeneration
	clear: (live: null) => void
}) {
	// The batch the page shows: once it is this generation's, its page has arrived.
	const location = useLocation()
	const shown = new URLSearchParams(location.search).get('lote')
	const arrived = live.status === 'done' && live.batchId !== null && live.batchId === shown
	const navigate = useNavigate()
	const done = live.status === 'done' ? live.href : null
	useEffect(() => {
		if (done) navigate(done, { preventScrollReset: true })
	}, [done, navigate])
	useEffect(() => {
		// The finished batch's page shows it with these tools: have them ready by then. (Not
		// in the server build, which must stay one file.)
		if (!import.meta.env.SSR) void import('../components/phrase-results')
	}, [])
	useEffect(() => {
		if (arrived) {
			clear(null)
			focusResults()
		} else if (live.status === 'stopped') {
			// Stopped before any phrase: the toast says so, the page is as it was.
			clear(null)
		}
	}, [arrived, live.status, clear])
	// Another page state (a tab, a card's action): what an ended stream said is past.
	const startedAt = useRef(location.key)
	useEffect(() => {
		if (location.key !== startedAt.current && live.status !== 'running') clear(null)
	}, [location.key, live.status, clear])
	if (live.failure || arrived) return null
	return <PhraseStream live={live} />
}

/** The phrases of a generation still being written, each with the preview of its card. */
function PhraseStream({ live }: { live: LiveGeneration }) {
	const count = live.phrases.length
	return (
		<section aria-labelledby="live-phrases-title" className="space-y-5" data-testid="live-results">
			<div>
				<h2 id="live-phrases-title" className="text-2xl font-bold text-gray-900 dark:text-white">
					Frases Generadas
				</h2>
				<p className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
					{live.status === 'running' ? <Spinner className="motion-reduce:animate-none" /> : null}
					{count === 0 && live.status === 'running'
						? STREAM_MESSAGES.waiting
						: STREAM_MESSAGES.arriving(count, live.total)}
				</p>
			</div>
			{/* Read out politely as phrases arrive; the list itself is not announced twice. */}
			<div role="log" aria-live="polite" className="sr-only">
				{live.phrases.map((phrase) => (
					<p key={phrase.position}>{STREAM_MESSAGES.announce(phrase.position + 1, phrase.text)}</p>
				))}
				{live.notice ? <p>{live.notice}</p> : null}
			</div>
			{live.notice && !live.error && live.status === 'running' ? (
				<p
					className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
					data-testid="live-notice"
				>
					{live.notice}
				</p>
			) : null}
			{live.error ? (
				<div
					role="alert"
					className="space-y-1 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-950 dark:text-red-200"
				>
					<p>{live.error}</p>
					{live.href ? (
						<Link to={live.href} className="font-semibold underline">
							{STREAM_MESSAGES.openKept}
						</Link>
					) : null}
				</div>
			) : null}
			<ol className="space-y-4">
				{live.phrases.map((phrase) => (
					<li
						key={phrase.position}
						className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm motion-safe:animate-[phrase-in_240ms_ease-out] dark:border-white/10 dark:bg-gray-900"
						data-testid="live-phrase"
					>
						<div className="flex items-start gap-4">
							<span
								aria-hidden="true"
								className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-700 dark:bg-brand-500/20 dark:text-brand-200"
							>
								{phrase.position + 1}
							</span>
							<div className="min-w-0 flex-1 space-y-4">
								<p
									className="text-lg leading-relaxed whitespace-pre-line text-gray-900 dark:text-gray-100"
									data-testid="live-phrase-text"
								>
									<span className="sr-only">Frase {phrase.position + 1}: </span>
									{phrase.text}
								</p>
								<LiveCard card={phrase.card} />
							</div>
						</div>
					</li>
				))}
			</ol>
		</section>
	)
}

/**
 * A card's preview while its batch is written: drawn in the browser, from the state and the
 * signed background the server sent; the server's signed image only if drawing fails.
 */
function LiveCard({ card }: { card: StreamedCardView }) {
	const canvas = useCardCanvas({
		enabled: true,
		state: card.state,
		backgroundUrl: card.image.background,
		displayWidth: card.image.width,
	})
	const failed = canvas.status === 'error'
	return (
		<figure className="mx-auto" style={{ maxWidth: card.image.width }} data-testid="live-card">
			<div
				className="relative overflow-hidden rounded-xl bg-gray-200 shadow-sm ring-1 ring-black/5 dark:bg-gray-800 dark:ring-white/10"
				style={{ aspectRatio: `${card.image.width} / ${card.image.height}` }}
			>
				<p className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-gray-600 dark:text-gray-300">
					{CARD_MESSAGES.creating}
				</p>
				{failed ? (
					<img
						src={card.image.src}
						srcSet={card.image.srcSet}
						sizes={`(min-width: 640px) ${card.image.width}px, 100vw`}
						width={card.image.width}
						height={card.image.height}
						alt={`Imagen de la frase ${card.number}`}
						className="relative block h-full w-full object-cover"
					/>
				) : null}
				<canvas
					ref={canvas.canvasRef}
					role="img"
					aria-label={`Imagen de la frase ${card.number}`}
					hidden={!canvas.drawn}
					className="relative block h-full w-full"
				/>
			</div>
		</figure>
	)
}
