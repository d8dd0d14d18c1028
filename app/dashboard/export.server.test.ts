/**
 * The data export: one JSON document with every section, only the user's own rows, every
 * row once and in order however many batches it takes.
 */
import { expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { exportFileName, exportUserData } from './export.server'
import { DEFAULT_SETTINGS } from './settings'
import { saveSettings } from './settings.server'

let users = 0
async function newUser() {
	users += 1
	return prisma.profile.create({
		data: { name: `Exporta ${users}`, email: `exporta-${users}@frasea.test`, bio: 'Hola' },
		select: { id: true, email: true },
	})
}

async function exported(userId: string) {
	const pieces = await exportUserData(userId, new Date('2026-11-23T10:00:00Z'))
	if (!pieces) throw new Error('no export')
	let text = ''
	for await (const piece of pieces) text += piece
	return { text, json: JSON.parse(text) as Record<string, unknown> & ExportShape }
}

type ExportShape = {
	profile: Record<string, unknown>
	account: { hasPassword: boolean; connections: Array<{ provider: string }> }
	settings: Record<string, unknown>
	brand: Record<string, unknown> | null
	phrases: Array<{ id: string; content: string }>
	history: Array<{ id: string; content: string; originalPrompt: string | null; settings: unknown }>
}

test('every section is there, with only the user’s own rows', async () => {
	const owner = await newUser()
	const other = await newUser()
	await prisma.password.create({ data: { userId: owner.id, hash: 'secreto-no-exportado' } })
	await prisma.connection.create({
		data: { userId: owner.id, providerName: 'google', providerId: 'g-1' },
	})
	// Saved as the settings page saves them (the first save starts from the defaults).
	await saveSettings(owner.id, { theme: 'dark', analytics: false }, 'system')
	await prisma.brand.create({
		data: {
			userId: owner.id,
			handle: '@mi_marca',
			corner: 'top-left',
			useDesign: true,
			font: 'lobster',
		},
	})
	await prisma.brand.create({ data: { userId: other.id, handle: '@marca_ajena' } })
	await prisma.phrase.create({ data: { userId: owner.id, content: 'Mi frase' } })
	await prisma.phrase.create({ data: { userId: other.id, content: 'Frase ajena' } })
	await prisma.historyPhrase.create({
		data: {
			userId: owner.id,
			content: 'Mi historia',
			originalPrompt: 'el mar',
			settings: '{"count":1}',
		},
	})
	await prisma.historyPhrase.create({ data: { userId: other.id, content: 'Historia ajena' } })

	const { text, json } = await exported(owner.id)
	expect(Object.keys(json)).toEqual([
		'format',
		'version',
		'exportedAt',
		'profile',
		'account',
		'settings',
		'brand',
		'phrases',
		'history',
	])
	expect(json.exportedAt).toBe('2026-11-23T10:00:00.000Z')
	expect(json.profile).toMatchObject({ id: owner.id, email: owner.email, bio: 'Hola' })
	expect(json.account).toEqual({
		hasPassword: true,
		connections: [{ provider: 'google', createdAt: expect.any(String) }],
	})
	expect(json.settings).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', analytics: false })
	expect(json.brand).toEqual({
		handle: '@mi_marca',
		corner: 'top-left',
		useDesign: true,
		font: 'lobster',
		color: '#ffffff',
		overlay: 0.3,
	})
	expect(json.phrases.map((row) => row.content)).toEqual(['Mi frase'])
	expect(json.history).toEqual([
		{
			id: expect.any(String),
			content: 'Mi historia',
			createdAt: expect.any(String),
			originalPrompt: 'el mar',
			settings: { count: 1 },
		},
	])
	expect(text).not.toContain('ajena')
	expect(text).not.toContain('secreto-no-exportado')
	expect(text).not.toContain('g-1')
})

test('a user with nothing saved gets the defaults and empty lists', async () => {
	const user = await newUser()
	const { json } = await exported(user.id)
	expect(json.settings).toEqual(DEFAULT_SETTINGS)
	expect(json.brand).toBeNull()
	expect(json.phrases).toEqual([])
	expect(json.history).toEqual([])
	expect(json.account).toEqual({ hasPassword: false, connections: [] })
	expect(await exportUserData('no-existe')).toBeNull()
})

test('long lists come out whole and in order, across batches and equal dates', async () => {
	const user = await newUser()
	const sameInstant = new Date('2026-01-01T00:00:00Z')
	// 1 234 phrases, half of them at one instant, so the keyset has to order by id too.
	await prisma.phrase.createMany({
		data: Array.from({ length: 1234 }, (_, i) => ({
			userId: user.id,
			content: `Frase ${i}`,
			createdAt: i % 2 === 0 ? sameInstant : new Date(sameInstant.getTime() + i * 1000),
		})),
	})
	await prisma.historyPhrase.createMany({
		data: Array.from({ length: 1001 }, (_, i) => ({
			userId: user.id,
			content: `Historia ${i}`,
			createdAt: new Date(sameInstant.getTime() + Math.floor(i / 3) * 1000),
		})),
	})
	const { json } = await exported(user.id)
	expect(json.phrases).toHaveLength(1234)
	expect(new Set(json.phrases.map((row) => row.id)).size).toBe(1234)
	expect(json.history).toHaveLength(1001)
	expect(new Set(json.history.map((row) => row.content)).size).toBe(1001)
	const dates = json.phrases.map((row) => (row as unknown as { createdAt: string }).createdAt)
	expect([...dates].sort()).toEqual(dates)
})

test('the file is named with the user id, and nothing unsafe reaches the header', () => {
	expect(exportFileName('ckabc123')).toBe('frasea-datos-ckabc123.json')
	expect(exportFileName('a"b\r\nc')).toBe('frasea-datos-abc.json')
})
