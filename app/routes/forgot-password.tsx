import { getFormProps } from '@conform-to/react'
import {
	data,
	type HeadersFunction,
	type ActionFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData } from '@remix-run/react'
import { z } from 'zod'
import { parseAuthForm } from '~/auth/auth-form.server'
import { HoneypotField } from '~/auth/honeypot'
import { authMessages } from '~/auth/messages'
import { emailSchema, honeypotSchema } from '~/auth/password-policy'
import { checkRecoveryMailCaps, requestPasswordReset } from '~/auth/password-reset.server'
import { checkAuthRateLimit, retryAfterHeaders } from '~/auth/rate-limit.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AuthLayout, EmailField, linkClass } from '~/components/auth-layout'
import { useSchemaForm } from '~/components/schema-form'
import { FormAlert, SubmitButton } from '~/components/forms'
import { useIsPending } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'
import { readFormData } from '~/utils/form-data.server'

const ForgotPasswordSchema = z.object({ email: emailSchema, sitio_web_empresa: honeypotSchema })

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Recuperar contraseña',
		description: 'Recibe un enlace para restablecer la contraseña de tu cuenta de Frasea.',
		path: '/forgot-password',
	})

export const handle = { breadcrumb: 'Recuperar contraseña' } satisfies BreadcrumbHandle

export const headers: HeadersFunction = retryAfterHeaders

export async function action({ request, context }: ActionFunctionArgs) {
	const form = await parseAuthForm(await readFormData(request), {
		schema: ForgotPasswordSchema,
		rateLimit: ({ email }) => checkAuthRateLimit(context.clientAddress, 'forgot-password', email),
	})
	if (form.refusal) return form.refusal
	const { email } = form.submission.value
	// Counted on the address whether or not an account has it: the refusal reveals nothing.
	const caps = await checkRecoveryMailCaps(email)
	if (!caps.allowed) {
		return form.reply({
			formError: authMessages.recoveryMailCapped,
			retryAfterSeconds: caps.retryAfterSeconds,
		})
	}
	await requestPasswordReset(email)
	// The same answer whether or not the account exists.
	return data({ result: form.submission.reply({ resetForm: true }), sent: true })
}

export default function ForgotPasswordPage() {
	const actionData = useActionData<typeof action>()
	const [form, fields] = useSchemaForm({
		id: 'forgot-password',
		schema: ForgotPasswordSchema,
		lastResult: actionData?.result,
	})
	const pending = useIsPending({ state: 'submitting' })
	return (
		<AuthLayout
			title="Recuperar contraseña"
			subtitle="Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva."
			footer={
				<Link to="/login" className={linkClass}>
					Volver a Iniciar Sesión
				</Link>
			}
		>
			{actionData && 'sent' in actionData ? (
				<p
					role="status"
					className="mb-5 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-500/40 dark:bg-emerald-950 dark:text-emerald-100"
				>
					{authMessages.resetRequested}
				</p>
			) : null}
			<Form method="post" {...getFormProps(form)} className="relative space-y-5">
				<FormAlert id={form.errorId} errors={form.errors} />
				<HoneypotField />
				<EmailField field={fields.email} />
				<SubmitButton pending={pending} pendingLabel="Enviando...">
					Enviar enlace
				</SubmitButton>
			</Form>
		</AuthLayout>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
