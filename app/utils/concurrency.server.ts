/**
 * A small concurrency limiter: at most `concurrency` tasks run at once, at most `maxQueue`
 * more wait their turn, and anything beyond that is refused at once (QueueFullError) so an
 * overloaded server answers "busy" quickly instead of piling up work and memory.
 */

export class QueueFullError extends Error {
	constructor(readonly limiter: string) {
		super(`${limiter}: queue full`)
		this.name = 'QueueFullError'
	}
}

export class Limiter {
	private running = 0
	private readonly waiting: Array<() => void> = []

	constructor(
		/** Named in errors and logs only. */
		readonly name: string,
		readonly concurrency: number,
		readonly maxQueue: number,
	) {
		if (!(concurrency >= 1) || !(maxQueue >= 0)) throw new Error(`${name}: bad limits`)
	}

	get active() {
		return this.running
	}

	get queued() {
		return this.waiting.length
	}

	/** True when a new task would be refused right now. */
	get full() {
		return this.running >= this.concurrency && this.waiting.length >= this.maxQueue
	}

	/**
	 * Runs `task` when a slot is free. Rejects with QueueFullError, without running it, when
	 * every slot is busy and the queue is full.
	 */
	async run<T>(task: () => Promise<T> | T): Promise<T> {
		if (this.running >= this.concurrency) {
			if (this.waiting.length >= this.maxQueue) throw new QueueFullError(this.name)
			// The slot is handed over by release(), so `running` already counts us when we wake.
			await new Promise<void>((resolve) => this.waiting.push(resolve))
		} else {
			this.running++
		}
		try {
			return await task()
		} finally {
			this.release()
		}
	}

	private release() {
		const next = this.waiting.shift()
		if (next) next()
		else this.running--
	}
}
