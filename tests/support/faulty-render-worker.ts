/**
 * The real render worker (app/cards/render-worker.ts), except for two phrases: one ends
 * the worker thread in the middle of its task, as a native crash or running out of memory
 * would; the other never finishes. Tests point a RenderPool at this file.
 */
import render from '~/cards/render-worker'
import { type RenderTask } from '~/cards/render-task.server'

export const CRASH_PHRASE = 'Este trabajador se cae'
export const HANG_PHRASE = 'Este trabajador no termina nunca'

export default function renderOrFail(task: RenderTask) {
	if (task.state.text === CRASH_PHRASE) process.exit(70)
	if (task.state.text === HANG_PHRASE) for (;;);
	return render(task)
}
