/**
 * Which model answers, with which key and parameters: the one place that resolves it.
 * Admin settings (the `settings` table, the models list, the shared advanced parameters and
 * each generator's own settings) win over the environment, which wins over the built-in
 * defaults. Everything comes from the process's copy of the configuration
 * (snapshot.server.ts), which follows every change.
 *
 * Addresses and keys are resolved apart: first where a call goes, then the key for that
 * address, the first in precedence order that is bound to it (bound-key.server.ts): a
 * generator's own key, a custom model's key, the admin's, the environment's
 * (GEMINI_API_KEY belongs to GEMINI_BASE_URL or Google's address, OPENAI_API_KEY to
 * OPENAI_BASE_URL). A key is never sent to any other address, whatever the precedence.
 *
 * The resolution lives in service-ai-config.server.ts (the service's configuration) and
 * generator-ai-config.server.ts (a generator page's); key-candidates.server.ts weighs the
 * stored keys, generation-params.ts holds the parameters' shapes. Importers use this module.
 */
export {
	ADVANCED_DEFAULTS,
	PROMPT_PLACEHOLDER,
	type AdvancedParams,
	type InstructionTemplate,
	type Sampling,
} from './generation-params'
export {
	generationSetupFor,
	generatorAddress,
	providerConfigFor,
	type GenerationSetup,
	type UsedKey,
} from './generator-ai-config.server'
export { parseGeminiModelUrl } from './key-candidates.server'
export { loadServiceAiConfig, type ServiceAiConfig } from './service-ai-config.server'
