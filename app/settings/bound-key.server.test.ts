import { describe, expect, test } from 'vitest'
import {
	comparableAddress,
	keyFor,
	openKey,
	sameAddress,
	sealKey,
	type KeyCandidate,
} from './bound-key.server'
import { encryptSecret } from './secrets.server'

describe('which addresses are the same', () => {
	test('the way an address is written does not make it another', () => {
		expect(sameAddress('http://127.0.0.1:11434/v1', 'http://127.0.0.1:11434/v1/')).toBe(true)
		expect(sameAddress('https://API.example', 'https://api.example:443/')).toBe(true)
		expect(comparableAddress(' https://api.example/gemini// ')).toBe('https://api.example/gemini')
	})

	test('another scheme, host, port or path is another address', () => {
		for (const other of [
			'http://api.example/v1',
			'https://api.example.evil/v1',
			'https://api.example:8443/v1',
			'https://api.example/v2',
			'https://api.example',
		]) {
			expect(sameAddress('https://api.example/v1', other), other).toBe(false)
		}
	})

	test('nothing unusable is ever the same address, not even as itself', () => {
		for (const bad of [
			null,
			undefined,
			'',
			'no es una url',
			'ftp://api.example',
			'https://u:p@api.example',
		]) {
			expect(sameAddress(bad, bad), String(bad)).toBe(false)
		}
	})
})

test('the key for an address is the first candidate bound to it, whatever comes first', () => {
	const own: KeyCandidate = { value: 'propia', source: 'admin', address: 'https://a.example' }
	const env: KeyCandidate = { value: 'entorno', source: 'env', address: 'https://b.example' }
	const unbound: KeyCandidate = { value: 'sin-direccion', source: 'admin', address: null }
	expect(keyFor([own, env], 'https://b.example/')).toBe(env)
	expect(keyFor([null, own, env], 'https://a.example')).toBe(own)
	expect(keyFor([unbound, own], 'https://c.example')).toBeNull()
	expect(keyFor([unbound], null)).toBeNull()
})

test('a sealed key opens with its address; a bare key stored earlier opens bound to nothing', () => {
	const sealed = sealKey('AIza-clave-1234', 'http://127.0.0.1:11434/v1/')
	expect(sealed).not.toContain('AIza-clave-1234')
	expect(sealed).not.toContain('11434')
	expect(openKey(sealed)).toEqual({
		key: 'AIza-clave-1234',
		address: 'http://127.0.0.1:11434/v1',
		legacy: false,
	})
	expect(openKey(encryptSecret('AIza-antigua'))).toEqual({
		key: 'AIza-antigua',
		address: null,
		legacy: true,
	})
})
