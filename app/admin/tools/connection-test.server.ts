/**
 * 'Probar conexión' on the Facebook generator's settings: one tiny generation against the
 * typed address and key (before they are saved), told back in one of four ways: it
 * answered with text, it answered without, the API refused (in its own words), or nothing
 * answered. The key never appears in what is shown, even if the API echoes it.
 *
 * An empty key field tests the stored key, but only against the URL it was saved with:
 * any other address gets only a key typed in the same form (bound-key.server.ts).
 */
import { ProviderError } from '~/generation/errors'
import { createGeminiProvider, GEMINI_DEFAULT_MODEL } from '~/generation/providers/gemini.server'
import { createOpenAIProvider } from '~/generation/providers/openai.server'
import { type TextProvider } from '~/generation/providers/types'
import { hit } from '~/auth/rate-limit.server'
import { loadServiceAiConfig } from '~/settings/ai-config.server'
import { sameAddress } from '~/settings/bound-key.server'
import { prisma } from '~/utils/db.server'
import { storedToolKey, type GeneratorToolId } from './generator-settings.server'
import { toolsMessages as m } from './messages'

export const TEST_TIMEOUT_MS = 15_000
/** Tests an admin may run a minute: each one is a billed call. */
export const TESTS_PER_MINUTE = 20

const EXCERPT_LENGTH = 120
const MESSAGE_LENGTH = 300

export type ConnectionResult =
	{ ok: true; message: string; excerpt: string } | { ok: false; message: string }

export interface ConnectionTarget {
	baseUrl: string
	apiKey: string
	/** 'gemini' or 'openai': which API the address speaks. */
	provider: string
	model: string
}

/** The model a test calls: the chosen entry of the list, else the service's Gemini model. */
export async function connectionTargetModel(modelId: string | undefined) {
	const row = modelId
		? await prisma.modelOption.findUnique({
				where: { id: modelId },
				select: { provider: true, model: true },
			})
		: null
	if (row) return row
	const service = await loadServiceAiConfig()
	return { provider: 'gemini', model: service.gemini.model.value || GEMINI_DEFAULT_MODEL }
}

/**
 * The key a test of `baseUrl` may carry: the one typed, else the generator's stored key
 * when it was saved for that same address. 'missing' when there is none at all,
 * 'other_address' when the stored one belongs to another address.
 */
export async function connectionTestKey(
	toolId: GeneratorToolId,
	typed: string | undefined,
	baseUrl: string,
): Promise<{ apiKey: string } | 'missing' | 'other_address'> {
	if (typed) return { apiKey: typed }
	const stored = await storedToolKey(toolId)
	if (!stored) return 'missing'
	return sameAddress(stored.address, baseUrl) ? { apiKey: stored.key } : 'other_address'
}

function providerFor(target: ConnectionTarget): TextProvider {
	return target.provider === 'openai'
		? createOpenAIProvider({ baseUrl: target.baseUrl, apiKey: target.apiKey, model: target.model })
		: createGeminiProvider({ baseUrl: target.baseUrl, apiKey: target.apiKey, model: target.model })
}

/** Text safe to show: the key masked wherever it appears, and short. */
function shown(text: string, apiKey: string) {
	const masked = apiKey.length >= 4 ? text.split(apiKey).join('••••') : text
	const oneLine = masked.replace(/\s+/g, ' ').trim()
	return oneLine.length > MESSAGE_LENGTH ? `${oneLine.slice(0, MESSAGE_LENGTH)}…` : oneLine
}

/** What a failed call means for the admin. */
export function classifyFailure(error: unknown, apiKey: string): ConnectionResult {
	if (!(error instanceof ProviderError)) {
		console.error('Admin: the connection test failed unexpectedly', error)
		return { ok: false, message: m.testUnreachable }
	}
	// No HTTP answer at all: refused, unknown host, or no answer within the timeout.
	if (error.status === undefined) {
		if (error.kind === 'bad_response' || error.kind === 'blocked') {
			return { ok: false, message: m.testEmpty }
		}
		return { ok: false, message: m.testUnreachable }
	}
	return { ok: false, message: m.apiError(shown(error.detail ?? `HTTP ${error.status}`, apiKey)) }
}

/** One short generation: at most a few tokens, no retries, 15 s at most. */
export async function testConnection(
	target: ConnectionTarget,
	timeoutMs = TEST_TIMEOUT_MS,
): Promise<ConnectionResult> {
	try {
		const text = await providerFor(target).generate({
			instruction: 'Responde solo con la palabra: ok',
			temperature: 0,
			topP: 1,
			topK: 1,
			maxOutputTokens: 16,
			signal: AbortSignal.timeout(timeoutMs),
		})
		const excerpt = shown(text, target.apiKey).slice(0, EXCERPT_LENGTH)
		return excerpt ? { ok: true, message: m.testOk, excerpt } : { ok: false, message: m.testEmpty }
	} catch (error) {
		return classifyFailure(error, target.apiKey)
	}
}

/** Counts one test for the admin; the seconds to wait when over the limit. */
export async function takeTestSlot(adminId: string) {
	const result = await hit(`admin-tool-test:${adminId}`, TESTS_PER_MINUTE)
	return result.allowed ? null : result.retryAfterSeconds
}
