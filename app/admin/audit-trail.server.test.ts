import { expect, test } from 'vitest'
import { writeSetting, SETTING_KEYS } from '~/settings/store.server'
import { prisma } from '~/utils/db.server'
import {
	AUDIT_PAGE_SIZE,
	describeAdminChange,
	getAuditTrail,
	type TargetLookup,
} from './audit-trail.server'
import { changeUserRole } from './users.server'

const empty: TargetLookup = { users: new Map(), tools: new Map() }
const lookup: TargetLookup = {
	users: new Map([['u1', { name: 'Ana Ruiz', email: 'ana@frasea.test' }]]),
	tools: new Map([['t1', 'Frases de Instagram']]),
}
const describe = (
	action: string,
	target: string | null,
	details?: Record<string, unknown>,
	targets = lookup,
) =>
	describeAdminChange(
		{ action, target, details: details ? JSON.stringify(details) : null },
		targets,
	)

test('each admin action in Spanish, with its target', () => {
	expect(describe('admin.user.role_changed', 'u1', { from: 'usuario', to: 'admin' })).toEqual({
		description: 'Cambió el rol de Ana Ruiz a administrador',
		target: 'Ana Ruiz (ana@frasea.test)',
	})
	expect(
		describe('admin.user.role_changed', 'u1', { from: 'admin', to: 'usuario' }).description,
	).toBe('Cambió el rol de Ana Ruiz a usuario')
	expect(describe('admin.user.deleted', 'gone')).toEqual({
		description: 'Eliminó una cuenta',
		target: 'una cuenta ya eliminada',
	})
	expect(describe('admin.user.deleted', 'gone', { email: 'beto@frasea.test' }).description).toBe(
		'Eliminó la cuenta beto@frasea.test',
	)
	expect(describe('admin.user.disabled', 'u1').description).toBe('Deshabilitó la cuenta Ana Ruiz')
	expect(describe('admin.user.enabled', 'u1').description).toBe('Habilitó la cuenta Ana Ruiz')
	expect(describe('admin.user.invited', 'inv1', { email: 'nueva@frasea.test' })).toEqual({
		description: 'Invitó a nueva@frasea.test',
		target: 'nueva@frasea.test',
	})
	expect(
		describe('admin.setting.changed', 'ai.provider', { from: 'gemini', to: 'openai' }),
	).toEqual({
		description: 'Cambió el ajuste «Proveedor de IA»: gemini → openai',
		target: 'Proveedor de IA',
	})
	expect(
		describe('admin.setting.changed', 'generation.dailyLimit.anon', { from: null, to: '50' })
			.description,
	).toBe('Cambió el ajuste «Límite diario de visitantes»: (sin valor) → 50')
	expect(
		describe('admin.setting.changed', 'ads.enabled', { from: 'false', to: 'true' }).description,
	).toBe('Cambió el ajuste «Mostrar anuncios»: no → sí')
	expect(describe('admin.tool.added', 't1')).toEqual({
		description: 'Añadió la herramienta «Frases de Instagram»',
		target: 'Frases de Instagram',
	})
	expect(describe('admin.tool.activated', 't1').description).toBe(
		'Activó la herramienta «Frases de Instagram»',
	)
	expect(describe('admin.tool.deactivated', 't1').description).toBe(
		'Desactivó la herramienta «Frases de Instagram»',
	)
	// A deleted tool is gone from the table: its name from the row, else its id.
	expect(describe('admin.tool.deleted', 't9', { name: 'Vieja' }).description).toBe(
		'Eliminó la herramienta «Vieja»',
	)
	expect(describe('admin.tool.settings_changed', 'instagram').description).toBe(
		'Cambió la configuración de la herramienta «API Instagram Frases»',
	)
	expect(describe('admin.tool.settings_changed', 'facebook', { fields: ['model'] })).toEqual({
		description: 'Cambió la configuración de la herramienta «API Facebook Frases»',
		target: 'API Facebook Frases',
	})
	expect(describe('admin.invitation.revoked', 'inv1', { email: 'nueva@frasea.test' })).toEqual({
		description: 'Anuló la invitación a nueva@frasea.test',
		target: 'nueva@frasea.test',
	})
	expect(describe('admin.model.added', 'm1', { name: 'Gemini Flash' }).description).toBe(
		'Añadió el modelo «Gemini Flash»',
	)
	expect(describe('admin.model.removed', 'm1', { name: 'Gemini Flash' }).description).toBe(
		'Quitó el modelo «Gemini Flash»',
	)
	expect(describe('admin.model.selected', 'm1', { name: 'Gemini Flash' }).description).toBe(
		'Eligió el modelo «Gemini Flash» como predeterminado',
	)
	expect(describe('admin.advanced.changed', null, { temperature: 0.7 })).toEqual({
		description: 'Cambió los parámetros avanzados de generación',
		target: null,
	})
	expect(describe('admin.something.new', 'x')).toEqual({
		description: 'Hizo un cambio en la administración (admin.something.new)',
		target: null,
	})
	// A row whose details are not JSON still gets its sentence.
	expect(
		describeAdminChange(
			{ action: 'admin.setting.changed', target: 'ai.provider', details: '{oops' },
			empty,
		).description,
	).toBe('Cambió el ajuste «Proveedor de IA»: (sin valor) → (sin valor)')
})

