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
import { consumeEmailVerification, sendEmailVerification } from '~/auth/email-verification.server'
import { getUser, homePathFor, requireUser } from '~/auth/guards.server'
import { authMessages } from '~/auth/messages'
import { redirectToSchema } from '~/auth/password-policy'
import { checkAuthRateLimit, retryAfterHeaders } from '~/auth/rate-limit.server'
import { tokenPageHeaders, tokenUrlHeaders } from '~/auth/token-pages.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AuthLayout, linkClass } from '~/components/auth-layout'
import { FormAlert, SubmitButton } from '~/components/forms'
import { safeRedirect } from '~/utils/misc'
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

export async function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const token = url.searchParams.get('token')
	const user = await getUser(request)
	if (token) {
		const verified = await consumeEmailVerification(token)
		if (verified) {
			const target = user ? homePathFor(user) : '/login'
			throw await redirectWithToast(
				target,
				{ type: 'success', message: authMessages.emailVerified },
				{ headers: tokenUrlHeaders },
			)
		}
		throw redirect(INVALID_LINK_PATH, { headers: tokenUrlHeaders })
	}
	return {
		status: url.searchParams.has('enlace') ? ('invalid' as const) : ('idle' as const),
		signedIn: Boolean(user),
		verified: user?.emailVerified ?? false,
	}
}

/** The resend form is this one field (plus where to come back to without JavaScript). */
const ResendSchema = z.object({ redirectTo: redirectToSchema })

export async function action({ request, context }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const submission = parseWithZod(await readFormData(request), { schema: ResendSchema })
	const back = safeRedirect(
		submission.status === 'success' ? submission.value.redirectTo : null,
		'/verify-email',
	)
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

export default function VerifyEmailPage() {
	const { status, signedIn, verified } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<AuthLayout title="Confirmar correo electrónico">
			<div className="space-y-4 text-sm text-gray-700 dark:text-gray-300">
				<FormAlert errors={actionData?.error ? [actionData.error] : undefined} />
				{status === 'invalid' ? <p role="alert">{authMessages.verifyLinkInvalid}</p> : null}
				{signedIn && verified ? <p>Tu correo electrónico ya está confirmado.</p> : null}
				{signedIn && !verified ? (
					<>
						<p>
							Te enviamos un enlace a tu correo electrónico. Ábrelo para confirmar tu cuenta; caduca
							en 24 horas.
						</p>
						<Form method="post">
							<SubmitButton>Reenviar correo de confirmación</SubmitButton>
						</Form>
					</>
				) : null}
				{!signedIn ? (
					<p>
						<Link to="/login?redirectTo=%2Fverify-email" className={linkClass}>
							Inicia sesión
						</Link>{' '}
						para pedir un enlace nuevo.
					</p>
				) : null}
			</div>
		</AuthLayout>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
