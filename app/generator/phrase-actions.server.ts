/** What a visitor does to a batch's phrases: edit one, save one or all, set the cards' format. */
import { z } from 'zod'
import { getViewer } from '~/auth/guards.server'
import { isSizeKey } from '~/cards/sizes'
import { MAX_PHRASE_LENGTH } from '~/generation/options'
import { getBatchForViewer, updateBatchPhrase, updateBatchPlatform } from '~/models/batch.server'
import { savePhrases } from '~/models/phrase.server'
import { redirectWithToast } from '~/utils/toast.server'
import { GENERATOR_MESSAGES } from './messages'
import { batchHref, GENERATOR_PAGES, type Page } from './pages'

/** Batch ids are short: a longer value cannot name one (and must not bloat a redirect). */
const batchIdOf = (formData: FormData) => String(formData.get('batch') ?? '').slice(0, 64)

function batchMissing(): never {
	throw new Response(GENERATOR_MESSAGES.batchMissing, { status: 404 })
}

const phraseEditSchema = z.object({
	batch: z.string().min(1).max(64),
	position: z.coerce.number().int().min(0).max(100),
	content: z
		.string({ error: GENERATOR_MESSAGES.phraseRequired })
		.trim()
		.min(1, GENERATOR_MESSAGES.phraseRequired)
		.max(MAX_PHRASE_LENGTH, GENERATOR_MESSAGES.phraseTooLong),
})

export async function updatePhrase(page: Page, request: Request, formData: FormData) {
	const parsed = phraseEditSchema.safeParse(Object.fromEntries(formData))
	if (!parsed.success) {
		// Both go back into the URL: cut them short so a huge value cannot bloat the redirect.
		const position = encodeURIComponent(String(formData.get('position') ?? '').slice(0, 4))
		const message = parsed.error.issues[0]?.message ?? GENERATOR_MESSAGES.phraseRequired
		return redirectWithToast(
			batchHref(page, batchIdOf(formData), `&editar=${position}#frase-${position}`),
			{ type: 'error', message },
		)
	}
	const { viewer } = await getViewer(request)
	const { batch, position, content } = parsed.data
	if (!(await updateBatchPhrase(batch, position, content, viewer))) batchMissing()
	return redirectWithToast(batchHref(page, batch, `#frase-${position}`), {
		type: 'success',
		message: GENERATOR_MESSAGES.textUpdated,
	})
}

export async function savePhrase(
	page: Page,
	request: Request,
	formData: FormData,
	intent: 'save-phrase' | 'save-all',
) {
	const batchId = batchIdOf(formData)
	const back = (anchor = '#generated-phrases') => batchHref(page, batchId, anchor)
	const { user, viewer } = await getViewer(request)
	if (!user) {
		return redirectWithToast(back(), { type: 'error', message: GENERATOR_MESSAGES.loginToSave })
	}
	const batch = await getBatchForViewer(batchId, viewer)
	if (!batch) batchMissing()
	if (intent === 'save-all') {
		if (batch.phrases.length === 0) {
			return redirectWithToast(back(), { type: 'error', message: GENERATOR_MESSAGES.nothingToSave })
		}
		await savePhrases(
			user.id,
			batch.phrases.map((phrase) => phrase.content),
		)
		return redirectWithToast(back(), { type: 'success', message: GENERATOR_MESSAGES.savedAll })
	}
	const position = Number(formData.get('position'))
	const phrase = batch.phrases.find((candidate) => candidate.position === position)
	if (!phrase) throw new Response('Frase no encontrada', { status: 404 })
	await savePhrases(user.id, [phrase.content])
	return redirectWithToast(back(`#frase-${position}`), {
		type: 'success',
		message: GENERATOR_MESSAGES.saved,
	})
}

/**
 * The home page's design default: the platform every card of the batch is sized for.
 * Changing it re-applies to all the cards (their own size choices are dropped), and the
 * visitor comes back to the same page with the rest of the cards' design kept.
 */
export async function setPlatform(page: Page, request: Request, formData: FormData) {
	const batchId = batchIdOf(formData)
	const platform = formData.get('platform')
	if (!isSizeKey(platform)) throw new Response('Formato no válido', { status: 400 })
	const { viewer } = await getViewer(request)
	if (!(await updateBatchPlatform(batchId, platform, viewer))) batchMissing()
	const back = new URLSearchParams(String(formData.get('search') ?? '').slice(0, 4000))
	for (const key of [...back.keys()]) {
		if (/^c\d+\.s$/.test(key)) back.delete(key)
	}
	back.set('lote', batchId)
	return redirectWithToast(`${GENERATOR_PAGES[page].path}?${back}#generated-phrases`, {
		type: 'success',
		message: GENERATOR_MESSAGES.platformApplied,
	})
}
