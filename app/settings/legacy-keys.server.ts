/**
 * Keys saved before each key was bound to its address hold the bare key, and the resolver
 * sends such a key nowhere. At start, each is bound to the address it was being sent to
 * then, so an installation keeps working after the upgrade while a later change of address
 * no longer carries it along:
 *
 * - the service's Gemini key: the Gemini address in force (the admin's, else
 *   GEMINI_BASE_URL, else Google's);
 * - the OpenAI-compatible server's key: its address in force; with none configured, the key
 *   was never sent anywhere and stays unbound (an admin types it again with an address);
 * - a generator's own key: where that generator's calls went.
 *
 * A custom model's key needs nothing: its URL is kept beside it and never changes.
 * Idempotent, and safe with several processes starting at once: a value is replaced only
 * if it is still the one read.
 */
import { generatorAddress, loadServiceAiConfig } from './ai-config.server'
import { openKey, sealKey } from './bound-key.server'
import { SETTING_KEYS } from './store.server'
import { prisma } from '~/utils/db.server'

/** Binds every bare stored key; returns how many were bound. */
export async function bindLegacyKeys(): Promise<number> {
	let bound = 0
	const config = await loadServiceAiConfig()
	const settings = await prisma.setting.findMany({
		where: { key: { in: [SETTING_KEYS.geminiApiKey, SETTING_KEYS.openaiApiKey] } },
	})
	for (const row of settings) {
		const opened = openKey(row.value)
		if (!opened?.legacy) continue
		const address =
			row.key === SETTING_KEYS.geminiApiKey
				? config.gemini.baseUrl.value
				: (config.openai.baseUrl?.value ?? null)
		if (!address) continue
		const { count } = await prisma.setting.updateMany({
			where: { key: row.key, value: row.value },
			data: { value: sealKey(opened.key, address) },
		})
		bound += count
	}

	const tools = await prisma.toolSettings.findMany({
		where: { apiKey: { not: null } },
		select: { toolId: true, apiKey: true, baseUrl: true, modelId: true },
	})
	for (const tool of tools) {
		const opened = tool.apiKey ? openKey(tool.apiKey) : null
		if (!opened?.legacy) continue
		const address = await generatorAddress(tool)
		if (!address) continue
		const { count } = await prisma.toolSettings.updateMany({
			where: { toolId: tool.toolId, apiKey: tool.apiKey },
			data: { apiKey: sealKey(opened.key, address) },
		})
		bound += count
	}
	if (bound > 0) {
		console.info(`Bound ${bound} stored provider key(s) to the address each was used with.`)
	}
	return bound
}
