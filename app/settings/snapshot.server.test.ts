import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { CONFIG_REFRESH, configuration } from './snapshot.server'
import { readSettings, SETTING_KEYS, writeSetting } from './store.server'

const version = async () =>
	(await prisma.configVersion.findUniqueOrThrow({ where: { id: 1 } })).version
const defaults = { ...CONFIG_REFRESH }
afterEach(() => {
	Object.assign(CONFIG_REFRESH, defaults)
})

let adminId: string
beforeAll(async () => {
	adminId = (
		await prisma.profile.create({
			data: { name: 'Admin Copia', email: 'admin-copia@frasea.test', role: 'admin' },
		})
	).id
})

describe('the configuration version', () => {
	test('every insert, update and delete on the five configuration tables raises it, in the same transaction', async () => {
		const writes: Array<[string, () => Promise<unknown>]> = [
			['settings', () => prisma.setting.create({ data: { key: 'ads.slot', value: '1' } })],
			[
				'settings',
				() => prisma.setting.update({ where: { key: 'ads.slot' }, data: { value: '2' } }),
			],
			['settings', () => prisma.setting.delete({ where: { key: 'ads.slot' } })],
			[
				'configuracion_api',
				() =>
					prisma.modelOption.create({
						data: {
							id: 'copia',
							name: 'Copia',
							provider: 'gemini',
							model: 'gemini-copia',
							url: '',
						},
					}),
			],
			[
				'configuracion_api',
				() => prisma.modelOption.update({ where: { id: 'copia' }, data: { isDefault: true } }),
			],
			[
				'configuracion_avanzada',
				() =>
					prisma.advancedSettings.create({
						data: { temperature: 0.5, topP: 0.5, maxTokens: 100, enhanceQuality: false },
					}),
			],
			['configuracion_avanzada', () => prisma.advancedSettings.deleteMany()],
			[
				'tools',
				() =>
					prisma.tool.create({
						data: { id: 'instagram', name: 'I', description: '', endpoint: '/instagram' },
					}),
			],
			[
				'tool_settings',
				() =>
					prisma.toolSettings.create({
						data: { toolId: 'instagram', name: 'I', description: '', baseUrl: 'https://x.test' },
					}),
			],
			['tool_settings', () => prisma.toolSettings.deleteMany()],
			[
				'tools',
				() => prisma.tool.update({ where: { id: 'instagram' }, data: { isActive: false } }),
			],
			['tools', () => prisma.tool.delete({ where: { id: 'instagram' } })],
			['configuracion_api', () => prisma.modelOption.delete({ where: { id: 'copia' } })],
		]
		for (const [table, write] of writes) {
			const before = await version()
			await write()
			expect(await version(), table).toBeGreaterThan(before)
		}
		// A transaction that rolls back leaves it where it was.
		const before = await version()
		await expect(
			prisma.$transaction(async (tx) => {
				await tx.setting.create({ data: { key: 'ads.slot', value: '3' } })
				throw new Error('rollback')
			}),
		).rejects.toThrow('rollback')
		expect(await version()).toBe(before)
	})
})

describe('the process’s copy of the configuration', () => {
	test('an admin change made in this process is seen at once', async () => {
		CONFIG_REFRESH.checkEveryMs = 60_000
		await configuration()
		await writeSetting(SETTING_KEYS.limitAnon, '7', adminId)
		expect(await readSettings([SETTING_KEYS.limitAnon])).toEqual({ [SETTING_KEYS.limitAnon]: '7' })
		await writeSetting(SETTING_KEYS.limitAnon, null, adminId)
		expect(await readSettings([SETTING_KEYS.limitAnon])).toEqual({})
	})

	test('a change from elsewhere (another process) is seen within the check interval, and the tables are not read in between', async () => {
		CONFIG_REFRESH.checkEveryMs = 60_000
		// No change of this process's own in the way.
		CONFIG_REFRESH.afterLocalChangeMs = 0
		await readSettings([SETTING_KEYS.limitUser])
		// Written behind this process's back, as another process would.
		await prisma.setting.create({ data: { key: SETTING_KEYS.limitUser, value: '9' } })
		expect(await readSettings([SETTING_KEYS.limitUser])).toEqual({})

		CONFIG_REFRESH.checkEveryMs = 200
		await new Promise((resolve) => setTimeout(resolve, 250))
		expect(await readSettings([SETTING_KEYS.limitUser])).toEqual({ [SETTING_KEYS.limitUser]: '9' })
		await prisma.setting.delete({ where: { key: SETTING_KEYS.limitUser } })
	})
})
