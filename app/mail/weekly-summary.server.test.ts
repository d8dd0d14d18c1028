/**
 * "Actividad de tu cuenta": the weekly summary, on SQLite and PostgreSQL. Queued once a week
 * (whichever process comes first) for the accounts that were active and want it, and sent
 * with that week's figures and a one-click link that turns it off.
 */
import { expect, test, vi } from 'vitest'
import { relayForTests } from '../../tests/support/relay-sender'
import { prisma } from '~/utils/db.server'
import { readUnsubscribeToken } from './unsubscribe.server'
import { queueWeeklySummaries } from './weekly-summary.server'

vi.hoisted(() => {
	process.env.APP_URL = 'https://frasea.example'
})

// Monday 23 November 2026, 10:00 in Madrid: the week of 16 to 22 November has ended.
const monday = new Date('2026-11-23T09:00:00Z')
const inLastWeek = new Date('2026-11-18T12:00:00Z')
const inThisWeek = new Date('2026-11-23T08:00:00Z')

const { relay: testRelay, sender } = relayForTests(() => monday)

async function account(name: string, activity: boolean | null) {
	return prisma.profile.create({
		data: {
			name,
			email: `${name}@frasea.test`,
			emailVerifiedAt: new Date('2026-01-01'),
			...(activity === null ? {} : { settings: { create: { notifyActivity: activity } } }),
		},
		select: { id: true, email: true },
	})
}

let batches = 0
async function generation(userId: string, at: Date, phrases: string[], liked: number[] = []) {
	const id = `lote-${++batches}`
	await prisma.generationBatch.create({
		data: {
			id,
			page: 'home',
			userId,
			prompt: 'el mar',
			settings: '{}',
			provider: 'offline',
			model: 'offline',
			createdAt: at,
			phrases: { create: phrases.map((content, position) => ({ position, content })) },
		},
	})
	for (const position of liked) {
		await prisma.phraseLike.create({
			data: {
				batchId: id,
				position,
				page: 'home',
				provider: 'offline',
				model: 'offline',
				phraseType: 'motivacionales',
				language: 'es',
				createdAt: at,
			},
		})
	}
}

test('queued once for the active accounts that want it, and sent with the week’s figures', async () => {
	const relay = testRelay()
	const active = await account('activa', true)
	const quiet = await account('tranquila', true)
	const notWanted = await account('sinResumen', false)
	const neverChose = await account('porDefecto', null)
	await generation(active.id, inLastWeek, ['Frase uno', 'Frase dos'], [1])
	await generation(active.id, inLastWeek, ['Frase tres'])
	await generation(active.id, inThisWeek, ['No cuenta'], [0])
	await prisma.phrase.create({
		data: { userId: active.id, content: 'Guardada', createdAt: inLastWeek },
	})
	await generation(quiet.id, inThisWeek, ['Solo esta semana'])
	await generation(notWanted.id, inLastWeek, ['Activa pero sin resumen'])
	// Off by default: an account that never chose gets none.
	await generation(neverChose.id, inLastWeek, ['Activa, sin elegir'])

	// Before Monday morning, nothing.
	expect(await queueWeeklySummaries(new Date('2026-11-23T05:00:00Z'))).toBe(0)
	expect(await queueWeeklySummaries(monday)).toBe(1)
	// A second process, a minute later: the week is queued already.
	expect(await queueWeeklySummaries(new Date(monday.getTime() + 60_000))).toBe(0)
	expect(await prisma.mailOutbox.findMany({ select: { toAddress: true, kind: true } })).toEqual([
		{ toAddress: active.email, kind: 'activity_summary' },
	])

	expect(await sender().drain()).toBe(1)
	const [mail] = relay.mailsTo(active.email)
	expect(mail?.subject).toBe('Tu semana en Frasea')
	expect(mail?.text).toContain('del 16 de noviembre al 22 de noviembre')
	expect(mail?.text).toContain('Generaciones: 2. Frases guardadas: 1. «Me gusta»: 1.')
	expect(mail?.text).toContain('Lo que más te gustó: frases motivacionales.')
	expect(mail?.text).toContain('Una de tus favoritas: «Frase dos»')
	const token = /\/baja\?t=([^>]+)>$/.exec(mail?.header('List-Unsubscribe') ?? '')?.[1]
	expect(readUnsubscribeToken(decodeURIComponent(token ?? ''))).toEqual({
		userId: active.id,
		topic: 'activity',
	})
	expect(relay.messages).toHaveLength(1)
})
