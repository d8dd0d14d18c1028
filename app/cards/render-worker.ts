/**
 * The entry of a render worker thread (render-pool.server.ts starts them). The production
 * build compiles it into a file of its own next to the server bundle (vite.config.ts);
 * from source (development, tests) it runs through tsx.
 *
 * Fonts are registered once, when the worker starts, and the emoji subsets read once; the
 * pool hears about it (one message per worker) and counts it. A task that fails (bytes that do not decode, say) answers
 * `{ error }`, so the pool tells a bad task from a worker that died.
 */
import { parentPort, threadId } from 'node:worker_threads'
import { move } from 'piscina'
import { registerCardFonts, warmEmojiFonts } from './fonts.server'
import { runRenderTask, type RenderTask } from './render-task.server'

export interface RenderWorkerReady {
	type: 'render-worker-ready'
	threadId: number
	/** Font files this worker registered. */
	fonts: number
}

const fonts = registerCardFonts()
warmEmojiFonts()
parentPort?.postMessage({
	type: 'render-worker-ready',
	threadId,
	fonts,
} satisfies RenderWorkerReady)

export default async function render(task: RenderTask) {
	try {
		// Handed over, not copied: a ZIP is a few megabytes.
		return move(await runRenderTask(task))
	} catch (error) {
		return { error: error instanceof Error ? error.message : String(error) }
	}
}
