/**
 * One-click unsubscribe (RFC 8058) over plain HTTP: a mail client POSTs to a mail's
 * List-Unsubscribe link with no cookies and no Origin of ours, and the server's same-origin
 * check lets exactly that request through (server/request-guards.js, isOneClickUnsubscribe).
 * Here: it turns that one setting off; nothing else gets past the check (other methods,
 * other spellings of the path, the data request, other pages); and a token that was not
 * signed for that account and setting changes nothing. The links are signed as the app
 * signs them, with the shared app's session secret.
 */
import { unsubscribeToken } from '../app/mail/unsubscribe.server'
import { type Topic } from '../app/mail/topics'
import { baseURL } from '../playwright.config'
import { createUser, sessionSecret, sharedApp, sqlGet } from './auth-helpers'
import { expect, test } from './fixtures'

type Settings = {
	notify_new_features: number
	notify_tips: number
	notify_activity: number
	notify_email: number
}
const settingsOf = (userId: string) =>
	sqlGet<Settings>(
		'SELECT notify_new_features, notify_tips, notify_activity, notify_email FROM user_settings WHERE user_id = ?',
		userId,
	)

async function linkFor(userId: string, topic: Topic) {
	return `/baja?t=${unsubscribeToken(userId, topic, await sessionSecret(sharedApp))}`
}

/** What a mail client sends: the RFC's body, whatever else `headers` add. */
function oneClick(path: string, headers: Record<string, string> = {}, method = 'POST') {
	return fetch(`${baseURL}${path}`, {
		method,
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
		body: 'List-Unsubscribe=One-Click',
	})
}

test("a mail client's POST, with no cookies and no Origin of ours, turns that one setting off", async () => {
	const senders: Array<[string, Record<string, string>]> = [
		['no Origin at all', {}],
		['a webmail’s Origin', { origin: 'https://mail.example' }],
		['Origin null', { origin: 'null' }],
		['a foreign Referer', { referer: 'https://mail.example/inbox' }],
	]
	for (const [label, headers] of senders) {
		const user = await createUser()
		const response = await oneClick(await linkFor(user.id, 'new_features'), headers)
		expect(response.status, label).toBe(200)
		expect(response.headers.get('set-cookie'), label).toBeNull()
		// Only that setting; the rest as the account had them (the defaults).
		expect(settingsOf(user.id), label).toEqual({
			notify_new_features: 0,
			notify_tips: 0,
			notify_activity: 0,
			notify_email: 1,
		})
	}
	// A body sent as multipart (some clients do) works the same.
	const user = await createUser()
	const body = new FormData()
	body.set('List-Unsubscribe', 'One-Click')
	const response = await fetch(`${baseURL}${await linkFor(user.id, 'activity')}`, {
		method: 'POST',
		body,
	})
	expect(response.status).toBe(200)
	expect(settingsOf(user.id)?.notify_activity).toBe(0)
})

test('nothing else gets past the same-origin check', async () => {
	const user = await createUser()
	const link = await linkFor(user.id, 'new_features')
	const token = link.slice('/baja?t='.length)
	const refused: Array<[string, string]> = [
		['POST', `/baja.data?t=${token}`],
		['POST', `/baja/?t=${token}`],
		['POST', `/BAJA?t=${token}`],
		['POST', `/baja%2F?t=${token}`],
		['PUT', link],
		['PATCH', link],
		['DELETE', link],
		['POST', '/dashboard/configuracion'],
		['POST', '/admin/users'],
		['POST', '/logout'],
		['POST', '/forgot-password'],
	]
	for (const [method, path] of refused) {
		const response = await oneClick(path, {}, method)
		expect(response.status, `${method} ${path}`).toBe(403)
		expect(await response.text(), `${method} ${path}`).toContain('no se ha enviado desde Frasea')
	}
	expect(settingsOf(user.id)).toBeUndefined()
})

test('a token not signed for that account and setting changes nothing', async () => {
	const user = await createUser()
	const other = await createUser()
	const [, , signature] = (await linkFor(user.id, 'new_features')).split('.')
	const forged = [
		`/baja?t=${other.id}.nuevas-funciones.${signature}`,
		`/baja?t=${user.id}.consejos.${signature}`,
		`/baja?t=${user.id}.nuevas-funciones.${signature?.slice(0, -2)}AA`,
		`/baja?t=${user.id}.correo.${signature}`,
		'/baja?t=',
		'/baja',
	]
	for (const path of forged) {
		const response = await oneClick(path)
		expect(response.status, path).toBe(400)
		expect(await response.text(), path).toContain('no es válido')
	}
	expect(settingsOf(user.id)).toBeUndefined()
	expect(settingsOf(other.id)).toBeUndefined()

	// Opening a good link shows the question and changes nothing (mail scanners open links).
	const page = await fetch(`${baseURL}${await linkFor(user.id, 'tips')}`)
	expect(page.status).toBe(200)
	const html = await page.text()
	expect(html).toContain('¿Quieres dejar de recibir «Consejos y sugerencias» de Frasea?')
	expect(html).toContain('Darme de baja')
	expect(page.headers.get('cache-control')).toBe('no-store')
	expect(settingsOf(user.id)).toBeUndefined()
})

test('bad bodies to the link are read within the cap and never make a 500', async () => {
	const user = await createUser()
	const link = await linkFor(user.id, 'tips')
	const bodies: Array<[string, string, string]> = [
		['text/plain', 'hola', 'text/plain'],
		['JSON', '{"List-Unsubscribe":"One-Click"}', 'application/json'],
		['bad percent-escapes', 'List-Unsubscribe=%zz', 'application/x-www-form-urlencoded'],
		['multipart without boundary', 'x', 'multipart/form-data'],
		['200 KB', `List-Unsubscribe=${'x'.repeat(200_000)}`, 'application/x-www-form-urlencoded'],
	]
	for (const [label, body, contentType] of bodies) {
		const response = await fetch(`${baseURL}${link}`, {
			method: 'POST',
			headers: { 'content-type': contentType },
			body,
		})
		expect(response.status, label).toBeLessThan(500)
		expect(await response.text(), label).not.toContain('Unexpected Server Error')
	}
	const tooBig = await fetch(`${baseURL}${link}`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: 'x'.repeat(300 * 1024),
	})
	expect(tooBig.status).toBe(413)
})
