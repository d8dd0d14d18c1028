/**
 * What a batch's cards take from its owner's brand: the design saved with the batch when it
 * was made (new cards only), and the handle as the owner has it now. Anonymous batches
 * take nothing.
 */
import { expect, test } from 'vitest'
import { DEFAULT_BRAND } from '~/dashboard/brand'
import { createBatch } from '~/models/batch.server'
import { saveBrand } from '~/models/brand.server'
import { prisma } from '~/utils/db.server'
import { batchBrand } from './owner-brand.server'

let users = 0
async function newUser() {
	users += 1
	return prisma.profile.create({
		data: { name: `Marca ${users}`, email: `marca-lote-${users}-${Date.now()}@frasea.test` },
	})
}

async function batchOf(viewer: { userId: string | null; visitorId: string | null }) {
	const { id } = await createBatch({
		page: 'instagram',
		viewer,
		prompt: 'el mar',
		settings: {},
		provider: 'offline',
		model: 'plantillas',
		phrases: ['Hola 🌊'],
	})
	return prisma.generationBatch.findUniqueOrThrow({ where: { id } })
}

test('a batch keeps the design its owner had when it was made; the handle is the current one', async () => {
	const user = await newUser()
	const viewer = { userId: user.id, visitorId: null }
	const design = { useDesign: true, font: 'lobster', color: '#ffcc00', overlay: 0.6 }
	await saveBrand(user.id, { ...DEFAULT_BRAND, ...design, handle: '@antes', corner: 'top-left' })
	const before = await batchOf(viewer)
	expect(await batchBrand(before)).toEqual({
		handle: '@antes',
		corner: 'top-left',
		design: { font: 'lobster', color: '#ffcc00', overlay: 0.6 },
	})

	// The brand changes: cards already made keep their design, and every card the new handle.
	await saveBrand(user.id, {
		...DEFAULT_BRAND,
		font: 'pacifico',
		useDesign: true,
		handle: '@ahora',
	})
	expect(await batchBrand(before)).toEqual({
		handle: '@ahora',
		corner: 'bottom-right',
		design: { font: 'lobster', color: '#ffcc00', overlay: 0.6 },
	})
	const after = await batchOf(viewer)
	expect((await batchBrand(after))?.design).toEqual({
		font: 'pacifico',
		color: '#ffffff',
		overlay: 0.3,
	})

	// Without "use this design", new batches keep the pages' own.
	await saveBrand(user.id, { ...DEFAULT_BRAND, handle: '@ahora' })
	const plain = await batchOf(viewer)
	expect(plain.cardDesign).toBeNull()
	expect(await batchBrand(plain)).toEqual({
		handle: '@ahora',
		corner: 'bottom-right',
		design: null,
	})
})

test('anonymous batches, and users without a brand, take nothing', async () => {
	const anonymous = await batchOf({ userId: null, visitorId: 'visitante-marca' })
	expect(anonymous.cardDesign).toBeNull()
	expect(await batchBrand(anonymous)).toBeNull()
	const user = await newUser()
	expect(await batchBrand(await batchOf({ userId: user.id, visitorId: null }))).toBeNull()
	// A design stored in a shape the rules no longer accept is ignored, not drawn.
	expect(
		await batchBrand({
			userId: user.id,
			cardDesign: '{"font":"comic-sans","color":"#fff","overlay":2}',
		}),
	).toBeNull()
})
