import {
	data,
	redirect,
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { emailLinkCookie, readEmailLinkToken } from '~/auth/email-code-cookies.server'
import { findEmailLink, spendEmailLink } from '~/auth/email-code.server'
import { checkHoneypot } from '~/auth/honeypot.server'
import { HoneypotField } from '~/auth/honeypot'
import { authMessages } from '~/auth/messages'
import { checkAuthRateLimit, retryAfterHeaders, tooManyRequests } from '~/auth/rate-limit.server'
import { signIn } from '~/auth/sign-in.server'
import { tokenPageHeaders, tokenUrlHeaders } from '~/auth/token-pages.server'
import { AuthLayout, linkClass } from '~/components/auth-layout'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { FormAlert, primaryButtonClass, SubmitButton } from '~/components/forms'
import { readFormData } from '~/utils/form-data.server'
import { cx, useIsPending } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Iniciar sesión con el enlace',
		description: 'Inicia sesión en Frasea con el enlace que te enviamos por correo electrónico.',
		path: '/login/enlace',
		noindex: true,
	})

export const handle = { breadcrumb: 'Enlace para iniciar sesión' } satisfies BreadcrumbHandle

// The token never travels on from this page (see token-pages.server.ts), and a 429 keeps
// its Retry-After.
export const headers: HeadersFunction = (args) => ({
	...tokenPageHeaders,
	...retryAfterHeaders(args),
})

export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token')
	if (token) {
		// Move the token from the address bar into a cookie and show the clean URL. Nothing
		// is spent here and nobody is signed in: mail scanners open links before the person
		// does. Only the button's POST spends the link.
		const live = (await findEmailLink(token)) !== null
		return redirect('/login/enlace', {
			headers: {
				...tokenUrlHeaders,
				'set-cookie': live
					? await emailLinkCookie().serialize(token)
					: await emailLinkCookie().serialize('', { maxAge: 0 }),
			},
		})
	}
	const stored = await readEmailLinkToken(request)
	const link = stored ? await findEmailLink(stored) : null
	return { valid: link !== null }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	try {
		checkHoneypot(formData)
	} catch (error) {
		if (!(error instanceof Response)) throw error
		return data({ formError: await error.text(), invalid: false }, { status: error.status })
	}
	const limit = await checkAuthRateLimit(context.clientAddress, 'email-link', null)
	if (!limit.allowed) {
		return tooManyRequests(
			{ formError: authMessages.rateLimited, invalid: false },
			limit.retryAfterSeconds,
		)
	}
	const token = await readEmailLinkToken(request)
	const account = token ? await spendEmailLink(token) : null
	const clear = await emailLinkCookie().serialize('', { maxAge: 0 })
	if (!account) {
		return data(
			{ formError: authMessages.emailLinkInvalid, invalid: true },
			{ status: 400, headers: { 'set-cookie': clear } },
		)
	}
	return signIn(request, account, {
		redirectTo: null,
		toast: { type: 'success', message: authMessages.loginSuccess },
		headers: new Headers({ 'set-cookie': clear }),
		method: 'email_code',
	})
}

export default function EmailLinkPage() {
	const { valid } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const pending = useIsPending({ state: 'submitting' })
	if (!valid || actionData?.invalid) {
		return (
			<AuthLayout title="Enlace no válido">
				<p role="alert" className="text-sm text-gray-700 dark:text-gray-300">
					{authMessages.emailLinkInvalid}
				</p>
				<Link to="/login" className={cx(primaryButtonClass, 'mt-6 w-full')}>
					Volver a Iniciar Sesión
				</Link>
				<p className="mt-4 text-center text-sm text-gray-600 dark:text-gray-400">
					<Link to="/login/codigo?otro" className={linkClass}>
						Pedir un código nuevo
					</Link>
				</p>
			</AuthLayout>
		)
	}
	return (
		<AuthLayout
			title="Iniciar sesión con el enlace"
			subtitle="Pulsa el botón para entrar en tu cuenta de Frasea. El enlace solo se puede usar una vez."
			footer={
				<Link to="/login" className={linkClass}>
					Volver a Iniciar Sesión
				</Link>
			}
		>
			<Form method="post" action="/login/enlace" className="relative space-y-5">
				<FormAlert errors={actionData?.formError ? [actionData.formError] : null} />
				<HoneypotField />
				<SubmitButton pending={pending} pendingLabel="Iniciando sesión...">
					Iniciar sesión
				</SubmitButton>
			</Form>
		</AuthLayout>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
