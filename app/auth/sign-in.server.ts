import { replace } from '@remix-run/node'
import { recordActivity } from '~/models/activity.server'
import { safeRedirect } from '~/utils/misc'
import { createToastHeaders, redirectWithToast, type ToastInput } from '~/utils/toast.server'
import { isAccountDisabled } from './account-status.server'
import { homePathFor } from './guards.server'
import { authMessages } from './messages'
import { createPendingSignIn, type SignInMethod } from './pending-sign-in.server'
import { createSession, deleteSession, readSessionId } from './session.server'
import { isTwoFactorEnabled } from './two-factor.server'
import { toSessionUser } from './user.server'

/** What signing in needs of an account. */
export type SignInAccount = {
	id: string
	name: string
	email: string
	role: string
	emailVerifiedAt: Date | null
}

/** Where the second step of a sign-in is asked for (app/routes/login_.verificacion.tsx). */
export const TWO_FACTOR_PATH = '/login/verificacion'

type SignInOptions = {
	redirectTo?: string | null
	toast: ToastInput
	headers?: Headers
	/** How the first step was passed; recorded on a sign-in that waits for its code. */
	method?: SignInMethod
	/**
	 * The toast tells of something already done whatever follows (a new password), not of the
	 * sign-in itself: it is shown on the code page too when a second step comes first.
	 */
	toastIsDone?: boolean
}

function refuseDisabled(options: { headers?: Headers }) {
	return redirectWithToast(
		'/login',
		{ type: 'error', message: authMessages.accountDisabled },
		{ headers: options.headers },
	)
}

/**
 * Every way in ends here. A disabled account gets no session: it goes back to /login
 * with the reason. An account with two-factor on gets no session yet either: the sign-in
 * waits (10 minutes) on /login/verificacion for a code from the app or a recovery code,
 * remembering where it was going. Otherwise the session opens (finishSignIn).
 */
export async function signIn(request: Request, account: SignInAccount, options: SignInOptions) {
	// Refused here whatever proved it, before anything else is asked.
	if (await isAccountDisabled(account.id)) return refuseDisabled(options)
	if (await isTwoFactorEnabled(account.id)) {
		const redirectTo = options.redirectTo ? safeRedirect(options.redirectTo, '') || null : null
		const pending = await createPendingSignIn(account.id, options.method ?? 'password', redirectTo)
		const headers = options.toastIsDone ? await createToastHeaders(options.toast) : new Headers()
		options.headers?.forEach((value, name) => headers.append(name, value))
		headers.append('set-cookie', pending.cookie)
		return replace(TWO_FACTOR_PATH, { headers })
	}
	return finishSignIn(request, account, options)
}

/**
 * Opens a session and sends the user on: to a safe `redirectTo` when one was carried,
 * otherwise admins to /admin/overview and everyone else to /dashboard. The redirect
 * replaces the sign-in page in the history (no extra entry to go "back" to).
 */
export async function finishSignIn(
	request: Request,
	account: SignInAccount,
	options: Omit<SignInOptions, 'method'>,
) {
	// Checked again: the account may have been disabled while its code was being typed.
	if (await isAccountDisabled(account.id)) return refuseDisabled(options)
	// Settled before the session is opened: nothing after that may fail and leave it behind.
	const target = safeRedirect(options.redirectTo, homePathFor(toSessionUser(account)))
	// A session this browser still carried is replaced, not left behind.
	const previous = await readSessionId(request)
	if (previous) await deleteSession(previous)
	const session = await createSession(account.id, request)
	// Shown in the user's recent activity on the dashboard.
	await recordActivity(account.id, 'signIn')
	const headers = await createToastHeaders(options.toast)
	headers.append('set-cookie', session.cookie)
	options.headers?.forEach((value, name) => headers.append(name, value))
	return replace(target, { headers })
}
