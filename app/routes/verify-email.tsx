import { parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	redirect,
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import {
	confirmEmail,
	findEmailVerification,
	sendEmailVerification,
} from '~/auth/email-verification.server'
import { VERIFY_INTENT } from '~/auth/email-verification'
import { getUser, homePathFor, requireUser, type SessionUser } from '~/auth/guards.server'
import { authMessages } from '~/auth/messages'
import { redirectToSchema } from '~/auth/password-policy'
import { checkAuthRateLimit, retryAfterHeaders } from '~/auth/rate-limit.server'
import { readTokenCookie, verifyTokenCookie } from '~/auth/token-cookies.server'
import { tokenPageHeaders, tokenUrlHeaders } from '~/auth/token-pages.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AuthLayout, linkClass } from '~/components/auth-layout'
import { ResendVerificationForm } from '~/components/resend-verification-form'
import { FormAlert, primaryButtonClass, SubmitButton } from '~/components/forms'
import { cx, safeRedirect, useIsPending } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormData } from '~/utils/form-data.server'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Confirmar correo electrónico',
		description: 'Confirma el correo electrónico de tu cuenta de Frasea.',
		path: '/verify-email',
		noindex: true,
	})

export const handle = { breadcrumb: 'Confirmar correo' } satisfies BreadcrumbHandle

// The page never shows a token in its address (see token-pages.server.ts); the resend
// form's 429 passes its Retry-After on.
export const headers: HeadersFunction = (args) => ({
	...tokenPageHeaders,
	...retryAfterHeaders(args),
})

/** Where a dead link lands: the page, saying so, without the token in the address bar. */
const INVALID_LINK_PATH = '/verify-email?enlace=no-valido'

/** What the page offers, from the link this browser holds and who is signed in. */
type PageState =
	/** Signed in to the account the link confirms: one button. */
	| 'ready'
	/** A live link, nobody signed in: sign in to that account first. */
	| 'sign-in'
	/** A live link for another account than the one signed in. */
	| 'other-account'
	| 'verified'
	/** Signed in, unconfirmed, no link here: the resend form. */
	| 'pending'
	| 'signed-out'

/**
 * Opening the mailed link (`?token=`) confirms nothing: mail scanners open links before
 * the person does, and an attacker who registered someone else's address would otherwise
 * have it confirmed by the owner's scanner. The token moves into a cookie and the page,
 * under its clean address, offers the POST that confirms — to the account it belongs to,
 * signed in in this browser.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const token = url.searchParams.get('token')
	if (token) {
		const live = (await findEmailVerification(token)) !== null
		return redirect(live ? '/verify-email' : INVALID_LINK_PATH, {
			headers: {
				...tokenUrlHeaders,
				'set-cookie': live
					? await verifyTokenCookie().serialize(token)
					: await verifyTokenCookie().serialize('', { maxAge: 0 }),
			},
		})
	}
	const [user, stored] = await Promise.all([
		getUser(request),
		readTokenCookie(verifyTokenCookie(), request),
	])
	const link = stored ? await findEmailVerification(stored) : null
	const state: PageState = link
		? !user
			? 'sign-in'
			: link.userId === user.id
				? 'ready'
				: 'other-account'
		: !user
			? 'signed-out'
			: user.emailVerified
				? 'verified'
				: 'pending'
	return {
		state,
		invalidLink: url.searchParams.has('enlace'),
		email: state === 'ready' ? (user?.email ?? null) : null,
	}
}

const ActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal(VERIFY_INTENT.confirm) }),
	z.object({ intent: z.literal(VERIFY_INTENT.resend), redirectTo: redirectToSchema }),
])

export async function action({ request, context }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const submission = parseWithZod(await readFormData(request), { schema: ActionSchema })
	if (submission.status !== 'success') {
		return data({ error: authMessages.badRequest }, { status: 400 })
	}
	if (submission.value.intent === VERIFY_INTENT.confirm) return confirm(request, user)

	const back = safeRedirect(submission.value.redirectTo, '/verify-email')
	if (user.emailVerified) {
		return redirectWithToast(back, { type: 'info', message: authMessages.emailVerified })
	}
	const limit = await checkAuthRateLimit(context.clientAddress, 'verify-email', user.email)
	if (!limit.allowed) {
		return data(
			{ error: authMessages.rateLimited },
			{ status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
		)
	}
	await sendEmailVerification(request, user)
	return redirectWithToast(back, { type: 'success', message: authMessages.verificationSent })
}

/** 'Confirmar mi correo': spends the link this browser holds, for the signed-in account. */
async function confirm(request: Request, user: SessionUser) {
	const token = await readTokenCookie(verifyTokenCookie(), request)
	const outcome = token ? await confirmEmail(token, user.id) : 'invalid'
	if (outcome === 'other-account') {
		return data({ error: authMessages.verifyOtherAccount }, { status: 403 })
	}
	const clear = { 'set-cookie': await verifyTokenCookie().serialize('', { maxAge: 0 }) }
	if (outcome === 'invalid') {
		return data({ error: authMessages.verifyLinkInvalid }, { status: 400, headers: clear })
	}
	return redirectWithToast(
		homePathFor(user),
		{ type: 'success', message: authMessages.emailVerified },
		{ headers: clear },
	)
}

export default function VerifyEmailPage() {
	const { state, invalidLink, email } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const pending = useIsPending({ state: 'submitting' })
	return (
		<AuthLayout title="Confirmar correo electrónico">
			<div className="space-y-4 text-sm text-gray-700 dark:text-gray-300">
				<FormAlert errors={actionData?.error ? [actionData.error] : undefined} />
				{invalidLink ? <p role="alert">{authMessages.verifyLinkInvalid}</p> : null}
				{state === 'ready' && email ? (
					<>
						<p>{authMessages.verifyReady(email)}</p>
						<Form method="post">
							<input type="hidden" name="intent" value={VERIFY_INTENT.confirm} />
							<SubmitButton pending={pending} pendingLabel="Confirmando...">
								{authMessages.verifyButton}
							</SubmitButton>
						</Form>
					</>
				) : null}
				{state === 'sign-in' ? (
					<>
						<p>{authMessages.verifySignInFirst}</p>
						<Link
							to="/login?redirectTo=%2Fverify-email"
							className={cx(primaryButtonClass, 'w-full')}
						>
							Iniciar sesión
						</Link>
						<p>
							{authMessages.verifyNotYours}{' '}
							<Link to="/forgot-password" className={linkClass}>
								¿Olvidaste tu contraseña?
							</Link>
						</p>
					</>
				) : null}
				{state === 'other-account' ? <p role="alert">{authMessages.verifyOtherAccount}</p> : null}
				{state === 'verified' ? <p>{authMessages.verifyAlreadyDone}</p> : null}
				{state === 'pending' ? (
					<>
						<p>{authMessages.verifyPendingIntro}</p>
						<ResendVerificationForm redirectTo="/verify-email">
							Reenviar correo de confirmación
						</ResendVerificationForm>
					</>
				) : null}
				{state === 'signed-out' ? (
					<p>
						<Link to="/login?redirectTo=%2Fverify-email" className={linkClass}>
							Inicia sesión
						</Link>{' '}
						{authMessages.verifyRequestNew}
					</p>
				) : null}
			</div>
		</AuthLayout>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
