import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { deleteSession, clearSessionCookie, readSessionId } from '~/auth/session.server'
import { authMessages } from '~/auth/messages'
import { safeRedirect } from '~/utils/misc'
import { withSecurityHeaders } from '~/utils/security-headers.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormData } from '~/utils/form-data.server'

// Signing out changes state, so it is a POST only; a GET (a link, a prefetch) goes home.
export function loader() {
	return withSecurityHeaders(redirect('/'))
}

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	// Where to go is settled before the session ends, so nothing can fail after that.
	const target = safeRedirect(formData.get('redirectTo'), '/')
	const sessionId = await readSessionId(request)
	if (sessionId) await deleteSession(sessionId)
	return withSecurityHeaders(
		await redirectWithToast(
			target,
			{ type: 'success', message: authMessages.logoutSuccess },
			{ headers: { 'set-cookie': await clearSessionCookie() } },
		),
	)
}
