import { data, redirect } from '@remix-run/node'
import { getAvatarUrl } from '~/dashboard/avatar-url.server'
import { type Viewer } from '~/models/batch.server'
import { getVisitorId } from '~/utils/visitor.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readSettings, SETTING_KEYS } from '~/settings/store.server'
import { authMessages } from './messages'
import {
	clearSessionCookie,
	extendSession,
	findActiveSession,
	readSessionId,
} from './session.server'
import { twoFactorMessages } from './two-factor-messages'
import { isTwoFactorEnabled } from './two-factor.server'
import { toSessionUser, type SessionUser } from './user.server'

export type { SessionUser }

/** The signed-in user, or null. Reads only; see getUserForLayout for the sliding expiry. */
export async function getUser(request: Request): Promise<SessionUser | null> {
	const sessionId = await readSessionId(request)
	if (!sessionId) return null
	const session = await findActiveSession(sessionId)
	return session ? toSessionUser(session.user) : null
}

/**
 * For the root loader, which runs on every document request and after every action: the
 * user, their avatar's address (for the header), and the Set-Cookie that extends the
 * session (or clears a dead cookie), if any.
 */
export async function getUserForLayout(request: Request) {
	const token = await readSessionId(request)
	if (!token) return { user: null, avatarUrl: null, setCookie: null }
	const session = await findActiveSession(token)
	if (!session) return { user: null, avatarUrl: null, setCookie: await clearSessionCookie() }
	const [avatarUrl, setCookie] = await Promise.all([
		getAvatarUrl(session.user.id),
		extendSession(token, session),
	])
	return { user: toSessionUser(session.user), avatarUrl, setCookie }
}

/** Where a user lands after signing in when no redirectTo asks otherwise. */
export function homePathFor(user: Pick<SessionUser, 'isAdmin'>) {
	return user.isAdmin ? '/admin/overview' : '/dashboard'
}

/** The path (and query) of this request, as a redirectTo value. */
function currentPath(request: Request) {
	const url = new URL(request.url)
	// Remix's own query parameters are not part of the page's address.
	url.searchParams.delete('index')
	url.searchParams.delete('_data')
	return url.pathname + url.search
}

function loginPath(redirectTo?: string | null) {
	return redirectTo && redirectTo !== '/'
		? `/login?${new URLSearchParams({ redirectTo })}`
		: '/login'
}

/**
 * A signed-in user, or a redirect to /login (carrying where they were) with the
 * sign-in-required message.
 */
export async function requireUser(request: Request): Promise<SessionUser> {
	const user = await getUser(request)
	if (user) return user
	const redirectTo = request.method === 'GET' ? currentPath(request) : null
	throw await redirectWithToast(loginPath(redirectTo), {
		type: 'error',
		message: authMessages.loginRequired,
	})
}

/**
 * An admin with a confirmed e-mail. Guests go to /login; other users' page requests go to
 * /dashboard with the no-permission message, and their posts get a bare 403 (a post is
 * never something to land on). An admin whose address is not confirmed yet gets a 403
 * until it is: otherwise whoever registered ADMIN_EMAIL first, without owning the
 * mailbox, would hold the admin area.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
	const user = await requireUser(request)
	if (!user.isAdmin) {
		if (request.method !== 'GET' && request.method !== 'HEAD') {
			throw new Response(authMessages.forbidden, {
				status: 403,
				headers: { 'Content-Type': 'text/plain; charset=utf-8' },
			})
		}
		throw await redirectWithToast('/dashboard', { type: 'error', message: authMessages.forbidden })
	}
	if (!user.emailVerified) {
		throw data(authMessages.adminNeedsVerifiedEmail, { status: 403 })
	}
	if (await missesRequiredTwoFactor(user.id)) {
		if (request.method !== 'GET' && request.method !== 'HEAD') {
			throw new Response(twoFactorMessages.adminRequired, {
				status: 403,
				headers: { 'Content-Type': 'text/plain; charset=utf-8' },
			})
		}
		// Their own pages keep working: only the admin area waits for two-factor.
		throw await redirectWithToast('/dashboard/perfil?tab=seguridad', {
			type: 'error',
			message: twoFactorMessages.adminRequired,
		})
	}
	return user
}

/** When admins must use two-factor (an admin setting), whether this admin has not turned it on. */
async function missesRequiredTwoFactor(userId: string) {
	const key = SETTING_KEYS.requireAdminTwoFactor
	const required = (await readSettings([key]))[key] === 'true'
	return required && !(await isTwoFactorEnabled(userId))
}

/** Sign-in and registration pages send someone already signed in to their home. */
export async function requireAnonymous(request: Request) {
	const user = await getUser(request)
	if (user) throw redirect(homePathFor(user))
}

/**
 * Who is looking at a batch, a card or an upload: the signed-in user (if any) and the
 * anonymous visitor id (if any). Rows they own are read only through this pair.
 */
export async function getViewer(request: Request) {
	const [user, visitorId] = await Promise.all([getUser(request), getVisitorId(request)])
	const viewer: Viewer = { userId: user?.id ?? null, visitorId }
	return { user, viewer }
}
