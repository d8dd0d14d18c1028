/**
 * Provider messages are shown to the admin (a failed test, a failed model list), and a
 * provider could echo the key it was given: every key in force is masked out first.
 */
import { type ServiceAiConfig } from '~/settings/ai-config.server'
import { maskSecret } from '~/settings/secrets.server'

export function secretsOf(config: ServiceAiConfig): string[] {
	const values = [
		...config.gemini.keys.map((key) => key.value),
		...config.openai.keys.map((key) => key.value),
		config.effective.gemini?.apiKey,
		config.effective.openai?.apiKey,
	]
	return [...new Set(values.filter((value): value is string => Boolean(value)))]
}

export function scrubSecrets(text: string, config: ServiceAiConfig): string {
	let clean = text
	for (const secret of secretsOf(config)) clean = clean.split(secret).join(maskSecret(secret))
	return clean
}
