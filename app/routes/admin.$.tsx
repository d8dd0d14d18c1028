import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/auth/guards.server'

// Any unknown admin path goes to the overview, for admins only.
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	return redirect('/admin/overview')
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request)
	return redirect('/admin/overview')
}
