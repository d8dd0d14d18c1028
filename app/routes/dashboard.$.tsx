import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'

// Unknown paths under /dashboard go to /dashboard, for signed-in users only.
export async function loader({ request }: LoaderFunctionArgs) {
	await requireUser(request)
	return redirect('/dashboard')
}

export async function action({ request }: ActionFunctionArgs) {
	await requireUser(request)
	return redirect('/dashboard')
}
