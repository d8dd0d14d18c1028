/**
 * While admins are required to use two-factor sign-in ('Exigir verificación en dos pasos a
 * los administradores' on /admin/users), an admin without it gets 403 on every post to the
 * admin area, not only on its pages: each route under app/routes/admin* that takes posts is
 * found from the files themselves, so a new admin page is covered the day it is added. Each
 * gets forms that would change something (the requirement itself, a role, a key, a tool),
 * and nothing changes. On an app of the worker's own: the requirement is service-wide.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type OwnApp } from './own-app'

const ROUTES = path.resolve('app/routes')

/** The URL a flat route file answers on (a `$param` segment gets a made-up value). */
function pathOf(file: string) {
	const segments = file.replace(/\.tsx?$/, '').split('.')
	if (segments.at(-1) === '_index') return `/${segments.slice(0, -1).join('/')}?index`
	return `/${segments.map((segment) => (segment.startsWith('$') ? 'cualquier-cosa' : segment)).join('/')}`
}

/** Every admin route file and whether it exports an action. */
function adminRoutes() {
	return readdirSync(ROUTES)
		.filter((file) => /^admin(\.[^/]+)?\.tsx?$/.test(file) && !file.includes('.test.'))
		.map((file) => ({
			file,
			path: pathOf(file),
			takesPosts: /export (async function action\b|const action\b)/.test(
				readFileSync(path.join(ROUTES, file), 'utf8'),
			),
		}))
}

/** Forms an admin page of that path would accept: each one writes something when allowed. */
const FORMS: Record<string, Array<Record<string, string>>> = {
	'/admin/users': [
		{ intent: 'exigir-2fa' },
		{ intent: 'rol', userId: 'VICTIM', role: 'usuario' },
		{ intent: 'estado', userId: 'VICTIM', estado: 'deshabilitado' },
		{ intent: 'eliminar', userId: 'VICTIM', confirmado: 'si' },
		{ intent: 'invitar', email: 'invitado@frasea.test' },
	],
	'/admin/api-settings': [
		{ intent: 'proveedor', provider: 'gemini' },
		{ intent: 'clave-gemini', apiKey: 'clave-de-un-intruso' },
		{ intent: 'direccion-gemini', baseUrl: 'http://127.0.0.1:9' },
		{ intent: 'limites', anon: '1', user: '1', ip: '1', global: '1' },
		{ intent: 'prueba', prompt: 'hola' },
	],
	'/admin/new-tools': [
		{ intent: 'anadir', name: 'Intrusa', description: 'x', endpoint: '/intrusa', isActive: 'on' },
		{ intent: 'desactivar', toolId: 'home' },
	],
	'/admin/instagram-api': [
		{ intent: 'quitar-clave' },
		{ intent: 'restablecer' },
		{
			intent: 'guardar',
			name: 'Intrusa',
			description: 'x',
			apiKey: 'clave-de-un-intruso',
			customPrompt: '{{prompt}}',
			temperature: '0.5',
			maxTokens: '100',
			topP: '0.5',
		},
	],
	'/admin/facebook-api': [
		{ intent: 'probar', baseUrl: 'http://127.0.0.1:9', apiKey: '' },
		{ intent: 'guardar', baseUrl: 'http://127.0.0.1:9', apiKey: 'clave-de-un-intruso' },
		{ intent: 'restablecer' },
	],
	'/admin/ads': [{ enabled: 'on', clientId: 'ca-pub-1234567890123456', slot: '1234567890' }],
	'/admin/announcements': [
		{
			intent: 'enviar',
			subject: 'Intrusa',
			body: 'Un comunicado que nadie debe recibir',
			audience: 'nuevas-funciones',
			requestKey: 'clave-de-un-intruso-0123456789',
		},
		{
			intent: 'vista-previa',
			subject: 'Intrusa',
			body: 'x',
			audience: 'consejos',
			requestKey: 'clave-de-un-intruso-0123456789',
		},
	],
	'/admin/mail': [
		{ intent: 'reintentar' },
		{ intent: 'ritmo', perMinute: '1' },
		{ intent: 'restablecer-ritmo' },
	],
}
/** What any other admin path gets: a post that names no form at all. */
const ANY_FORM = [{ intent: 'cualquiera' }]

/** The tables an admin post could change, as one string to compare before and after. */
function adminState(ownApp: OwnApp) {
	const dump = (table: string) => JSON.stringify(ownApp.sqlGetAll(`SELECT * FROM ${table}`))
	return [
		...[
			'settings',
			'tools',
			'tool_settings',
			'perfiles',
			'invitations',
			'configuracion_api',
			'configuracion_avanzada',
			'audit_logs',
			'announcements',
		].map(dump),
		// The mails an admin post could queue or send again (other mails of the app may be
		// on their way meanwhile).
		JSON.stringify(
			ownApp.sqlGetAll(
				"SELECT id, status, next_attempt_at FROM mail_outbox WHERE kind = 'announcement' OR last_error IS NOT NULL",
			),
		),
	].join('\n')
}

test('an admin without two-factor gets 403 on every admin post while admins must use it', async ({
	page,
	ownApp,
	ownLogin,
}) => {
	const routes = adminRoutes()
	// The listing really found the admin pages that take posts.
	expect(routes.filter((route) => route.takesPosts).map((route) => route.path)).toEqual(
		expect.arrayContaining(Object.keys(FORMS)),
	)
	const victim = await ownLogin({ admin: true })
	await page.context().clearCookies()
	const admin = await ownLogin({ admin: true })
	expect(admin.id).not.toBe(victim.id)
	ownApp.sql(
		`INSERT INTO settings (key, value, updated_at) VALUES ('security.requireAdminTwoFactor', 'true', ?)
		 ON CONFLICT (key) DO UPDATE SET value = 'true'`,
		new Date().toISOString().replace('Z', '+00:00'),
	)
	try {
		const before = adminState(ownApp)
		for (const route of routes) {
			// Pages that take no posts refuse them too, before saying so.
			for (const form of FORMS[route.path.replace(/\?index$/, '')] ?? ANY_FORM) {
				const fields = Object.fromEntries(
					Object.entries(form).map(([name, value]) => [name, value.replace('VICTIM', victim.id)]),
				)
				const response = await page.request.post(ownApp.url(route.path), {
					headers: { origin: ownApp.baseURL },
					form: fields,
					maxRedirects: 0,
				})
				const what = `${route.file} ${form.intent ?? JSON.stringify(form)}`
				expect(response.status(), what).toBe(403)
				expect(await response.text(), what).toContain(
					'primero activa la verificación en dos pasos en tu cuenta',
				)
			}
		}
		expect(adminState(ownApp)).toBe(before)
	} finally {
		ownApp.sql("DELETE FROM settings WHERE key = 'security.requireAdminTwoFactor'")
	}
})
