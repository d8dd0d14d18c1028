/**
 * The worker threads that draw cards. Drawing, decoding backgrounds, JPEG encoding and
 * zipping are CPU work that would stall every other request on the main thread, so they run
 * in a pool of workers (piscina; docs/decisions/009-render-workers.md) and the main thread
 * only routes, queues and streams bytes.
 *
 * Admission is exact: `concurrency` tasks run (one per worker), `queue` more wait, and one
 * beyond that is refused at once (QueueFullError; the routes answer 503 with Retry-After).
 * A worker that dies (a crash, out of memory, past its time) is replaced, and the task it
 * held fails with RenderWorkerError, which the routes answer with 503 too.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import { Limiter } from '~/utils/concurrency.server'
import { getEnv } from '~/utils/env.server'
import { type RenderTask } from './render-task.server'
import { type RenderWorkerReady } from './render-worker'

/** A render worker died while it held this task; the task itself may be fine. */
export class RenderWorkerError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'RenderWorkerError'
	}
}

/**
 * Memory of each worker's JavaScript heap. Pixels live outside it (Skia's canvases, decoded
 * images, the JPEG and ZIP bytes): those are bounded by the number of workers, each drawing
 * one card at a time, at most 1920 px on its long side, on an upload of at most 2560 px.
 */
export const WORKER_RESOURCE_LIMITS = {
	maxOldGenerationSizeMb: 96,
	maxYoungGenerationSizeMb: 16,
	stackSizeMb: 4,
}

/** nice(2) step of the render threads; pages are answered by the main thread at 0. */
const RENDER_NICE_INCREMENT = 10
/** A render never takes this long unless its worker is stuck: it is ended and replaced. */
const TASK_TIMEOUT_MS = 60_000
/** Workers beyond the first leave after this long without work, giving their memory back. */
const IDLE_TIMEOUT_MS = 60_000

export interface RenderPoolOptions {
	concurrency: number
	queue: number
	/** The worker's entry; by default the built one, or the source through tsx. */
	worker?: { filename: string; execArgv: string[] }
	taskTimeoutMs?: number
}

/**
 * Where the worker's code is. The production build has it as `render-worker.js` beside the
 * server bundle that holds this module (vite.config.ts puts it there and checks it). From
 * source (`npm run dev`, Vitest) the TypeScript file runs through tsx.
 */
export function renderWorkerEntry(): { filename: string; execArgv: string[] } {
	const built = new URL('./render-worker.js', import.meta.url)
	if (existsSync(fileURLToPath(built))) return { filename: built.href, execArgv: [] }
	return {
		filename: new URL('./render-worker.ts', import.meta.url).href,
		execArgv: ['--import', 'tsx'],
	}
}

export class RenderPool {
	readonly limiter: Limiter
	/** Workers that started and registered their fonts. */
	workersStarted = 0
	private piscina: Piscina | undefined
	private readonly taskTimeoutMs: number

	constructor(private readonly options: RenderPoolOptions) {
		this.limiter = new Limiter('card renders', options.concurrency, options.queue)
		this.taskTimeoutMs = options.taskTimeoutMs ?? TASK_TIMEOUT_MS
	}

	/** True when a new render would be refused right now. */
	get full() {
		return this.limiter.full
	}

	/** The worker threads alive now (for tests and diagnostics). */
	get threads() {
		return this.piscina?.threads ?? []
	}

	/**
	 * The task's bytes (a JPEG or a ZIP), drawn by a worker. Rejects at once with
	 * QueueFullError when every worker is busy and the queue is full; with RenderWorkerError
	 * when the worker died; with a plain Error when the task itself failed.
	 */
	run(task: RenderTask): Promise<Buffer> {
		return this.limiter.run(async () => {
			let result: Uint8Array | { error: string }
			try {
				result = await this.workers().run(task, {
					signal: AbortSignal.timeout(this.taskTimeoutMs),
				})
			} catch (error) {
				const reason = error instanceof Error ? error.message : String(error)
				console.error(`Card render worker failed, replacing it: ${reason}`)
				throw new RenderWorkerError(reason)
			}
			if (!(result instanceof Uint8Array)) throw new Error(`Card render failed: ${result.error}`)
			return Buffer.from(result.buffer, result.byteOffset, result.byteLength)
		})
	}

	/** Ends every worker (tests; the process exiting ends them anyway). */
	async close() {
		const piscina = this.piscina
		this.piscina = undefined
		await piscina?.destroy()
	}

	private workers(): Piscina {
		if (this.piscina) return this.piscina
		const worker = this.options.worker ?? renderWorkerEntry()
		const piscina = new Piscina({
			filename: worker.filename,
			execArgv: worker.execArgv,
			// One warm worker; the others start with the load and leave when it is gone.
			minThreads: 1,
			maxThreads: this.options.concurrency,
			idleTimeout: IDLE_TIMEOUT_MS,
			concurrentTasksPerWorker: 1,
			// Workers run at a lower CPU priority than the main thread (Linux sets it per
			// thread): when cards and pages want the same core, the pages go first.
			niceIncrement: RENDER_NICE_INCREMENT,
			// Between tasks piscina's workers wait in Atomics.wait, where their event loop never
			// turns, so the finalizers that free Skia's canvases never run: 40 MB more per ZIP,
			// for good. Message-driven workers give the memory back.
			atomics: 'disabled',
			resourceLimits: WORKER_RESOURCE_LIMITS,
		})
		piscina.on('message', (message: RenderWorkerReady) => {
			if (message?.type === 'render-worker-ready') this.workersStarted++
		})
		// A worker that fails with no task in hand (at start, say): the next task starts
		// another. Without a listener the error would end the process.
		piscina.on('error', (error: unknown) => {
			console.error(`Card render worker failed: ${String(error)}`)
		})
		this.piscina = piscina
		return piscina
	}
}

// One pool per process; Vite's development server re-evaluates modules, so it lives on
// globalThis instead of being started again on every change.
const state = globalThis as typeof globalThis & { __fraseaRenderPool?: RenderPool }

/** The process's render pool: CARD_RENDER_CONCURRENCY workers, CARD_RENDER_QUEUE waiting. */
export function renderPool(): RenderPool {
	state.__fraseaRenderPool ??= new RenderPool({
		concurrency: getEnv().CARD_RENDER_CONCURRENCY,
		queue: getEnv().CARD_RENDER_QUEUE,
	})
	return state.__fraseaRenderPool
}

/** Puts another pool in place (tests: a small one, a worker that crashes); returns the old. */
export function replaceRenderPool(pool: RenderPool): RenderPool {
	const previous = renderPool()
	state.__fraseaRenderPool = pool
	return previous
}
