import { type LoaderFunctionArgs } from '@remix-run/node'
import { fontFileResponse } from '~/cards/serve.server'
import { withSecurityHeaders } from '~/utils/security-headers.server'

/** The card font files (from the @fontsource packages), for the browser canvas. */
export const loader = async ({ request, params }: LoaderFunctionArgs) =>
	withSecurityHeaders(await fontFileResponse(request, params.file ?? ''))
