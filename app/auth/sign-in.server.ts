import { replace } from '@remix-run/node'
import { recordActivity } from '~/models/activity.server'
import { safeRedirect } from '~/utils/misc'
import { createToastHeaders, redirectWithToast, type ToastInput } from '~/utils/toast.server'
import { isAccountDisabled } from './account-status.server'
import { homePathFor } from './guards.server'
import { authMessages } from './messages'
import { createSession, deleteSession, readSessionId } from './session.server'
import { toSessionUser } from './user.server'

type Account = {
	id: string
	name: string
	email: string
	role: string
	emailVerifiedAt: Date | null
}

/**
 * Opens a session and sends the user on: to a safe `redirectTo` when one was carried,
 * otherwise admins to /admin/overview and everyone else to /dashboard. A disabled account
 * gets no session: it goes back to /login with the reason. The redirect
 * replaces the sign-in page in the history (no extra entry to go "back" to).
 */
export async function signIn(
	request: Request,
	account: Account,
	options: { redirectTo?: string | null; toast: ToastInput; headers?: Headers },
) {
	// Every way in ends here, so a disabled account is refused here whatever proved it.
	if (await isAccountDisabled(account.id)) {
		return redirectWithToast(
			'/login',
			{ type: 'error', message: authMessages.accountDisabled },
			{ headers: options.headers },
		)
	}
	// A session this browser still carried is replaced, not left behind.
	const previous = await readSessionId(request)
	if (previous) await deleteSession(previous)
	const session = await createSession(account.id, request)
	// Shown in the user's recent activity on the dashboard.
	await recordActivity(account.id, 'signIn')
	const headers = await createToastHeaders(options.toast)
	headers.append('set-cookie', session.cookie)
	options.headers?.forEach((value, name) => headers.append(name, value))
	const target = safeRedirect(options.redirectTo, homePathFor(toSessionUser(account)))
	return replace(target, { headers })
}
