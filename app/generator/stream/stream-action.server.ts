/**
 * A generation streamed to the browser as server-sent events (docs/decisions/
 * 013-streamed-generation.md). The same checks, allowances, provider calls, rules and
 * storage as the generate form's post (generate-action.server.ts); what differs is that
 * each phrase is stored and sent as soon as it is released, and the browser moves to the
 * batch's address itself once `done` arrives. Pages without JavaScript never come here.
 */
import { DEFAULT_SIZE_KEY, isSizeKey } from '~/cards/sizes'
import { MESSAGES, successMessage } from '~/generation/errors'
import { appendBatchPhrases, createBatch, newBatchId } from '~/models/batch.server'
import { OPEN_STREAM_LIMITS, openStream } from '~/models/open-streams.server'
import { type QuotaSubject } from '~/models/quota.server'
import { formatSseEvent } from '~/utils/sse'
import { type CardBrand } from '../card-params.server'
import { streamedCard } from '../cards.server'
import { readGeneratorForm } from '../form.server'
import {
	keepGeneration,
	planGeneration,
	runGeneration,
	type PlannedGeneration,
} from '../generate-action.server'
import { type GeneratorContext } from '../loader.server'
import { batchBrand } from '../owner-brand.server'
import { PAGES } from '../pages'
import { type StreamEventName, type StreamEvents } from './events'
import { STREAM_MESSAGES } from './messages'

/** A comment line this often keeps proxies from closing a stream that is thinking. */
const HEARTBEAT_MS = 15_000

function refuse(status: number, message: string) {
	return new Response(message, {
		status,
		headers: { 'content-type': 'text/plain; charset=utf-8' },
	})
}

export async function streamGeneration(request: Request, context: GeneratorContext) {
	const name = new URL(request.url).searchParams.get('pagina')
	const page = PAGES.find((candidate) => candidate === name)
	if (!page) return refuse(404, STREAM_MESSAGES.notAPage)
	const { formData, oversize } = await readGeneratorForm(request)
	if (formData.get('intent') !== 'generate') return refuse(400, STREAM_MESSAGES.useTheForm)

	const clientAddress = context?.clientAddress
	let close: (() => Promise<void>) | undefined
	const admit = async (subject: QuotaSubject) => {
		const opened = await openStream(subject, clientAddress)
		if (opened.ok) {
			close = opened.close
			return null
		}
		return opened.scope === 'own'
			? STREAM_MESSAGES.tooManyOwn(OPEN_STREAM_LIMITS.own)
			: STREAM_MESSAGES.tooManyAddress
	}
	let plan: Awaited<ReturnType<typeof planGeneration>>
	try {
		plan = await planGeneration(page, request, formData, oversize, clientAddress, admit)
	} catch (error) {
		// Whatever broke, the stream it opened is not left counted.
		await close?.()
		throw error
	}
	if (!plan.ok) {
		await close?.()
		// The form's values and the reasons next to their fields, as the page's action sends them.
		return Response.json(
			{ values: plan.values, errors: plan.errors },
			{ status: plan.status, headers: plan.headers },
		)
	}

	const headers = new Headers(plan.headers)
	headers.set('content-type', 'text/event-stream; charset=utf-8')
	headers.set('cache-control', 'no-store')
	// A proxy in front (nginx) must pass each event on, not collect the answer.
	headers.set('x-accel-buffering', 'no')
	const encoder = new TextEncoder()
	let open = true
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			const write = (text: string) => {
				if (!open) return
				try {
					controller.enqueue(encoder.encode(text))
				} catch {
					open = false
				}
			}
			const send = <Name extends StreamEventName>(event: Name, data: StreamEvents[Name]) =>
				write(formatSseEvent(event, data))
			const heartbeat = setInterval(() => write(': …\n\n'), HEARTBEAT_MS)
			void stream(plan, request, send)
				.catch((error: unknown) => console.error('A streamed generation failed', error))
				.finally(async () => {
					clearInterval(heartbeat)
					await close?.().catch((error: unknown) => console.error(error))
					if (open) controller.close()
					open = false
				})
		},
		cancel() {
			open = false
		},
	})
	return new Response(body, { status: 200, headers })
}

type Send = <Name extends StreamEventName>(event: Name, data: StreamEvents[Name]) => void

/**
 * Runs the generation, storing each released phrase before it is sent (so whatever the
 * visitor saw is in the batch, also when they stop it), then the placeholders, then `done`.
 */
async function stream(plan: PlannedGeneration, request: Request, send: Send) {
	const { page, provider } = plan
	const batchId = newBatchId()
	const platform = isSizeKey(plan.settings.platform) ? plan.settings.platform : DEFAULT_SIZE_KEY
	const stored: string[] = []
	let brand: CardBrand | null = null
	const store = async (phrases: string[]) => {
		if (phrases.length === 0) return
		if (stored.length === 0) {
			const batch = await createBatch({
				id: batchId,
				page,
				viewer: plan.viewer,
				prompt: plan.prompt,
				settings: plan.settings,
				provider: provider.id,
				model: provider.model,
				phrases,
			})
			brand = await batchBrand(batch)
		} else {
			await appendBatchPhrases(batchId, stored.length, phrases)
		}
		stored.push(...phrases)
	}
	// The history is written once, whichever way the stream ends.
	let kept = false
	const keep = (phrases: string[]) => {
		kept = true
		return keepGeneration(plan, request, batchId, phrases)
	}

	try {
		const outcome = await runGeneration(plan, request.signal, {
			onPhrase: async (text) => {
				// Stopped: keep the batch to what the visitor saw.
				if (request.signal.aborted) return
				const position = stored.length
				await store([text])
				const card = streamedCard({ page, batchId, position, text, platform, brand })
				send('phrase', { position, text, card, href: plan.href(batchId) })
			},
			onRetry: (error) => send('notice', { message: STREAM_MESSAGES.retrying(error.message) }),
		})
		if (outcome.ok) {
			const { result } = outcome
			const placeholders = result.phrases.slice(stored.length)
			await store(placeholders)
			await keep(result.phrases)
			send('done', {
				href: plan.href(batchId),
				count: result.phrases.length,
				message: successMessage(result.phrases.length),
				notice:
					result.failure && placeholders.length > 0
						? STREAM_MESSAGES.filled(result.failure.message, placeholders.length)
						: null,
			})
			return
		}
		// Stopped, or failed: what was released stays, at its own address.
		if (stored.length > 0) await keep(stored)
		send('error', {
			message: outcome.error.message,
			toast: outcome.error.toast,
			values: plan.submitted,
			href: stored.length > 0 ? plan.href(batchId) : null,
		})
	} catch (error) {
		send('error', {
			message: MESSAGES.generic,
			toast: MESSAGES.generic,
			values: plan.submitted,
			href: stored.length > 0 ? plan.href(batchId) : null,
		})
		// Our own failure (storing a phrase, most likely): what was stored, and so shown, stays
		// at the batch's address and in the history, as when the model fails.
		if (stored.length > 0 && !kept) {
			await keep(stored).catch((reason: unknown) => console.error(reason))
		}
		throw error
	}
}
