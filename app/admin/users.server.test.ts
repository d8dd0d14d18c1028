/**
 * The admin's users list (one page, its phrase counts and last sign-ins) and the rules of
 * changing a role and deleting an account. ADMIN_EMAIL is jefa@frasea.test in the tests.
 */
import { beforeAll, expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { changeUserRole, deleteUserAsAdmin, listUsers, USERS_PAGE_SIZE } from './users.server'

const at = (iso: string) => new Date(iso)
let ids: Record<string, string> = {}

beforeAll(async () => {
	const people = [
		['Jefa', 'jefa@frasea.test', 'usuario', '2026-01-01T10:00:00Z'],
		['Ana Admin', 'ana@frasea.test', 'admin', '2026-01-02T10:00:00Z'],
		['Beto Lector', 'beto@frasea.test', 'usuario', '2026-01-03T10:00:00Z'],
		['Carla Nueva', 'carla@frasea.test', 'usuario', '2026-01-04T10:00:00Z'],
	] as const
	for (const [name, email, role, created] of people) {
		const user = await prisma.profile.create({
			data: {
				name,
				email,
				role,
				createdAt: at(created),
				emailVerifiedAt: name === 'Carla Nueva' ? null : at(created),
			},
		})
		ids = { ...ids, [name]: user.id }
	}
	await prisma.phrase.createMany({
		data: ['uno', 'dos', 'tres'].map((content) => ({ userId: ids['Beto Lector']!, content })),
	})
	await prisma.auditLog.createMany({
		data: [
			{
				actorId: ids['Beto Lector'],
				action: 'auth.signed_in',
				createdAt: at('2026-02-01T09:00:00Z'),
			},
			{
				actorId: ids['Beto Lector'],
				action: 'auth.signed_in',
				createdAt: at('2026-02-03T09:00:00Z'),
			},
			// Not a sign-in.
			{
				actorId: ids['Beto Lector'],
				action: 'phrase.saved',
				createdAt: at('2026-03-01T09:00:00Z'),
			},
		],
	})
})

test('newest first, with role, status, phrase count and the last real sign-in', async () => {
	const { rows, total, page, pageCount } = await listUsers({ search: '', page: 1 })
	expect({ total, page, pageCount }).toEqual({ total: 4, page: 1, pageCount: 1 })
	expect(
		rows.map((row) => [
			row.name,
			row.role,
			row.status,
			row.isMainAdmin,
			row.phraseCount,
			row.lastSignInAt,
		]),
	).toEqual([
		['Carla Nueva', 'usuario', 'unconfirmed', false, 0, null],
		['Beto Lector', 'usuario', 'active', false, 3, at('2026-02-03T09:00:00Z')],
		['Ana Admin', 'admin', 'active', false, 0, null],
		// ADMIN_EMAIL is an admin whatever the stored role says.
		['Jefa', 'admin', 'active', true, 0, null],
	])
})

test('search by name or e-mail, and a page past the last gives the last', async () => {
	expect((await listUsers({ search: 'beto@', page: 1 })).rows.map((row) => row.name)).toEqual([
		'Beto Lector',
	])
	expect((await listUsers({ search: 'admin', page: 1 })).rows.map((row) => row.name)).toEqual([
		'Ana Admin',
	])
	expect((await listUsers({ search: 'nadie', page: 1 })).total).toBe(0)
	expect((await listUsers({ search: '', page: 99 })).page).toBe(1)
	expect(USERS_PAGE_SIZE).toBe(20)
})

test('role changes: granted and removed, never from the main admin nor by an admin to themselves', async () => {
	const actorId = ids['Ana Admin']!
	const beto = ids['Beto Lector']!
	expect(await changeUserRole({ actorId, userId: beto, role: 'admin' })).toBe('changed')
	expect((await prisma.profile.findUnique({ where: { id: beto } }))?.role).toBe('admin')
	expect(await changeUserRole({ actorId, userId: beto, role: 'usuario' })).toBe('changed')
	expect(await changeUserRole({ actorId, userId: ids['Jefa']!, role: 'usuario' })).toBe(
		'main_admin',
	)
	expect(await changeUserRole({ actorId, userId: actorId, role: 'usuario' })).toBe('self')
	expect(await changeUserRole({ actorId, userId: 'no-existe', role: 'admin' })).toBe('not_found')
	const trail = await prisma.auditLog.findMany({
		where: { actorId, action: 'admin.user.role_changed' },
		orderBy: { createdAt: 'asc' },
		select: { target: true, details: true },
	})
	expect(trail).toEqual([
		{ target: beto, details: '{"from":"usuario","to":"admin"}' },
		{ target: beto, details: '{"from":"admin","to":"usuario"}' },
	])
})

test('deletion: the account and its rows go; never the main admin, nor oneself', async () => {
	const actorId = ids['Ana Admin']!
	expect(await deleteUserAsAdmin({ actorId, userId: ids['Jefa']! })).toBe('main_admin')
	expect(await deleteUserAsAdmin({ actorId, userId: actorId })).toBe('self')
	expect(await deleteUserAsAdmin({ actorId, userId: 'no-existe' })).toBe('not_found')
	const beto = ids['Beto Lector']!
	expect(await deleteUserAsAdmin({ actorId, userId: beto })).toBe('deleted')
	expect(await prisma.profile.findUnique({ where: { id: beto } })).toBeNull()
	expect(await prisma.phrase.count({ where: { userId: beto } })).toBe(0)
	expect(await prisma.profile.findUnique({ where: { id: ids['Jefa']! } })).not.toBeNull()
	expect(
		await prisma.auditLog.count({ where: { actorId, action: 'admin.user.deleted', target: beto } }),
	).toBe(1)
})

test('a disabled account shows as disabled, whether or not its e-mail was confirmed', async () => {
	const carla = ids['Carla Nueva']!
	await prisma.profile.update({ where: { id: carla }, data: { disabledAt: new Date() } })
	const { rows } = await listUsers({ search: 'carla', page: 1 })
	expect(rows.map((row) => row.status)).toEqual(['disabled'])
	await prisma.profile.update({ where: { id: carla }, data: { disabledAt: null } })
	expect((await listUsers({ search: 'carla', page: 1 })).rows[0]?.status).toBe('unconfirmed')
})

test('the search is literal (%, _ and \\ are no wildcards) and ignores ASCII case, on both engines', async () => {
	const created = await Promise.all(
		[
			['Dora_Ruiz', 'dora_ruiz@frasea.test'],
			['DoraXRuiz', 'doraxruiz@frasea.test'],
			['Eva 100%', 'eva\\100@frasea.test'],
		].map(([name, email]) => prisma.profile.create({ data: { name: name!, email: email! } })),
	)
	const names = async (search: string) =>
		(await listUsers({ search, page: 1 })).rows.map((row) => row.name).sort()
	expect(await names('a_r')).toEqual(['Dora_Ruiz'])
	expect(await names('0%')).toEqual(['Eva 100%'])
	expect(await names('%')).toEqual(['Eva 100%'])
	expect(await names('a\\1')).toEqual(['Eva 100%'])
	expect(await names('DORA')).toEqual(['DoraXRuiz', 'Dora_Ruiz'])
	expect(await names('ANA@FRASEA')).toEqual(['Ana Admin'])
	await prisma.profile.deleteMany({ where: { id: { in: created.map((user) => user.id) } } })
})
