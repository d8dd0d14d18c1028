import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { readOnlyAction } from '~/admin/read-only.server'
import { requireAdmin } from '~/auth/guards.server'

// /admin opens the overview.
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	return redirect('/admin/overview')
}

export const action = readOnlyAction
