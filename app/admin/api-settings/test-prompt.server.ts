/**
 * The Prueba tab: one call to the provider in force with the admin's prompt as it is and
 * the shared parameters, so the admin sees what the configuration really answers.
 */
import { isProviderError } from '~/generation/errors'
import { getTextProvider } from '~/generation/providers/index.server'
import { hit } from '~/auth/rate-limit.server'
import { loadServiceAiConfig } from '~/settings/ai-config.server'
import { apiSettingsMessages as m } from './messages'
import { scrubSecrets } from './scrub.server'

export const TEST_TIMEOUT_MS = 30_000
/** Test calls an admin may make a minute: each one may cost a real provider call. */
export const TEST_CALLS_PER_MINUTE = 20
/** Sampling's top-k, which the shared parameters do not set. */
const TOP_K = 40

export type TestOutcome =
	| { status: 'ok'; text: string; provider: string; model: string }
	| { status: 'error'; error: string; provider: string; model: string }
	| { status: 'rate_limited'; retryAfterSeconds: number }

export async function runTestPrompt(input: {
	adminId: string
	prompt: string
	signal: AbortSignal
	timeoutMs?: number
}): Promise<TestOutcome> {
	const allowed = await hit(`admin-api-test:${input.adminId}`, TEST_CALLS_PER_MINUTE)
	if (!allowed.allowed) {
		return { status: 'rate_limited', retryAfterSeconds: allowed.retryAfterSeconds }
	}
	const config = await loadServiceAiConfig()
	const provider = getTextProvider(config.effective)
	const params = config.advanced.value
	const who = { provider: provider.id, model: provider.model }
	try {
		const text = await provider.generate({
			instruction: input.prompt,
			temperature: params.temperature,
			topP: params.topP,
			topK: TOP_K,
			maxOutputTokens: params.maxTokens,
			signal: AbortSignal.any([
				input.signal,
				AbortSignal.timeout(input.timeoutMs ?? TEST_TIMEOUT_MS),
			]),
		})
		return { status: 'ok', text: scrubSecrets(text, config), ...who }
	} catch (error) {
		if (!isProviderError(error)) {
			console.error('Admin API test: unexpected failure', error instanceof Error ? error.name : '')
			return { status: 'error', error: m.generationError, ...who }
		}
		const detail =
			error.detail ??
			(error.kind === 'timeout'
				? m.testTimeout
				: error.kind === 'unavailable'
					? m.testUnavailable
					: error.kind === 'aborted'
						? m.testAborted
						: m.generationError)
		return { status: 'error', error: scrubSecrets(detail, config), ...who }
	}
}
