import { getFormProps, getInputProps } from '@conform-to/react'
import {
	type HeadersFunction,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react'
import { z } from 'zod'
import { requireAnonymous } from '~/auth/guards.server'
import { parseAuthForm } from '~/auth/auth-form.server'
import { HoneypotField } from '~/auth/honeypot'
import { authMessages } from '~/auth/messages'
import {
	emailSchema,
	honeypotSchema,
	passwordFieldSchema,
	redirectToSchema,
} from '~/auth/password-policy'
import {
	clearLoginFailures,
	recordLoginFailure,
	waitBeforePasswordCheck,
} from '~/auth/login-throttle.server'
import { checkAuthRateLimit, retryAfterHeaders } from '~/auth/rate-limit.server'
import { signIn } from '~/auth/sign-in.server'
import { verifyLogin } from '~/auth/user.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AuthLayout, EmailField, GoogleSection, linkClass } from '~/components/auth-layout'
import { useSchemaForm } from '~/components/schema-form'
import { Field, FormAlert, inputClass, SubmitButton } from '~/components/forms'
import { useIsPending } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'
import { readFormData } from '~/utils/form-data.server'

const LoginSchema = z.object({
	email: emailSchema,
	password: passwordFieldSchema,
	redirectTo: redirectToSchema,
	sitio_web_empresa: honeypotSchema,
})

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Iniciar Sesión',
		description: 'Inicia sesión en Frasea para guardar tus frases y ver tu historial.',
		path: '/login',
	})

export const handle = { breadcrumb: 'Iniciar Sesión' } satisfies BreadcrumbHandle

export const headers: HeadersFunction = retryAfterHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAnonymous(request)
	return null
}

export async function action({ request, context }: ActionFunctionArgs) {
	await requireAnonymous(request)
	const form = await parseAuthForm(await readFormData(request), {
		schema: LoginSchema,
		hideFields: ['password'],
		// Per client address only: a per-account refusal would let anyone lock a victim out.
		// The account itself is protected by a growing delay instead (login-throttle.server.ts).
		rateLimit: () => checkAuthRateLimit(context.clientAddress, 'login', null),
	})
	if (form.refusal) return form.refusal
	const { email, password, redirectTo } = form.submission.value
	await waitBeforePasswordCheck(email)
	const account = await verifyLogin(email, password)
	if (!account) {
		await recordLoginFailure(email)
		return form.reply({ formError: authMessages.wrongCredentials })
	}
	await clearLoginFailures(email)
	// Told only to whoever knows the password, so the form reveals nothing to others.
	if (account.disabledAt)
		return form.reply({ formError: authMessages.accountDisabled, status: 403 })
	return signIn(request, account, {
		redirectTo,
		toast: { type: 'success', message: authMessages.loginSuccess },
	})
}

export default function LoginPage() {
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const redirectTo = searchParams.get('redirectTo')
	const [form, fields] = useSchemaForm({
		id: 'login',
		schema: LoginSchema,
		lastResult: actionData?.result,
		defaultValue: { redirectTo },
	})
	const pending = useIsPending({ state: 'submitting' })
	const registerHref = redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : '/register'
	return (
		<AuthLayout
			title="Iniciar Sesión"
			subtitle="Accede a tu cuenta para guardar frases y ver tu historial."
			footer={
				<>
					¿No tienes cuenta?{' '}
					<Link to={registerHref} className={linkClass}>
						Regístrate
					</Link>
				</>
			}
		>
			<Form method="post" {...getFormProps(form)} className="relative space-y-5">
				<FormAlert id={form.errorId} title={authMessages.loginError} errors={form.errors} />
				<HoneypotField />
				<input {...getInputProps(fields.redirectTo, { type: 'hidden' })} />
				<EmailField field={fields.email} />
				<Field id={fields.password.id} label="Contraseña" errors={fields.password.errors}>
					<input
						{...getInputProps(fields.password, { type: 'password' })}
						autoComplete="current-password"
						className={inputClass}
					/>
				</Field>
				<div className="flex justify-end text-sm">
					<Link to="/forgot-password" className={linkClass}>
						¿Olvidaste tu contraseña?
					</Link>
				</div>
				<SubmitButton pending={pending} pendingLabel="Iniciando sesión...">
					Iniciar Sesión
				</SubmitButton>
			</Form>
			<p className="mt-4 text-center text-sm">
				<Link
					to={`/login/codigo${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ''}`}
					className={linkClass}
				>
					Recibir un código por correo
				</Link>
			</p>
			<GoogleSection redirectTo={redirectTo} />
		</AuthLayout>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
