import { describe, expect, test } from 'vitest'
import { Limiter, QueueFullError } from './concurrency.server'

/** A task that runs until `finish()` is called. */
function gate() {
	let finish: () => void = () => undefined
	const done = new Promise<void>((resolve) => (finish = resolve))
	return { done, finish: () => finish() }
}

describe('Limiter', () => {
	test('runs at most `concurrency` tasks at once, then the queued ones in order', async () => {
		const limiter = new Limiter('test', 2, 3)
		const gates = Array.from({ length: 5 }, gate)
		const started: number[] = []
		const runs = gates.map((g, index) =>
			limiter.run(async () => {
				started.push(index)
				await g.done
				return index
			}),
		)
		await Promise.resolve()
		expect(started).toEqual([0, 1])
		expect([limiter.active, limiter.queued, limiter.full]).toEqual([2, 3, true])
		gates[1]?.finish()
		await runs[1]
		await new Promise((resolve) => setTimeout(resolve, 0))
		expect(started).toEqual([0, 1, 2])
		for (const g of gates) g.finish()
		expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4])
		expect([limiter.active, limiter.queued, limiter.full]).toEqual([0, 0, false])
	})

	test('refuses at once, without running it, when every slot and the queue are taken', async () => {
		const limiter = new Limiter('test', 1, 1)
		const g = gate()
		const first = limiter.run(() => g.done)
		const second = limiter.run(() => g.done)
		let ran = false
		await expect(
			limiter.run(() => {
				ran = true
			}),
		).rejects.toBeInstanceOf(QueueFullError)
		expect(ran).toBe(false)
		g.finish()
		await Promise.all([first, second])
		// Room again once the work is done.
		await expect(limiter.run(() => 'ok')).resolves.toBe('ok')
	})

	test('a failing task frees its slot', async () => {
		const limiter = new Limiter('test', 1, 0)
		await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
		await expect(limiter.run(() => 1)).resolves.toBe(1)
		expect(limiter.active).toBe(0)
	})
})
