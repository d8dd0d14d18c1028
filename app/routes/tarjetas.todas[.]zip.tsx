import { type LoaderFunctionArgs } from '@remix-run/node'
import { cardZipResponse } from '~/cards/serve.server'
import { withSecurityHeaders } from '~/utils/security-headers.server'

/** The card in all 10 platform sizes, as a ZIP of JPEGs. */
export const loader = async ({ request, context }: LoaderFunctionArgs) =>
	withSecurityHeaders(await cardZipResponse(request, context))
