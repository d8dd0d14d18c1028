import { describe, expect, test } from 'vitest'
import { MAX_CONTEXT_LENGTH, MAX_IMAGE_BYTES, MAX_PROMPT_LENGTH } from '~/generation/options'
import { VALIDATION_MESSAGES } from './messages'
import { PAGES } from './pages'
import { generationSchema } from './schema'
import { formValues } from './values'

const base = { prompt: 'el lunes', count: 4, language: 'español es', length: 25 }

function messages(result: {
	success: boolean
	error?: { issues: Array<{ message: string; path: PropertyKey[] }> }
}) {
	return result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []
}

describe('generation schema', () => {
	test('defaults per page', () => {
		expect(generationSchema('home').parse({ prompt: 'x' })).toMatchObject({
			count: 4,
			language: 'español es',
			type: '',
			length: 25,
			includeEmojis: false,
			mode: 'text',
		})
		expect(generationSchema('instagram').parse({ prompt: 'x' })).toMatchObject({
			count: 4,
			type: 'instagram',
		})
		expect(generationSchema('facebook').parse({ prompt: 'x' })).toMatchObject({
			count: 6,
			type: 'facebook',
		})
	})

	test.each(PAGES)('the %s form, untouched, sends what its own schema accepts', (page) => {
		const { platform, ...values } = formValues(page, null)
		expect(platform).toBe('instagram_square')
		expect(generationSchema(page).parse({ ...values, prompt: 'el mar' })).toMatchObject({
			...values,
			prompt: 'el mar',
			context: '',
		})
	})

	test.each(['home', 'instagram', 'facebook'] as const)('empty prompt on %s', (page) => {
		const result = generationSchema(page).safeParse({
			...base,
			prompt: '   ',
			count: page === 'facebook' ? 6 : 4,
		})
		expect(messages(result)).toEqual([`prompt: ${VALIDATION_MESSAGES.prompt}`])
		expect(VALIDATION_MESSAGES.prompt).toBe('Por favor, escribe un prompt para generar frases')
	})

	test('count at least 1', () => {
		const result = generationSchema('home').safeParse({ ...base, count: 0 })
		expect(messages(result)).toContain('count: Selecciona al menos 1 frase para generar')
	})

	test('counts per page', () => {
		expect(generationSchema('home').safeParse({ ...base, count: 10 }).success).toBe(true)
		expect(generationSchema('home').safeParse({ ...base, count: 11 }).success).toBe(false)
		for (const count of [3, 6, 9, 12]) {
			expect(generationSchema('facebook').safeParse({ ...base, count }).success).toBe(true)
		}
		expect(generationSchema('facebook').safeParse({ ...base, count: 4 }).success).toBe(false)
	})

	test('types are the page’s own', () => {
		expect(generationSchema('home').safeParse({ ...base, type: 'gratitud' }).success).toBe(true)
		expect(generationSchema('instagram').safeParse({ ...base, type: 'gratitud' }).success).toBe(
			false,
		)
		expect(
			generationSchema('facebook').safeParse({ ...base, count: 6, type: 'humor' }).success,
		).toBe(true)
	})

	test('length slider bounds', () => {
		expect(generationSchema('home').safeParse({ ...base, length: 5 }).success).toBe(true)
		expect(generationSchema('home').safeParse({ ...base, length: 100 }).success).toBe(true)
		expect(generationSchema('home').safeParse({ ...base, length: 4 }).success).toBe(false)
		expect(generationSchema('home').safeParse({ ...base, length: 101 }).success).toBe(false)
	})

	test('the home page has no image mode', () => {
		expect(generationSchema('home').safeParse({ ...base, mode: 'image' }).success).toBe(false)
	})

	test('image mode needs an image, not a prompt', () => {
		const schema = generationSchema('instagram')
		expect(messages(schema.safeParse({ ...base, prompt: undefined, mode: 'image' }))).toEqual([
			'image: Por favor, sube una imagen para generar frases',
		])
		const empty = new File([], '', { type: 'application/octet-stream' })
		expect(messages(schema.safeParse({ ...base, mode: 'image', image: empty }))).toEqual([
			'image: Por favor, sube una imagen para generar frases',
		])
		const image = new File([new Uint8Array(10)], 'foto.png', { type: 'image/png' })
		const parsed = schema.parse({
			...base,
			prompt: undefined,
			mode: 'image',
			image,
			context: ' en la playa ',
		})
		expect(parsed.image).toBe(image)
		expect(parsed.context).toBe('en la playa')
	})

	test('images over 15MB are refused', () => {
		const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' })
		expect(
			messages(
				generationSchema('facebook').safeParse({ ...base, count: 6, mode: 'image', image: big }),
			),
		).toEqual(['image: La imagen es demasiado grande. El tamaño máximo es 15MB.'])
		const exact = new File([new Uint8Array(MAX_IMAGE_BYTES)], 'ok.jpg', { type: 'image/jpeg' })
		expect(
			generationSchema('facebook').safeParse({ ...base, count: 6, mode: 'image', image: exact })
				.success,
		).toBe(true)
	})

	test('Facebook takes PNG, JPG or GIF', () => {
		const webp = new File([new Uint8Array(10)], 'a.webp', { type: 'image/webp' })
		expect(
			generationSchema('facebook').safeParse({ ...base, count: 6, mode: 'image', image: webp })
				.success,
		).toBe(false)
		expect(
			generationSchema('instagram').safeParse({ ...base, mode: 'image', image: webp }).success,
		).toBe(true)
	})

	test('text mode drops a leftover image', () => {
		const image = new File([new Uint8Array(10)], 'foto.png', { type: 'image/png' })
		expect(generationSchema('instagram').parse({ ...base, image }).image).toBeUndefined()
	})
})

describe('every refusal carries a Spanish reason', () => {
	test('values no form option offers, and texts over their limits', () => {
		const schema = generationSchema('home')
		const refused = (values: Record<string, unknown>) =>
			messages(schema.safeParse({ ...base, ...values }))
		expect(refused({ language: '<script>' })).toEqual([`language: ${VALIDATION_MESSAGES.language}`])
		expect(refused({ type: 'no-existe' })).toEqual([`type: ${VALIDATION_MESSAGES.type}`])
		expect(refused({ includeEmojis: 'quizá' })).toEqual([
			`includeEmojis: ${VALIDATION_MESSAGES.option}`,
		])
		expect(refused({ prompt: 'x'.repeat(MAX_PROMPT_LENGTH + 1) })).toEqual([
			`prompt: ${VALIDATION_MESSAGES.promptTooLong}`,
		])
		expect(refused({ prompt: 'x'.repeat(MAX_PROMPT_LENGTH) })).toEqual([])
		expect(
			messages(
				generationSchema('instagram').safeParse({
					...base,
					type: 'instagram',
					mode: 'imagen',
				}),
			),
		).toEqual([`mode: ${VALIDATION_MESSAGES.option}`])
	})

	test('the limits read as the messages say', () => {
		expect(VALIDATION_MESSAGES.promptTooLong).toContain(String(MAX_PROMPT_LENGTH))
		expect(VALIDATION_MESSAGES.contextTooLong).toContain(String(MAX_CONTEXT_LENGTH))
	})
})
