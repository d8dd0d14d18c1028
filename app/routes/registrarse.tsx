import { type LoaderFunctionArgs } from '@remix-run/node'
import { permanentRedirect } from '~/utils/redirects'

// The footer's Spanish path; the canonical page is /register.
export const loader = ({ request }: LoaderFunctionArgs) => permanentRedirect(request, '/register')
