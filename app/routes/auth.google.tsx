import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import {
	authenticateWithGoogle,
	googleRedirectToCookie,
	isGoogleConfigured,
} from '~/auth/google.server'
import { requireAnonymous } from '~/auth/guards.server'
import { authMessages } from '~/auth/messages'
import { safeRedirect } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormData } from '~/utils/form-data.server'

// Starting a sign-in is a POST (a form button), never a GET a crawler could follow.
export function loader() {
	return redirect('/login')
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAnonymous(request)
	if (!isGoogleConfigured()) return redirect('/login')
	const formData = await readFormData(request.clone())
	const redirectTo = safeRedirect(formData.get('redirectTo'), '')
	try {
		await authenticateWithGoogle(request)
	} catch (response) {
		// The strategy throws its redirect to Google, with the state and PKCE cookie set.
		if (response instanceof Response && response.status >= 300 && response.status < 400) {
			const headers = new Headers(response.headers)
			headers.append('set-cookie', await googleRedirectToCookie().serialize(redirectTo))
			return new Response(null, { status: response.status, headers })
		}
		console.error(
			'Google sign-in could not start:',
			response instanceof Error ? response.message : response,
		)
	}
	return redirectWithToast('/login', { type: 'error', message: authMessages.googleError })
}
