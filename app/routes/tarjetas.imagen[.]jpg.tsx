import { type LoaderFunctionArgs } from '@remix-run/node'
import { cardImageResponse } from '~/cards/serve.server'
import { withSecurityHeaders } from '~/utils/security-headers.server'

/**
 * The card as a JPEG, drawn on the server from the state in the URL (see
 * app/cards/urls.server.ts): full size, `ancho` for a preview, `descargar=1` to download.
 */
export const loader = async ({ request, context }: LoaderFunctionArgs) =>
	withSecurityHeaders(await cardImageResponse(request, context))
