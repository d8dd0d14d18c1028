import { type LoaderFunctionArgs } from '@remix-run/node'
import { cardBackgroundResponse } from '~/cards/serve.server'

/** A card's background alone (an upload, or the remote image), for the browser canvas. */
export const loader = ({ request }: LoaderFunctionArgs) => cardBackgroundResponse(request)
