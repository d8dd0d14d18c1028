import { type LoaderFunctionArgs } from '@remix-run/node'
import { cardBackgroundResponse } from '~/cards/serve.server'
import { withSecurityHeaders } from '~/utils/security-headers.server'

/** A card's background alone (an upload, or the remote image), for the browser canvas. */
export const loader = async ({ request }: LoaderFunctionArgs) =>
	withSecurityHeaders(await cardBackgroundResponse(request))
