import { type LoaderFunctionArgs } from '@remix-run/node'
import { fontFileResponse } from '~/cards/serve.server'

/** The card font files (from the @fontsource packages), for the browser canvas. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
	fontFileResponse(request, params.file ?? '')
