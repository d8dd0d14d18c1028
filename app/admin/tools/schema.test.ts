import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { toolsMessages as m } from './messages'
import { facebookSettingsSchema, instagramSettingsSchema, newToolSchema } from './schema'

/** Parses a posted form as the actions do; the errors by field ('' is the form's own). */
function check(
	schema: Parameters<typeof parseWithZod>[1]['schema'],
	fields: Record<string, string>,
) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	const submission = parseWithZod(form, { schema })
	return submission.status === 'success'
		? { ok: true as const, value: submission.value as Record<string, unknown> }
		: { ok: false as const, errors: submission.error ?? {} }
}

describe('a new tool', () => {
	const valid = { name: 'Hashtags', description: 'Ideas', endpoint: '/hashtags', isActive: 'on' }

	test('a complete form passes, with a path or an http(s) URL', () => {
		expect(check(newToolSchema, valid)).toMatchObject({ ok: true, value: { isActive: true } })
		const url = check(newToolSchema, { ...valid, endpoint: 'https://bio.example/x', isActive: '' })
		expect(url).toMatchObject({ ok: true, value: { isActive: false } })
	})

	test('any empty field gets the agreed message above the form', () => {
		for (const empty of ['name', 'description', 'endpoint']) {
			const result = check(newToolSchema, { ...valid, [empty]: '   ' })
			expect(result.ok, empty).toBe(false)
			if (!result.ok) expect(result.errors['']).toEqual([m.fillAllFields])
		}
	})

	test('too long, or an address that is neither a site path nor an http(s) URL', () => {
		const long = check(newToolSchema, { ...valid, name: 'x'.repeat(101) })
		expect(!long.ok && long.errors.name).toEqual([m.nameTooLong(100)])
		for (const endpoint of [
			'hashtags',
			'//otro.example',
			'javascript:alert(1)',
			'ftp://x.example',
		]) {
			const result = check(newToolSchema, { ...valid, endpoint })
			expect(!result.ok && result.errors.endpoint, endpoint).toEqual([m.endpointInvalid])
		}
	})
})

describe('Instagram settings', () => {
	const valid = {
		name: 'Generador de Instagram',
		description: 'Captions',
		isActive: 'on',
		customPrompt: 'Escribe para una cuenta de viajes: {{prompt}}',
		includeSystemPrompt: 'on',
		temperature: '0.7',
		maxTokens: '1024',
		topP: '0.95',
	}

	test('a valid form passes, numbers and switches read', () => {
		expect(check(instagramSettingsSchema, { ...valid, includeSystemPrompt: '' })).toMatchObject({
			ok: true,
			value: { temperature: 0.7, maxTokens: 1024, topP: 0.95, includeSystemPrompt: false },
		})
	})

	test('a template without {{prompt}} is refused with the agreed message', () => {
		for (const customPrompt of ['Escribe para una cuenta de viajes', '', '{{ prompt }}']) {
			const result = check(instagramSettingsSchema, { ...valid, customPrompt })
			expect(!result.ok && result.errors.customPrompt, customPrompt).toEqual([
				'La plantilla debe incluir {{prompt}}',
			])
		}
	})

	test('sampling outside its range or step is refused', () => {
		const cases: Array<[string, string, string]> = [
			['temperature', '1.1', m.temperatureInvalid],
			['temperature', '0.25', m.temperatureInvalid],
			['temperature', 'mucho', m.temperatureInvalid],
			['maxTokens', '0', m.maxTokensInvalid],
			['maxTokens', '2049', m.maxTokensInvalid],
			['maxTokens', '10.5', m.maxTokensInvalid],
			['topP', '0.05', m.topPInvalid],
			['topP', '0.93', m.topPInvalid],
		]
		for (const [field, value, message] of cases) {
			const result = check(instagramSettingsSchema, { ...valid, [field]: value })
			expect(!result.ok && result.errors[field], `${field}=${value}`).toEqual([message])
		}
		for (const [field, value] of [
			['temperature', '0'],
			['temperature', '1'],
			['topP', '0.1'],
			['topP', '0.85'],
			['maxTokens', '2048'],
		] as const) {
			expect(
				check(instagramSettingsSchema, { ...valid, [field]: value }).ok,
				`${field}=${value}`,
			).toBe(true)
		}
	})

	test('a name is required', () => {
		const result = check(instagramSettingsSchema, { ...valid, name: '' })
		expect(!result.ok && result.errors.name).toEqual([m.nameRequired])
	})
})

describe('Facebook settings', () => {
	test('saving needs an http(s) address without query or credentials', () => {
		expect(
			check(facebookSettingsSchema, { intent: 'guardar', baseUrl: 'https://api.example/gemini/' }),
		).toMatchObject({ ok: true })
		const missing = check(facebookSettingsSchema, { intent: 'guardar', baseUrl: '' })
		expect(!missing.ok && missing.errors.baseUrl).toEqual([m.apiUrlRequired])
		for (const baseUrl of [
			'api.example',
			'ftp://api.example',
			'https://u:p@api.example',
			'https://api.example/?key=x',
		]) {
			const result = check(facebookSettingsSchema, { intent: 'guardar', baseUrl })
			expect(!result.ok && result.errors.baseUrl, baseUrl).toEqual([m.apiUrlInvalid])
		}
	})

	test('a test without an address names both things it needs', () => {
		const result = check(facebookSettingsSchema, { intent: 'probar', apiKey: 'clave' })
		expect(!result.ok && result.errors['']).toEqual([
			'Por favor, completa la URL de la API y la clave API',
		])
	})
})
