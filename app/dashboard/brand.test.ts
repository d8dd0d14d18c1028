/**
 * "Tu marca": what the brand form accepts, with its Spanish messages next to each field,
 * and what is stored for it (one row per user).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { findBrand, getBrand, saveBrand } from '~/models/brand.server'
import { prisma } from '~/utils/db.server'
import { brandMessages, brandSchema, DEFAULT_BRAND } from './brand'
import { settingsMessages } from './settings'

const valid = {
	handle: '@mi_cuenta',
	corner: 'top-left',
	useDesign: 'on',
	font: 'lobster',
	color: '#FFCC00',
	overlay: '0.5',
}

function parse(entries: Record<string, string>) {
	const data = new FormData()
	for (const [name, value] of Object.entries(entries)) data.append(name, value)
	return parseWithZod(data, { schema: brandSchema })
}

function errorsOf(entries: Record<string, string>) {
	const result = parse(entries)
	if (result.status === 'success') throw new Error('expected a refusal')
	return result.reply().error
}

describe('the brand form', () => {
	test('a valid brand is normalised: spaces, colour case, an empty handle is none', () => {
		const result = parse({ ...valid, handle: '  @Ñandú   estudio.2 ' })
		expect(result.status === 'success' && result.value).toEqual({
			handle: '@Ñandú estudio.2',
			corner: 'top-left',
			useDesign: true,
			font: 'lobster',
			color: '#ffcc00',
			overlay: 0.5,
		})
		const none = parse({ ...valid, handle: '   ', useDesign: '' })
		expect(none.status === 'success' && none.value).toMatchObject({
			handle: null,
			useDesign: false,
		})
		const { useDesign: _off, ...unchecked } = valid
		const off = parse(unchecked)
		expect(off.status === 'success' && off.value.useDesign).toBe(false)
	})

	test('a handle over 30 characters, or with other characters, is refused in Spanish', () => {
		expect(errorsOf({ ...valid, handle: `@${'a'.repeat(30)}` })).toEqual({
			handle: [brandMessages.handleTooLong],
		})
		expect(parse({ ...valid, handle: `@${'ñ'.repeat(29)}` }).status).toBe('success')
		for (const bad of ['<b>yo</b>', '@yo 😀', 'mi/cuenta', 'йо', '@yo#1', 'javascript:alert(1)']) {
			expect(errorsOf({ ...valid, handle: bad }), bad).toEqual({
				handle: [brandMessages.handleCharacters],
			})
		}
		expect(brandMessages.handleTooLong).toBe('La firma no puede tener más de 30 caracteres.')
	})

	test('a field sent twice, or not sent, is refused in Spanish too', () => {
		const data = new FormData()
		for (const [name, value] of Object.entries(valid)) {
			data.append(name, value)
			data.append(name, 'otra cosa')
		}
		const twice = parseWithZod(data, { schema: brandSchema })
		expect(twice.status).toBe('error')
		const messages = Object.values(twice.reply().error ?? {}).flat()
		expect(messages.length).toBeGreaterThan(0)
		for (const message of messages) {
			expect([
				...Object.values(brandMessages),
				settingsMessages.optionInvalid,
			] as string[]).toContain(message)
		}
		expect(errorsOf({})).toEqual({
			corner: [brandMessages.cornerInvalid],
			font: [brandMessages.fontInvalid],
			color: [brandMessages.colorInvalid],
			overlay: [brandMessages.overlayInvalid],
		})
	})

	test('corner, font, colour and overlay are checked', () => {
		expect(
			errorsOf({ ...valid, corner: 'centro', font: 'comic-sans', color: 'rojo', overlay: '0.9' }),
		).toEqual({
			corner: [brandMessages.cornerInvalid],
			font: [brandMessages.fontInvalid],
			color: [brandMessages.colorInvalid],
			overlay: [brandMessages.overlayInvalid],
		})
		expect(errorsOf({ ...valid, overlay: '0.35' })).toEqual({
			overlay: [brandMessages.overlayInvalid],
		})
	})
})

describe('the stored brand', () => {
	test('one row per user, read back as saved; none before the first save', async () => {
		const user = await prisma.profile.create({
			data: { name: 'Marca', email: `marca-${Date.now()}@frasea.test` },
		})
		expect(await findBrand(user.id)).toBeNull()
		expect(await getBrand(user.id)).toEqual(DEFAULT_BRAND)
		const brand = { ...DEFAULT_BRAND, handle: '@mi_cuenta', corner: 'top-left' as const }
		await saveBrand(user.id, brand)
		await saveBrand(user.id, { ...brand, overlay: 0.6, useDesign: true })
		expect(await findBrand(user.id)).toEqual({ ...brand, overlay: 0.6, useDesign: true })
		expect(await prisma.brand.count({ where: { userId: user.id } })).toBe(1)
	})
})
