import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import {
	authenticateWithGoogle,
	googleRedirectToCookie,
	isGoogleConfigured,
} from '~/auth/google.server'
import { requireAnonymous, requireUser } from '~/auth/guards.server'
import { authMessages } from '~/auth/messages'
import { clearLinkIntentCookie, linkIntentCookie } from '~/dashboard/identities.server'
import { LINK_GOOGLE_INTENT, LINK_GOOGLE_RETURN } from '~/dashboard/profile-forms'
import { identityMessages } from '~/dashboard/profile-messages'
import { safeRedirect } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormData } from '~/utils/form-data.server'

// Starting a sign-in is a POST (a form button), never a GET a crawler could follow.
export function loader() {
	return redirect('/login')
}

/** The redirect to Google the strategy throws (with its state and PKCE cookie), if it is one. */
async function startGoogle(request: Request): Promise<Response | null> {
	try {
		await authenticateWithGoogle(request)
	} catch (response) {
		if (response instanceof Response && response.status >= 300 && response.status < 400) {
			return response
		}
		console.error(
			'Google sign-in could not start:',
			response instanceof Error ? response.message : response,
		)
	}
	return null
}

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request.clone())
	if (formData.get('intent') === LINK_GOOGLE_INTENT) return startLink(request)

	await requireAnonymous(request)
	if (!isGoogleConfigured()) return redirect('/login')
	const redirectTo = safeRedirect(formData.get('redirectTo'), '')
	const response = await startGoogle(request)
	if (response) {
		const headers = new Headers(response.headers)
		headers.append('set-cookie', await googleRedirectToCookie().serialize(redirectTo))
		// A link started earlier and abandoned must not turn this sign-in into a link.
		headers.append('set-cookie', await clearLinkIntentCookie())
		return new Response(null, { status: response.status, headers })
	}
	return redirectWithToast('/login', { type: 'error', message: authMessages.googleError })
}

/**
 * 'Vincular Google' on the profile: the same Google flow, marked as a link for the
 * signed-in account and this session (see identities.server.ts).
 */
async function startLink(request: Request) {
	const user = await requireUser(request)
	// Never for an account nobody has proved the address of (the profile says why).
	if (!user.emailVerified) {
		return new Response(identityMessages.unconfirmed, {
			status: 403,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		})
	}
	const fail = () =>
		redirectWithToast(LINK_GOOGLE_RETURN, { type: 'error', message: identityMessages.linkError })
	if (!isGoogleConfigured()) return fail()
	const response = await startGoogle(request)
	const location = response?.headers.get('location')
	const intent = response && location ? await linkIntentCookie(request, user.id, location) : null
	if (!response || !intent) return fail()
	const headers = new Headers(response.headers)
	headers.append('set-cookie', await googleRedirectToCookie().serialize('', { maxAge: 0 }))
	headers.append('set-cookie', intent)
	return new Response(null, { status: response.status, headers })
}
