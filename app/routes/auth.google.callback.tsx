import { type LoaderFunctionArgs } from '@remix-run/node'
import { googleLinkedMail } from '~/auth/emails.server'
import { accountForGoogle, GoogleAccountError } from '~/auth/google-account.server'
import {
	authenticateWithGoogle,
	clearOAuthStateCookies,
	googleRedirectToCookie,
	isGoogleConfigured,
	type GoogleIdentity,
} from '~/auth/google.server'
import { authMessages } from '~/auth/messages'
import { reclaimedMessage } from '~/auth/reclaim.server'
import { appOrigin } from '~/auth/request.server'
import { signIn } from '~/auth/sign-in.server'
import {
	callbackMode,
	clearLinkIntentCookie,
	linkGoogle,
	type LinkOutcome,
} from '~/dashboard/identities.server'
import { LINK_GOOGLE_RETURN } from '~/dashboard/profile-forms'
import { identityMessages } from '~/dashboard/profile-messages'
import { prisma } from '~/utils/db.server'
import { queueMail } from '~/mail/outbox.server'
import { safeRedirect } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'

/**
 * Google sends the visitor back here. remix-auth-oauth2 checks the state against its
 * cookie, exchanges the code with the PKCE verifier and we read the ID token; then the
 * identity signs in to, links, takes over or creates an account, or (when the flow was
 * started by 'Vincular Google' on the profile) is linked to the signed-in account.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const headers = new Headers()
	for (const value of clearOAuthStateCookies(request)) headers.append('set-cookie', value)
	headers.append('set-cookie', await googleRedirectToCookie().serialize('', { maxAge: 0 }))
	headers.append('set-cookie', await clearLinkIntentCookie())
	const fail = (message: string = authMessages.googleError) =>
		redirectWithToast('/login', { type: 'error', message }, { headers })

	if (!isGoogleConfigured()) return fail()
	try {
		const identity = await authenticateWithGoogle(request)
		const mode = await callbackMode(request)
		// Whoever asked to link is no longer the one signed in here: link nothing, sign in no one.
		if (mode.kind === 'stale') return fail(identityMessages.stale)
		if (mode.kind === 'link') return await finishLink(mode.userId, identity, headers)
		const { account, outcome, reclaimed } = await accountForGoogle(identity)
		const stored: unknown = await googleRedirectToCookie().parse(request.headers.get('cookie'))
		return await signIn(request, account, {
			method: 'google',
			redirectTo: typeof stored === 'string' ? safeRedirect(stored, '') : null,
			toast:
				outcome === 'takeover' && reclaimed
					? {
							type: 'info',
							message: `${authMessages.loginSuccess}. ${reclaimedMessage(reclaimed)} ${authMessages.googleTakeover}`,
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

const LINK_REFUSALS: Record<Exclude<LinkOutcome, 'linked' | 'already-yours'>, string> = {
	'linked-elsewhere': identityMessages.linkedElsewhere,
	'has-other-google': identityMessages.hasOtherGoogle,
	unverified: identityMessages.unverified,
	unconfirmed: identityMessages.unconfirmed,
	unavailable: authMessages.accountDisabled,
}

/** Links the identity to the signed-in account and tells the owner by e-mail. */
async function finishLink(userId: string, identity: GoogleIdentity, headers: Headers) {
	const outcome = await linkGoogle(userId, identity)
	if (outcome === 'already-yours') {
		return redirectWithToast(
			LINK_GOOGLE_RETURN,
			{ type: 'info', message: identityMessages.alreadyYours },
			{ headers },
		)
	}
	if (outcome !== 'linked') {
		return redirectWithToast(
			LINK_GOOGLE_RETURN,
			{ type: 'error', message: LINK_REFUSALS[outcome] },
			{ headers },
		)
	}
	const owner = await prisma.profile.findUnique({
		where: { id: userId },
		select: { name: true, email: true },
	})
	if (owner) {
		// The link is made: a notice that cannot be queued is logged, never a failed sign-in.
		await queueMail(
			googleLinkedMail(owner.email, owner.name, `${appOrigin()}${LINK_GOOGLE_RETURN}`),
			{ kind: 'security_notice', userId },
		).catch((error: unknown) => {
			console.error(
				'Google linked notice not queued:',
				error instanceof Error ? error.message : error,
			)
		})
	}
	return redirectWithToast(
		LINK_GOOGLE_RETURN,
		{ type: 'success', message: identityMessages.googleLinked },
		{ headers },
	)
}
