import { expect, test, vi } from 'vitest'
import { readUnsubscribeToken, unsubscribeHeaders, unsubscribeToken } from './unsubscribe.server'

vi.hoisted(() => {
	process.env.APP_URL = 'https://frasea.example'
})

const user = 'cmabc123def456ghi789jkl01'

test('a token names one account and one topic, and nothing else opens', () => {
	const token = unsubscribeToken(user, 'tips')
	expect(readUnsubscribeToken(token)).toEqual({ userId: user, topic: 'tips' })
	const [, , signature] = token.split('.')
	// The same signature for another topic or another account, or altered, is worthless.
	expect(readUnsubscribeToken(`${user}.nuevas-funciones.${signature}`)).toBeNull()
	expect(readUnsubscribeToken(`cmotra000000000000000000.consejos.${signature}`)).toBeNull()
	expect(readUnsubscribeToken(`${token}A`)).toBeNull()
	expect(readUnsubscribeToken(`${user}.consejos.${signature}=`)).toBeNull()
	expect(readUnsubscribeToken(`${user}.correo.${signature}`)).toBeNull()
	for (const junk of [null, '', '...', 'a.b', `${user}.consejos`, `${token}.extra`]) {
		expect(readUnsubscribeToken(junk)).toBeNull()
	}
})

test('signed with the session secret (under its own key), so links survive a rotation that keeps the old one', () => {
	// tests/setup/database.ts: SESSION_SECRET lists a current and an older secret.
	const older = unsubscribeToken(user, 'activity', 'secreto-anterior-de-pruebas-5678')
	expect(readUnsubscribeToken(older)).toEqual({ userId: user, topic: 'activity' })
	expect(
		readUnsubscribeToken(unsubscribeToken(user, 'activity', 'un-secreto-que-no-esta-en-la-lista')),
	).toBeNull()
	// Not the secret itself: the token is no HMAC a cookie signer would make.
	expect(unsubscribeToken(user, 'activity')).not.toContain('primer-secreto')
})

test('the headers a mail client needs for one click (RFC 8058), on APP_URL', () => {
	const headers = unsubscribeHeaders(user, 'new_features')
	expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
	expect(headers['List-Unsubscribe']).toMatch(/^<https:\/\/frasea\.example\/baja\?t=[\w.-]+>$/)
})
