import { type ActionFunctionArgs } from '@remix-run/node'
import { STREAM_MESSAGES } from '~/generator/stream/messages'
import { streamGeneration } from '~/generator/stream/stream-action.server'

/**
 * A generator form's post from a page with JavaScript (`/generar?pagina=home`): the
 * phrases as server-sent events while the model writes them. Without JavaScript the form
 * posts to its own page instead; this route has nothing to show.
 */
export const action = ({ request, context }: ActionFunctionArgs) =>
	streamGeneration(request, context)

export function loader() {
	throw new Response(STREAM_MESSAGES.useTheForm, {
		status: 405,
		headers: { allow: 'POST', 'content-type': 'text/plain; charset=utf-8' },
	})
}
