import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import {
	addTool,
	deleteTool,
	ensureGeneratorTools,
	isGeneratorOpen,
	listTools,
	setToolActive,
} from './tools.server'

let adminId: string
beforeAll(async () => {
	adminId = (
		await prisma.profile.create({
			data: { name: 'Admin', email: 'admin@frasea.test', role: 'admin' },
		})
	).id
})

beforeEach(async () => {
	await prisma.tool.deleteMany()
	await prisma.modelOption.deleteMany()
	await prisma.auditLog.deleteMany()
})

/** The trail's rows, in no particular order (rows of one millisecond tie on the clock). */
const audit = async () =>
	(await prisma.auditLog.findMany({ select: { action: true, target: true } })).sort((a, b) =>
		a.action.localeCompare(b.action),
	)

describe('the generators as tools', () => {
	test('their rows are created once, with fixed ids and their page paths', async () => {
		await ensureGeneratorTools()
		await prisma.tool.update({ where: { id: 'instagram' }, data: { name: 'Renombrado' } })
		await ensureGeneratorTools()
		const tools = await listTools()
		expect(tools.map((tool) => [tool.id, tool.endpoint, tool.isGenerator])).toEqual([
			['home', '/', true],
			['instagram', '/instagram', true],
			['facebook', '/facebook', true],
		])
		// An existing row is never overwritten.
		expect(tools[1]?.name).toBe('Renombrado')
		expect(tools[0]).toMatchObject({ name: 'Generador de Frases', isActive: true, modelName: null })
	})

	test('a missing row is open; switching off and on is read at once', async () => {
		expect(await isGeneratorOpen('instagram')).toBe(true)
		expect(await prisma.tool.count()).toBe(0)
		// Switching a generator off creates the rows it needs.
		expect(await setToolActive('instagram', false, adminId)).toBe('ok')
		expect(await isGeneratorOpen('instagram')).toBe(false)
		expect(await isGeneratorOpen('home')).toBe(true)
		expect(await setToolActive('instagram', true, adminId)).toBe('ok')
		expect(await isGeneratorOpen('instagram')).toBe(true)
		expect(await audit()).toEqual([
			{ action: 'admin.tool.activated', target: 'instagram' },
			{ action: 'admin.tool.deactivated', target: 'instagram' },
		])
	})

	test('a generator cannot be deleted', async () => {
		await ensureGeneratorTools()
		expect(await deleteTool('facebook', adminId)).toBe('generator')
		expect(await prisma.tool.findUnique({ where: { id: 'facebook' } })).not.toBeNull()
		expect(await audit()).toEqual([])
	})
})

describe("the admin's tools", () => {
	test('added with a model of the list, listed after the generators, audited', async () => {
		await ensureGeneratorTools()
		const model = await prisma.modelOption.create({
			data: { name: 'Gemini Flash', url: '', model: 'gemini-2.5-flash' },
		})
		const added = await addTool(
			{
				name: 'Hashtags',
				description: 'Ideas de hashtags',
				endpoint: '/hashtags',
				modelId: model.id,
				isActive: false,
			},
			adminId,
		)
		expect(added.ok).toBe(true)
		const tools = await listTools()
		expect(tools.at(-1)).toMatchObject({
			name: 'Hashtags',
			endpoint: '/hashtags',
			modelName: 'Gemini Flash',
			isActive: false,
			isGenerator: false,
		})
		expect(await audit()).toEqual([{ action: 'admin.tool.added', target: tools.at(-1)?.id }])
	})

	test('a model that is not in the list is refused', async () => {
		const added = await addTool(
			{ name: 'X', description: 'Y', endpoint: '/x', modelId: 'no-existe', isActive: true },
			adminId,
		)
		expect(added).toEqual({ ok: false, reason: 'unknown_model' })
		expect(await prisma.tool.count()).toBe(0)
	})

	test('switched on and off, deleted; unknown ids are told apart', async () => {
		const added = await addTool(
			{ name: 'Bio', description: 'Biografías', endpoint: 'https://bio.example', isActive: true },
			adminId,
		)
		if (!added.ok) throw new Error('not added')
		expect(await setToolActive(added.id, false, adminId)).toBe('ok')
		expect((await listTools())[0]?.isActive).toBe(false)
		expect(await deleteTool(added.id, adminId)).toBe('ok')
		expect(await prisma.tool.count()).toBe(0)
		expect(await deleteTool(added.id, adminId)).toBe('not_found')
		expect(await setToolActive('no-existe', true, adminId)).toBe('not_found')
		expect((await audit()).map((row) => row.action)).toEqual([
			'admin.tool.added',
			'admin.tool.deactivated',
			'admin.tool.deleted',
		])
	})
})