test('a secret is never shown, even if a row carried its value', () => {
	for (const details of [
		{ secret: 'set' },
		{ from: 'AIza-old-secret', to: 'AIza-new-secret' },
		{ secret: 'set', to: 'AIza-new-secret' },
	]) {
		const row = describe('admin.setting.changed', SETTING_KEYS.geminiApiKey, details)
		expect(row).toEqual({
			description: 'Guardó una nueva clave de API',
			target: 'Clave de API de Gemini',
		})
		expect(JSON.stringify(row)).not.toContain('AIza')
	}
	expect(
		describe('admin.setting.changed', SETTING_KEYS.openaiApiKey, { secret: 'cleared' }).description,
	).toBe('Borró una clave de API')
})

test('the trail: admin changes only, newest first, 20 a page, actors and targets named in batches', async () => {
	const admin = await prisma.profile.create({
		data: { name: 'Carmen Admin', email: 'carmen@frasea.test', role: 'admin' },
	})
	const gone = await prisma.profile.create({
		data: { name: 'Dani Exadmin', email: 'dani@frasea.test', role: 'admin' },
	})
	const user = await prisma.profile.create({ data: { name: 'Eva', email: 'eva@frasea.test' } })

	expect(await getAuditTrail(1)).toEqual({ entries: [], page: 1, pageCount: 1, total: 0 })

	// 21 admin changes a minute apart, and the users' own activity, which is not shown.
	const start = Date.parse('2026-05-01T10:00:00Z')
	for (let i = 0; i < 21; i++) {
		await prisma.auditLog.create({
			data: {
				actorId: i === 0 ? gone.id : admin.id,
				action: 'admin.user.role_changed',
				target: user.id,
				details: JSON.stringify({ from: 'usuario', to: i % 2 ? 'admin' : 'usuario' }),
				createdAt: new Date(start + i * 60_000),
			},
		})
	}
	await prisma.auditLog.create({ data: { actorId: user.id, action: 'phrase.saved' } })
	await prisma.auditLog.create({ data: { actorId: user.id, action: 'auth.signed_in' } })
	// The first change's author deletes their account: the trail outlives it.
	await prisma.profile.delete({ where: { id: gone.id } })

	const first = await getAuditTrail(1)
	expect(first.total).toBe(21)
	expect(first.pageCount).toBe(2)
	expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE)
	expect(first.entries[0]).toEqual({
		id: expect.any(String),
		createdAt: new Date(start + 20 * 60_000),
		actor: 'Carmen Admin',
		description: 'Cambió el rol de Eva a usuario',
		target: 'Eva (eva@frasea.test)',
	})
	const dates = first.entries.map((entry) => entry.createdAt.getTime())
	expect(dates).toEqual([...dates].sort((x, y) => y - x))

	const second = await getAuditTrail(2)
	expect(second.page).toBe(2)
	expect(second.entries).toHaveLength(1)
	expect(second.entries[0]).toMatchObject({
		actor: 'Cuenta eliminada',
		createdAt: new Date(start),
	})
	// Past the last page: the last page.
	expect((await getAuditTrail(99)).page).toBe(2)
	expect((await getAuditTrail(Number.NaN)).page).toBe(1)
})

test('real changes read back: a role change and a secret saved through the settings store', async () => {
	const admin = await prisma.profile.create({
		data: { name: 'Fran Admin', email: 'fran@frasea.test', role: 'admin' },
	})
	const user = await prisma.profile.create({ data: { name: 'Gael', email: 'gael@frasea.test' } })
	expect(await changeUserRole({ actorId: admin.id, userId: user.id, role: 'admin' })).toBe(
		'changed',
	)
	await writeSetting(SETTING_KEYS.geminiApiKey, 'AIza-super-secret-value', admin.id)
	const trail = await getAuditTrail(1)
	const ours = trail.entries.filter((entry) => entry.actor === 'Fran Admin')
	expect(ours.map(({ description, target }) => ({ description, target }))).toEqual(
		expect.arrayContaining([
			{ description: 'Cambió el rol de Gael a administrador', target: 'Gael (gael@frasea.test)' },
			{ description: 'Guardó una nueva clave de API', target: 'Clave de API de Gemini' },
		]),
	)
	expect(JSON.stringify(trail)).not.toContain('super-secret')
})

test('announcements, mail retries and the bulk mail pace in the trail', () => {
	expect(
		describe('admin.announcement.sent', 'a1', {
			subject: 'Novedades',
			audience: 'tips',
			recipients: 12,
		}),
	).toEqual({ description: 'Envió el comunicado «Novedades» a 12 cuentas', target: 'Novedades' })
	expect(describe('admin.mail.retried', null, { count: 1 }).description).toBe(
		'Pidió reintentar ahora 1 correo con fallos',
	)
	expect(
		describe('admin.setting.changed', 'mail.bulkPerMinute', { from: null, to: '120' }).description,
	).toBe('Cambió el ajuste «Correos masivos por minuto»: (sin valor) → 120')
})
