/**
 * Recent activity comes from what the user really did: their generator runs and the saves,
 * edits and sign-ins written as they happened, newest first, nobody else's.
 */
import { expect, test } from 'vitest'
import { signIn } from '~/auth/sign-in.server'
import { prisma } from '~/utils/db.server'
import { getRecentActivity, recordActivity } from './activity.server'

test('generations, saves, edits and sign-ins of the user, newest first, at most the limit', async () => {
	const [user, other] = await Promise.all(
		['actividad', 'ajena'].map((name) =>
			prisma.profile.create({ data: { name, email: `${name}@frasea.test` } }),
		),
	)
	if (!user || !other) throw new Error('no users')
	const at = (minutes: number) => new Date(Date.parse('2026-06-01T12:00:00Z') + minutes * 60_000)
	await prisma.generationBatch.create({
		data: {
			id: 'lote-actividad-1',
			page: 'instagram',
			userId: user.id,
			prompt: 'el verano',
			settings: '{}',
			provider: 'offline',
			model: 'plantillas',
			createdAt: at(1),
			phrases: { create: [0, 1, 2].map((position) => ({ position, content: `F${position}` })) },
		},
	})
	await recordActivity(user.id, 'signIn')
	await recordActivity(user.id, 'save', { count: 3 })
	await recordActivity(user.id, 'edit', { target: 'frase-1' })
	await recordActivity(other.id, 'signIn')
	// Written in that order; their dates say which came when.
	const logs = await prisma.auditLog.findMany({
		where: { actorId: user.id },
		orderBy: { id: 'asc' },
	})
	for (const [index, minutes] of [0, 2, 3].entries()) {
		await prisma.auditLog.update({
			where: { id: logs[index]?.id },
			data: { createdAt: at(minutes) },
		})
	}
	// Something the feed does not show (another kind of audit row).
	await prisma.auditLog.create({
		data: { actorId: user.id, action: 'admin.settings', createdAt: at(9) },
	})

	const activity = await getRecentActivity(user.id)
	expect(activity.map((entry) => [entry.kind, entry.count])).toEqual([
		['edit', null],
		['save', 3],
		['generation', 3],
		['signIn', null],
	])
	expect(activity[2]).toMatchObject({ page: 'instagram', topic: 'el verano' })
	expect((await getRecentActivity(user.id, 2)).map((entry) => entry.kind)).toEqual(['edit', 'save'])
	expect((await getRecentActivity(other.id)).map((entry) => entry.kind)).toEqual(['signIn'])
})

test('signing in writes a sign-in to the activity', async () => {
	const account = await prisma.profile.create({
		data: { name: 'Entra', email: 'entra@frasea.test' },
	})
	const response = await signIn(
		new Request('http://localhost/login', { method: 'POST' }),
		account,
		{
			toast: { type: 'success', message: 'Sesión iniciada correctamente' },
		},
	)
	expect(response.status).toBe(302)
	expect((await getRecentActivity(account.id)).map((entry) => entry.kind)).toEqual(['signIn'])
})
