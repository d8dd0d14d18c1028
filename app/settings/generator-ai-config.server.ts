/**
 * A generator page's configuration: the service's, changed by the page's own settings
 * (a model from the list, a key, an API URL, a template, sampling), and where its calls go
 * with which key.
 */
import { type Page } from '~/generator/pages'
import { GEMINI_DEFAULT_MODEL } from '~/generation/providers/gemini.server'
import { getTextProvider, type ProviderConfig } from '~/generation/providers/index.server'
import { type ProviderId, type TextProvider } from '~/generation/providers/types'
import { prisma } from '~/utils/db.server'
import { keyFor, type KeyCandidate } from './bound-key.server'
import { PROMPT_PLACEHOLDER, type InstructionTemplate, type Sampling } from './generation-params'
import { modelTarget, storedKey, type ModelRow } from './key-candidates.server'
import {
	effectiveConfig,
	isProviderId,
	loadServiceAiConfig,
	type ServiceAiConfig,
} from './service-ai-config.server'
import { configuration, modelSelect } from './snapshot.server'

/** Generator pages whose own settings page sets sampling parameters too. */
const PAGES_WITH_OWN_SAMPLING: ReadonlySet<Page> = new Set(['instagram'])

export interface GenerationSetup {
	provider: TextProvider
	/** Absent: the page's built-in sampling. */
	sampling?: Sampling
	enhanceQuality: boolean
	template?: InstructionTemplate
}

/** The key a generator's calls carry, and whose it is. */
export interface UsedKey {
	candidate: KeyCandidate
	/** The page's own key, its custom model's, or the service's. */
	owner: 'page' | 'model' | 'service'
}

/**
 * The provider configuration a generator page uses: the service's, changed by the page's
 * own settings where an admin saved some (a model from the list, a key, an API URL). Also
 * says where its calls go and which key they carry, for the page's settings screen.
 */
export async function providerConfigFor(
	page: Page,
	service?: ServiceAiConfig,
): Promise<{
	config: ProviderConfig
	service: ServiceAiConfig
	tool: ToolRow | null
	address: string | null
	key: UsedKey | null
}> {
	const [resolved, { toolSettings }] = await Promise.all([
		service ?? loadServiceAiConfig(),
		configuration(),
	])
	const tool: ToolRow | null = page === 'home' ? null : (toolSettings.get(page) ?? null)
	if (!tool) {
		const candidate = resolved.effectiveKey
		return {
			config: resolved.effective,
			service: resolved,
			tool: null,
			address: resolved.effectiveAddress,
			key: candidate ? { candidate, owner: 'service' } : null,
		}
	}

	const { kind, baseUrl, target } = generatorTarget(
		{ ...tool, hasOwnKey: Boolean(tool.apiKey) },
		resolved,
	)
	const own = storedKey(tool.apiKey)
	const serviceKeys = kind === 'openai' ? resolved.openai.keys : resolved.gemini.keys
	const picked = keyFor([own, target?.key, ...serviceKeys], baseUrl)
	const model = tool.model?.model
	const config = effectiveConfig(kind, {
		gemini: {
			apiKey: picked?.value,
			baseUrl: baseUrl ?? resolved.gemini.address,
			model: model || resolved.gemini.model.value || GEMINI_DEFAULT_MODEL,
		},
		openai: {
			apiKey: picked?.value,
			baseUrl: baseUrl ?? undefined,
			model: model || resolved.openai.model?.value,
		},
	})
	const owner = picked === own ? 'page' : picked === target?.key ? 'model' : 'service'
	return {
		config,
		service: resolved,
		tool,
		address: config.provider === 'offline' ? null : baseUrl,
		key: picked && config.provider !== 'offline' ? { candidate: picked, owner } : null,
	}
}

/**
 * Where a generator's calls go with its own settings, whatever key they would carry: its
 * own address, else its model's, else the service's; and which API that address speaks.
 */
function generatorTarget(
	tool: Pick<ToolRow, 'baseUrl' | 'model'> & { hasOwnKey: boolean },
	service: ServiceAiConfig,
): { kind: ProviderId; baseUrl: string | null; target: ReturnType<typeof modelTarget> | null } {
	// The model's provider; else the service's; a page given its own address or key while the
	// service runs offline speaks Gemini's API (the product's original provider).
	const kind: ProviderId = isProviderId(tool.model?.provider)
		? (tool.model.provider as ProviderId)
		: service.effective.provider === 'offline' && (tool.baseUrl || tool.hasOwnKey)
			? 'gemini'
			: service.effective.provider
	const target = tool.model ? modelTarget(tool.model) : null
	const baseUrl =
		kind === 'openai'
			? tool.baseUrl || service.openai.baseUrl?.value || null
			: tool.baseUrl || target?.baseUrl || service.gemini.address
	return { kind, baseUrl, target }
}

/**
 * The address a generator's own key is saved for: where its calls go with the settings it
 * is being saved with (`modelId`: the model chosen in the same form).
 */
export async function generatorAddress(settings: {
	baseUrl: string | null
	modelId: string | null
}): Promise<string | null> {
	const [service, model] = await Promise.all([
		loadServiceAiConfig(),
		settings.modelId
			? prisma.modelOption.findUnique({ where: { id: settings.modelId }, select: modelSelect })
			: null,
	])
	return generatorTarget({ baseUrl: settings.baseUrl, model, hasOwnKey: true }, service).baseUrl
}

type ToolRow = {
	apiKey: string | null
	baseUrl: string | null
	customPrompt: string | null
	temperature: number
	topP: number
	maxTokens: number
	includeSystemPrompt: boolean
	model: ModelRow | null
}

/** Everything a generation on `page` needs from configuration, in a few indexed reads. */
export async function generationSetupFor(page: Page): Promise<GenerationSetup> {
	const { config, service, tool } = await providerConfigFor(page)
	const advanced = service.advanced
	let sampling: Sampling | undefined =
		advanced.source === 'admin'
			? {
					temperature: advanced.value.temperature,
					topP: advanced.value.topP,
					maxOutputTokens: advanced.value.maxTokens,
				}
			: undefined
	if (tool && PAGES_WITH_OWN_SAMPLING.has(page)) {
		sampling = { temperature: tool.temperature, topP: tool.topP, maxOutputTokens: tool.maxTokens }
	}
	const template = tool?.customPrompt?.includes(PROMPT_PLACEHOLDER)
		? { text: tool.customPrompt, includeSystemPrompt: tool.includeSystemPrompt }
		: undefined
	return {
		provider: getTextProvider(config),
		sampling,
		enhanceQuality: advanced.value.enhanceQuality,
		template,
	}
}
