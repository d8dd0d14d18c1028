import { getFormProps, getInputProps } from '@conform-to/react'
import {
	type HeadersFunction,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react'
import { z } from 'zod'
import { sendEmailVerification } from '~/auth/email-verification.server'
import { requireAnonymous } from '~/auth/guards.server'
import { parseAuthForm } from '~/auth/auth-form.server'
import { HoneypotField } from '~/auth/honeypot'
import { authMessages } from '~/auth/messages'
import {
	emailSchema,
	honeypotSchema,
	nameSchema,
	passwordFieldSchema,
	redirectToSchema,
	refineNewPassword,
} from '~/auth/password-policy'
import { checkAuthRateLimit, retryAfterHeaders } from '~/auth/rate-limit.server'
import { signIn } from '~/auth/sign-in.server'
import { createPasswordUser, EmailInUseError } from '~/auth/user.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import {
	AuthLayout,
	EmailField,
	GoogleSection,
	linkClass,
	NewPasswordFields,
} from '~/components/auth-layout'
import { useSchemaForm } from '~/components/schema-form'
import { Field, FormAlert, inputClass, SubmitButton } from '~/components/forms'
import { useIsPending } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'
import { readFormData } from '~/utils/form-data.server'

const RegisterSchema = z
	.object({
		name: nameSchema,
		email: emailSchema,
		password: passwordFieldSchema,
		confirmPassword: passwordFieldSchema,
		redirectTo: redirectToSchema,
		sitio_web_empresa: honeypotSchema,
	})
	// Runs even when another field is missing, so every problem shows at once.
	.superRefine((value, ctx) => refineNewPassword(value, value.email, ctx), { when: () => true })

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Crear cuenta',
		description: 'Regístrate gratis en Frasea para guardar tus frases favoritas y tu historial.',
		path: '/register',
	})

export const handle = { breadcrumb: 'Registro' } satisfies BreadcrumbHandle

export const headers: HeadersFunction = retryAfterHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAnonymous(request)
	return null
}

export async function action({ request, context }: ActionFunctionArgs) {
	await requireAnonymous(request)
	const form = await parseAuthForm(await readFormData(request), {
		schema: RegisterSchema,
		hideFields: ['password', 'confirmPassword'],
		rateLimit: ({ email }) => checkAuthRateLimit(context.clientAddress, 'register', email),
	})
	if (form.refusal) return form.refusal
	const { name, email, password, redirectTo } = form.submission.value
	let account
	try {
		account = await createPasswordUser({ name, email, password })
	} catch (error) {
		if (error instanceof EmailInUseError) {
			return form.reply({ fieldErrors: { email: [authMessages.emailInUse] } })
		}
		// Name and code only: a Prisma message can echo the query's arguments (the hash).
		const code = (error as { code?: unknown } | null)?.code
		console.error(
			'register failed:',
			error instanceof Error ? error.name : 'unknown error',
			code ?? '',
		)
		return form.reply({ formError: authMessages.registerError, status: 500 })
	}
	await sendEmailVerification(request, account)
	return signIn(request, account, {
		redirectTo,
		toast: { type: 'success', message: authMessages.registerSuccess },
	})
}

export default function RegisterPage() {
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const redirectTo = searchParams.get('redirectTo')
	const [form, fields] = useSchemaForm({
		id: 'register',
		schema: RegisterSchema,
		lastResult: actionData?.result,
		defaultValue: { redirectTo },
	})
	const pending = useIsPending({ state: 'submitting' })
	const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login'
	return (
		<AuthLayout
			title="Crear cuenta"
			subtitle="Regístrate gratis para guardar tus frases y consultar tu historial."
			footer={
				<>
					¿Ya tienes cuenta?{' '}
					<Link to={loginHref} className={linkClass}>
						Inicia sesión
					</Link>
				</>
			}
		>
			<Form method="post" {...getFormProps(form)} className="relative space-y-5">
				<FormAlert id={form.errorId} title={authMessages.registerError} errors={form.errors} />
				<HoneypotField />
				<input {...getInputProps(fields.redirectTo, { type: 'hidden' })} />
				<Field id={fields.name.id} label="Nombre completo" errors={fields.name.errors}>
					<input
						{...getInputProps(fields.name, { type: 'text' })}
						autoComplete="name"
						className={inputClass}
					/>
				</Field>
				<EmailField field={fields.email} />
				<NewPasswordFields
					label="Contraseña"
					password={fields.password}
					confirmPassword={fields.confirmPassword}
				/>
				<SubmitButton pending={pending} pendingLabel="Creando cuenta...">
					Crear cuenta
				</SubmitButton>
			</Form>
			<GoogleSection redirectTo={redirectTo} />
		</AuthLayout>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
