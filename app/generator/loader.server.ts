/**
 * What a generator page shows: the form's values, today's allowance, and the batch of
 * phrases in the URL (`?lote=`) with its image cards.
 */
import { type AppLoadContext } from '@remix-run/node'
import { getViewer } from '~/auth/guards.server'
import { DEFAULT_SIZE_KEY, isSizeKey } from '~/cards/sizes'
import { findSpanishStyle } from '~/dashboard/settings.server'
import { styleFromSearch } from '~/generation/spanish'
import { providerConfigFor } from '~/settings/ai-config.server'
import { isGeneratorOpen } from '~/settings/tools.server'
import { getBatchForViewer } from '~/models/batch.server'
import { batchBrand } from './owner-brand.server'
import { quotaInfo } from './allowance.server'
import { loadCards } from './cards.server'
import { UNAVAILABLE_MESSAGES } from './messages'
import { hasImageMode, type Page } from './pages'
import { formValues } from './values'
import { type BatchView, type GeneratorData } from './view'

/**
 * What the generator needs from the server's load context: the client address counts
 * toward its own daily limit. The HTTP server (server/index.js) always provides it; it is
 * optional for callers without one (unit tests), which then share one address counter.
 */
export type GeneratorContext = Partial<Pick<AppLoadContext, 'clientAddress'>> | undefined

export async function loadGenerator(
	page: Page,
	request: Request,
	context: GeneratorContext,
): Promise<GeneratorData> {
	const url = new URL(request.url)
	const { user, viewer } = await getViewer(request)
	const batchId = url.searchParams.get('lote')
	const [{ config }, open] = await Promise.all([providerConfigFor(page), isGeneratorOpen(page)])
	const offline = config.provider === 'offline'
	const [stored, quota, remembered] = await Promise.all([
		batchId ? getBatchForViewer(batchId, viewer) : null,
		quotaInfo(viewer.userId, viewer.visitorId, context?.clientAddress, { offline }),
		user ? findSpanishStyle(user.id) : {},
	])
	const settings = stored ? (JSON.parse(stored.settings) as Record<string, unknown>) : null
	// The Spanish choice: the user's last one, the batch's own, then the address's
	// (`?variante=ar&registro=formal`), each over the one before.
	const values = formValues(
		page,
		settings ? { ...settings, prompt: stored?.prompt } : null,
		remembered,
	)
	Object.assign(values, styleFromSearch(url.searchParams))
	// The Texto / Imagen tabs are links: `?modo=` switches the form without JavaScript.
	const mode = url.searchParams.get('modo')
	if (hasImageMode(page) && (mode === 'imagen' || mode === 'texto')) {
		values.mode = mode === 'imagen' ? 'image' : 'text'
	}
	const editing = Number.parseInt(url.searchParams.get('editar') ?? '', 10)
	const batch: BatchView | null = stored
		? {
				id: stored.id,
				offline: stored.provider === 'offline',
				platform: isSizeKey(settings?.platform) ? settings.platform : DEFAULT_SIZE_KEY,
				phrases: stored.phrases.map(({ position, content }) => ({ position, content })),
			}
		: null
	return {
		page,
		values,
		quota,
		signedIn: Boolean(user),
		offline,
		unavailable: open ? null : UNAVAILABLE_MESSAGES[page],
		batchMissing: Boolean(batchId) && !stored,
		batch,
		editing: Number.isInteger(editing) ? editing : null,
		cards: batch ? await loadCards(page, request, batch, viewer, await batchBrand(stored)) : null,
	}
}
