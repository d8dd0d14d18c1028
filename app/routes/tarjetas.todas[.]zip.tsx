import { type LoaderFunctionArgs } from '@remix-run/node'
import { cardZipResponse } from '~/cards/serve.server'

/** The card in all 10 platform sizes, as a ZIP of JPEGs. */
export const loader = ({ request }: LoaderFunctionArgs) => cardZipResponse(request)
