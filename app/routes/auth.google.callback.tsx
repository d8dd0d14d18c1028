import { type LoaderFunctionArgs } from '@remix-run/node'
import { accountForGoogle, GoogleAccountError } from '~/auth/google-account.server'
import {
	authenticateWithGoogle,
	clearOAuthStateCookies,
	googleRedirectToCookie,
	isGoogleConfigured,
} from '~/auth/google.server'
import { authMessages } from '~/auth/messages'
import { signIn } from '~/auth/sign-in.server'
import { safeRedirect } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'

/**
 * Google sends the visitor back here. remix-auth-oauth2 checks the state against its
 * cookie, exchanges the code with the PKCE verifier and we read the ID token; then the
 * identity signs in to, links, takes over or creates an account.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const headers = new Headers()
	for (const value of clearOAuthStateCookies(request)) headers.append('set-cookie', value)
	headers.append('set-cookie', await googleRedirectToCookie().serialize('', { maxAge: 0 }))
	const fail = (message: string = authMessages.googleError) =>
		redirectWithToast('/login', { type: 'error', message }, { headers })

	if (!isGoogleConfigured()) return fail()
	try {
		const identity = await authenticateWithGoogle(request)
		const { account, outcome } = await accountForGoogle(identity)
		const stored: unknown = await googleRedirectToCookie().parse(request.headers.get('cookie'))
		return await signIn(request, account, {
			redirectTo: typeof stored === 'string' ? safeRedirect(stored, '') : null,
			toast:
				outcome === 'takeover'
					? {
							type: 'info',
							message: `${authMessages.loginSuccess}. ${authMessages.googleTakeover}`,
						}
					: { type: 'success', message: authMessages.loginSuccess },
			headers,
		})
	} catch (error) {
		if (error instanceof GoogleAccountError) {
			return fail(
				error.reason === 'disabled'
					? authMessages.accountDisabled
					: authMessages.googleUnverifiedEmail,
			)
		}
		// Only the reason: never the URL (it carries the code) or any token.
		console.error(
			'Google sign-in failed:',
			error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error',
		)
		return fail()
	}
}
