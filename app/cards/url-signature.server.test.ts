import { describe, expect, test } from 'vitest'
import {
	SIGNATURE_PARAM,
	canonicalCardUrl,
	cardUrlKey,
	checkCardUrl,
	signCardPath,
} from './url-signature.server'

const NEW = 'secreto-nuevo-de-pruebas-1234'
const OLD = 'secreto-viejo-de-pruebas-5678'
const params = () => new URLSearchParams({ t: 'Hola mundo', sd: '42', v: '2', ancho: '540' })
const check = (path: string, secrets = [NEW]) => checkCardUrl(new URL(path, 'http://x'), secrets)
const signed = () => signCardPath('/tarjetas/imagen.jpg', params(), NEW)

/** Rewrites a signed URL's query, keeping its signature. */
function tamper(
	path: string,
	change: (params: Array<[string, string]>) => Array<[string, string]>,
) {
	const url = new URL(path, 'http://x')
	const firma = url.searchParams.get(SIGNATURE_PARAM) as string
	const entries = [...url.searchParams].filter(([name]) => name !== SIGNATURE_PARAM)
	const query = new URLSearchParams([...change(entries), [SIGNATURE_PARAM, firma]])
	return `${url.pathname}?${query}`
}

describe('card URL signatures', () => {
	test('a URL as the pages write it is valid; the signature comes last', () => {
		const path = signed()
		expect(path).toMatch(
			/^\/tarjetas\/imagen\.jpg\?t=Hola\+mundo&sd=42&v=2&ancho=540&firma=[\w-]{22}$/,
		)
		expect(check(path)).toBe('valid')
	})

	test('missing, empty, repeated or malformed signatures are refused', () => {
		expect(check('/tarjetas/imagen.jpg?t=Hola')).toBe('missing')
		expect(check('/tarjetas/imagen.jpg?t=Hola&firma=')).toBe('missing')
		const path = signed()
		const firma = new URL(path, 'http://x').searchParams.get('firma')
		expect(check(`${path}&firma=${firma}`)).toBe('invalid')
		expect(check(path.replace(/firma=[\w-]+/, 'firma=AAAAAAAAAAAAAAAAAAAAAA'))).toBe('invalid')
		expect(check(path.replace(/firma=[\w-]+/, 'firma=corta'))).toBe('invalid')
		// The same bytes spelt another way (spare bits, padding) are not the signature.
		expect(check(`${path}==`)).toBe('invalid')
	})

	test('every parameter is covered: changed, added, removed, repeated or moved breaks it', () => {
		const path = signed()
		const attacks: Record<string, (entries: Array<[string, string]>) => Array<[string, string]>> = {
			changedText: (entries) => entries.map(([n, v]) => [n, n === 't' ? 'Otra frase' : v]),
			changedSeed: (entries) => entries.map(([n, v]) => [n, n === 'sd' ? '43' : v]),
			added: (entries) => [...entries, ['descargar', '1']],
			removed: (entries) => entries.filter(([name]) => name !== 'ancho'),
			repeated: (entries) => [...entries, ['t', 'Otra frase']],
			reordered: (entries) => [...entries].reverse(),
			renamed: (entries) => entries.map(([n, v]) => [n === 'ancho' ? 'anch' : n, v]),
		}
		for (const [name, attack] of Object.entries(attacks)) {
			expect(check(tamper(path, attack)), name).toBe('invalid')
		}
		// Untouched, the tamper helper itself keeps it valid.
		expect(check(tamper(path, (entries) => entries))).toBe('valid')
	})

	test('a signature is only good for its own route', () => {
		const path = signed().replace('/tarjetas/imagen.jpg', '/tarjetas/todas.zip')
		expect(check(path)).toBe('invalid')
	})

	test('no value can imitate a separator', () => {
		const a = canonicalCardUrl('/p', new URLSearchParams([['t', 'a&sd=1']]))
		const b = canonicalCardUrl(
			'/p',
			new URLSearchParams([
				['t', 'a'],
				['sd', '1'],
			]),
		)
		expect(a).not.toBe(b)
	})

	test('signed with the newest secret; URLs of a rotated-out secret still pass while listed', () => {
		const old = signCardPath('/tarjetas/imagen.jpg', params(), OLD)
		expect(check(old, [NEW, OLD])).toBe('valid')
		expect(check(old, [NEW])).toBe('invalid')
		expect(check(signed(), [NEW, OLD])).toBe('valid')
	})

	test('the key is derived from the secret, never the secret itself', () => {
		expect(cardUrlKey(NEW).equals(Buffer.from(NEW))).toBe(false)
		expect(cardUrlKey(NEW)).toHaveLength(32)
		expect(cardUrlKey(NEW).equals(cardUrlKey(OLD))).toBe(false)
	})
})
