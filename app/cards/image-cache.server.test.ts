import { describe, expect, test } from 'vitest'
import { ByteLru, etagFor, matchesEtag } from './image-cache.server'

const bytes = (size: number) => Buffer.alloc(size)

describe('ByteLru', () => {
	test('evicts the least recently used entries past its byte budget', () => {
		const cache = new ByteLru(100, 100)
		cache.set('a', bytes(40))
		cache.set('b', bytes(40))
		cache.get('a')
		cache.set('c', bytes(40))
		expect(cache.get('b')).toBeUndefined()
		expect(cache.get('a')).toBeDefined()
		expect(cache.get('c')).toBeDefined()
		expect(cache.bytes).toBe(80)
	})

	test('never keeps an entry larger than its per-entry limit', () => {
		const cache = new ByteLru(100, 30)
		cache.set('big', bytes(31))
		expect(cache.size).toBe(0)
	})

	test('concurrent requests share one render; a fallback is not kept', async () => {
		const cache = new ByteLru(1000)
		let renders = 0
		const render = async () => {
			renders++
			await new Promise((resolve) => setTimeout(resolve, 10))
			return { value: bytes(10), keep: true }
		}
		const results = await Promise.all([
			cache.getOrCreate('k', render),
			cache.getOrCreate('k', render),
			cache.getOrCreate('k', render),
		])
		expect(renders).toBe(1)
		expect(results[0]).toMatchObject({ hit: false, keep: true })
		expect(await cache.getOrCreate('k', render)).toMatchObject({ hit: true })

		await cache.getOrCreate('fallback', async () => ({ value: bytes(5), keep: false }))
		expect(cache.get('fallback')).toBeUndefined()
	})
})

test('ETags: stable per key, matched in lists and weak forms', () => {
	const etag = etagFor('2|jpg|full|t=Hola')
	expect(etag).toBe(etagFor('2|jpg|full|t=Hola'))
	expect(etag).not.toBe(etagFor('2|jpg|540|t=Hola'))
	const request = (value: string) =>
		new Request('http://x', { headers: { 'if-none-match': value } })
	expect(matchesEtag(request(`"other", W/${etag}`), etag)).toBe(true)
	expect(matchesEtag(request('"other"'), etag)).toBe(false)
	expect(matchesEtag(new Request('http://x'), etag)).toBe(false)
})
