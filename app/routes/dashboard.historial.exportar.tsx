import { type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { parseListQuery } from '~/dashboard/list-query'
import { historyTexts } from '~/models/history.server'

/**
 * The history as `mis-frases-historial.txt`: the phrases matching the page's search, in
 * its order, separated by blank lines. Streamed as the rows are read, a batch at a time,
 * so its size does not matter to the server's memory.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const query = parseListQuery(new URL(request.url).searchParams)
	const texts = historyTexts(user.id, query.search, query.sort)
	const encoder = new TextEncoder()
	let first = true
	const body = new ReadableStream<Uint8Array>({
		async pull(controller) {
			const next = await texts.next()
			if (next.done) {
				if (!first) controller.enqueue(encoder.encode('\n'))
				controller.close()
				return
			}
			controller.enqueue(encoder.encode(first ? next.value : `\n\n${next.value}`))
			first = false
		},
		async cancel() {
			await texts.return(undefined)
		},
	})
	return new Response(body, {
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Content-Disposition': 'attachment; filename="mis-frases-historial.txt"',
			'Cache-Control': 'private, no-store',
		},
	})
}
