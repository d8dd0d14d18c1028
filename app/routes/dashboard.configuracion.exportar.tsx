import { type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { notFound } from '~/dashboard/responses.server'
import { exportFileName, exportUserData } from '~/dashboard/export.server'

/**
 * The signed-in user's data as `frasea-datos-<id>.json`, streamed as it is read (a batch
 * of rows at a time), so its size does not matter to the server's memory.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const pieces = await exportUserData(user.id)
	if (!pieces) notFound('No encontramos tu cuenta.')
	const encoder = new TextEncoder()
	const body = new ReadableStream<Uint8Array>({
		async pull(controller) {
			try {
				const next = await pieces.next()
				if (next.done) controller.close()
				else controller.enqueue(encoder.encode(next.value))
			} catch (error) {
				// Headers are gone already: a cut-short download is all the browser can be told.
				console.error('Data export failed', error)
				controller.error(error)
			}
		},
		async cancel() {
			await pieces.return(undefined)
		},
	})
	return new Response(body, {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Disposition': `attachment; filename="${exportFileName(user.id)}"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
