import { type GenerationEvent as AttemptEvent } from '~/generation/generate.server'
import { type Page } from '~/generator/pages'
import { prisma } from '~/utils/db.server'

/**
 * One row per provider call, for the admin statistics (calls, errors, latency, languages
 * and what the language check rejected).
 */
export async function recordGenerationEvents(input: {
	page: Page
	provider: string
	model: string
	userId: string | null
	/** The language asked for ('es') and, for Spanish, the variety ('ar'). */
	language: string
	variant: string | null
	events: AttemptEvent[]
}) {
	if (input.events.length === 0) return
	try {
		await prisma.generationEvent.createMany({
			data: input.events.map((event) => ({
				page: input.page,
				provider: input.provider,
				model: input.model,
				userId: input.userId,
				latencyMs: event.latencyMs,
				outcome: event.outcome === 'ok' || event.outcome === 'short' ? 'success' : 'error',
				errorKind: event.errorKind ?? null,
				language: input.language,
				variant: input.variant,
				rejectedPhrases: event.rejected ?? 0,
			})),
		})
	} catch (error) {
		console.error('Could not record generation events', error)
	}
}

/**
 * Writes a signed-in user's generation to their history, unless they turned history off.
 * A failure is logged, never shown: the phrases were generated all the same.
 */
export async function writeHistory(input: {
	userId: string
	phrases: string[]
	prompt: string
	settings: unknown
	batchId: string
}) {
	try {
		const settings = await prisma.userSettings.findUnique({
			where: { userId: input.userId },
			select: { saveHistory: true },
		})
		if (settings && !settings.saveHistory) return
		await prisma.historyPhrase.createMany({
			data: input.phrases.map((content) => ({
				userId: input.userId,
				content,
				originalPrompt: input.prompt || null,
				settings: JSON.stringify(input.settings),
				batchId: input.batchId,
			})),
		})
	} catch (error) {
		console.error('Could not write generation history', error)
	}
}
