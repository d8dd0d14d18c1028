/**
 * One call to the text provider, bounded: by a timeout of its own and by the visitor's
 * abort signal, so a provider that ignores its signal still cannot hold a request open. A
 * whole answer (`callWithTimeout`) or one read as it is written (`streamWithTimeout`),
 * whose released phrases are handed on one by one. The orchestrator (generate.server.ts)
 * decides what to do with what comes back.
 */
import { isProviderError, ProviderError } from './errors'
import { type TextProvider } from './providers/types'
import { type StreamedAnswer } from './release'

/**
 * What `onPhrase` threw, told apart from the provider's failures on its way out of the
 * provider call; never leaves the orchestrator (its caller gets `cause` back).
 */
export class PhraseNotKept extends Error {
	constructor(cause: unknown) {
		super('A released phrase could not be kept', { cause })
	}
}

/** Any failure as a ProviderError, telling the visitor's abort from our timeout. */
export function normalizeError(
	error: unknown,
	signal: AbortSignal | undefined,
	provider: TextProvider,
): ProviderError {
	if (signal?.aborted) return new ProviderError('aborted', { cause: error, model: provider.model })
	if (isProviderError(error)) return error
	if (error instanceof DOMException && error.name === 'TimeoutError') {
		return new ProviderError('timeout', { cause: error, model: provider.model })
	}
	return new ProviderError('bad_response', {
		detail: error instanceof Error ? error.message : String(error),
		cause: error,
		model: provider.model,
	})
}

export type CallParams = Parameters<TextProvider['generate']>[0] & { timeoutMs: number }

/**
 * Runs one provider call bounded by `timeoutMs` and the caller's signal. `race` settles
 * with the first of a promise and the abort, so a provider that ignores its signal cannot
 * hold the request open.
 */
async function boundedCall<T>(
	provider: TextProvider,
	params: CallParams,
	run: (
		params: Parameters<TextProvider['generate']>[0],
		race: <U>(promise: Promise<U>) => Promise<U>,
	) => Promise<T>,
): Promise<T> {
	const { timeoutMs, signal: callerSignal, ...rest } = params
	const timeout = new AbortController()
	const timer = setTimeout(
		() => timeout.abort(new DOMException('The provider call timed out', 'TimeoutError')),
		timeoutMs,
	)
	const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal
	let onAbort: (() => void) | undefined
	const aborted = new Promise<never>((_, reject) => {
		onAbort = () => {
			const timedOut = timeout.signal.aborted && !callerSignal?.aborted
			reject(new ProviderError(timedOut ? 'timeout' : 'aborted', { model: provider.model }))
		}
		if (signal.aborted) onAbort()
		else signal.addEventListener('abort', onAbort, { once: true })
	})
	// Nobody may be racing it when the abort comes.
	aborted.catch(() => {})
	try {
		return await run({ ...rest, signal }, (promise) => Promise.race([promise, aborted]))
	} catch (error) {
		// A phrase we failed to keep is our failure, even once the clock ran out.
		if (timeout.signal.aborted && !callerSignal?.aborted && !(error instanceof PhraseNotKept)) {
			throw new ProviderError('timeout', { cause: error, model: provider.model })
		}
		throw error
	} finally {
		clearTimeout(timer)
		if (onAbort) signal.removeEventListener('abort', onAbort)
	}
}

/** One whole answer. */
export function callWithTimeout(provider: TextProvider, params: CallParams): Promise<string> {
	return boundedCall(provider, params, (call, race) => race(provider.generate(call)))
}

/**
 * One answer read as it is written, fed to `answer`; what it releases goes to `onPhrase`,
 * and joins `released` once `onPhrase` kept it. Stops reading (and so cancels the call)
 * once the batch is full. A provider without a stream of its own (the offline engine)
 * hands over its whole answer at once.
 */
export function streamWithTimeout(
	provider: TextProvider,
	params: CallParams,
	answer: StreamedAnswer,
	onPhrase: (phrase: string) => Promise<void> | void,
	released: string[],
): Promise<void> {
	const keep = async (phrase: string) => {
		try {
			await onPhrase(phrase)
		} catch (error) {
			throw new PhraseNotKept(error)
		}
		released.push(phrase)
	}
	return boundedCall(provider, params, async (call, race) => {
		const pieces = provider.stream ? provider.stream(call) : wholeAsStream(provider, call)
		const iterator = pieces[Symbol.asyncIterator]()
		try {
			for (;;) {
				const next = await race(iterator.next())
				if (next.done) break
				for (const phrase of answer.push(next.value)) await keep(phrase)
				if (answer.full) return
			}
			for (const phrase of answer.end()) await keep(phrase)
		} finally {
			void iterator.return?.()?.catch(() => {})
		}
	})
}

async function* wholeAsStream(
	provider: TextProvider,
	params: Parameters<TextProvider['generate']>[0],
): AsyncGenerator<string> {
	yield await provider.generate(params)
}
