import { expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { adsFormSchema } from './form'
import {
	ADS_KEYS,
	adsConfigFrom,
	adsSettingsFor,
	readAdsSettings,
	resolveAdsSettings,
	saveAdsSettings,
} from './settings.server'

const CLIENT = 'ca-pub-1234567890123456'
const ENV_CLIENT = 'ca-pub-9999999999'

test('off by default: nothing saved and no ADS_CLIENT_ID', async () => {
	const settings = await readAdsSettings()
	expect(settings).toEqual({
		enabled: false,
		clientId: { value: null, source: 'default' },
		savedClientId: '',
		slot: null,
	})
	expect(adsConfigFrom(settings)).toBeNull()
})

test('on only when switched on with a client id (the admin’s, else the environment’s) and a slot', () => {
	const on = { [ADS_KEYS.enabled]: 'true', [ADS_KEYS.slot]: '1234567890' }
	expect(adsConfigFrom(resolveAdsSettings(on, ENV_CLIENT))).toEqual({
		client: ENV_CLIENT,
		slot: '1234567890',
	})
	const withOwn = resolveAdsSettings({ ...on, [ADS_KEYS.clientId]: CLIENT }, ENV_CLIENT)
	expect(withOwn.clientId).toEqual({ value: CLIENT, source: 'admin' })
	expect(adsConfigFrom(withOwn)).toEqual({ client: CLIENT, slot: '1234567890' })

	expect(adsConfigFrom(resolveAdsSettings(on, undefined)), 'no client id').toBeNull()
	expect(
		adsConfigFrom(resolveAdsSettings({ [ADS_KEYS.enabled]: 'true' }, ENV_CLIENT)),
		'no slot',
	).toBeNull()
	expect(
		adsConfigFrom(resolveAdsSettings({ ...on, [ADS_KEYS.enabled]: 'false' }, ENV_CLIENT)),
		'switched off',
	).toBeNull()
	// A stored value that does not pass the checks (written by hand) counts as not set.
	const bad = resolveAdsSettings(
		{ ...on, [ADS_KEYS.clientId]: 'ca-pub-12', [ADS_KEYS.slot]: '12a' },
		undefined,
	)
	expect(bad.clientId.source).toBe('default')
	expect(bad.slot).toBeNull()
})

test('saving writes each changed setting once, audited by key, and clears an emptied one', async () => {
	const admin = await prisma.profile.create({
		data: { name: 'Admin Anuncios', email: 'anuncios@frasea.test', role: 'admin' },
	})
	await saveAdsSettings({ enabled: true, clientId: CLIENT, slot: '42' }, admin.id)
	expect(adsConfigFrom(await readAdsSettings())).toEqual({ client: CLIENT, slot: '42' })
	// The same values again: nothing new in the trail.
	await saveAdsSettings({ enabled: true, clientId: CLIENT, slot: '42' }, admin.id)
	await saveAdsSettings({ enabled: false, slot: '42' }, admin.id)
	const settings = await readAdsSettings()
	expect(settings.enabled).toBe(false)
	expect(settings.savedClientId).toBe('')
	const trail = await prisma.auditLog.findMany({
		where: { actorId: admin.id },
		select: { action: true, target: true, details: true },
	})
	// Rows written in the same millisecond have no order between them: compared as a set.
	expect(trail).toHaveLength(5)
	expect(trail).toEqual(
		expect.arrayContaining([
			{
				action: 'admin.setting.changed',
				target: 'ads.clientId',
				details: JSON.stringify({ from: null, to: CLIENT }),
			},
			{ action: 'admin.setting.changed', target: 'ads.slot', details: '{"from":null,"to":"42"}' },
			{
				action: 'admin.setting.changed',
				target: 'ads.enabled',
				details: '{"from":null,"to":"true"}',
			},
			{
				action: 'admin.setting.changed',
				target: 'ads.clientId',
				details: JSON.stringify({ from: CLIENT, to: null }),
			},
			{
				action: 'admin.setting.changed',
				target: 'ads.enabled',
				details: '{"from":"true","to":"false"}',
			},
		]),
	)
})

test('one read per request, however many times it is asked for', async () => {
	const context = { clientAddress: '127.0.0.1', protocol: 'http' as const }
	const first = adsSettingsFor(context)
	expect(adsSettingsFor(context)).toBe(first)
	const other = adsSettingsFor({ ...context })
	expect(other).not.toBe(first)
	// Both reads finish before the file's database goes away.
	await Promise.all([first, other])
})

test('the form: ids checked with the reason, empty client id allowed, a slot needed to switch on', () => {
	const parse = (input: Record<string, unknown>) => adsFormSchema.safeParse(input)
	expect(parse({ enabled: true, slot: '123' }).success).toBe(true)
	expect(parse({ enabled: false }).success).toBe(true)
	const issues = (input: Record<string, unknown>) =>
		parse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message])
	expect(issues({ enabled: true, clientId: 'pub-123', slot: '12x' })).toEqual([
		['clientId', expect.stringContaining('ca-pub-')],
		['slot', expect.stringContaining('solo puede tener cifras')],
	])
	expect(issues({ enabled: true })).toEqual([['slot', expect.stringContaining('hace falta')]])
	expect(issues({ clientId: `ca-pub-${'1'.repeat(21)}` })?.[0]?.[0]).toBe('clientId')
})
