import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	type HeadersFunction,
	type ActionFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { isHoneypotFilled } from '~/auth/honeypot.server'
import { HoneypotField } from '~/auth/honeypot'
import { authMessages } from '~/auth/messages'
import { emailSchema, honeypotSchema } from '~/auth/password-policy'
import { checkRecoveryMailCaps, requestPasswordReset } from '~/auth/password-reset.server'
import { checkAuthRateLimit, retryAfterHeaders, tooManyRequests } from '~/auth/rate-limit.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AuthLayout, EmailField, linkClass } from '~/components/auth-layout'
import { FormAlert, SubmitButton } from '~/components/forms'
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
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: ForgotPasswordSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply(), sent: false }, { status: 400 })
	}
	if (isHoneypotFilled(formData)) {
		return data(
			{ result: submission.reply({ formErrors: [authMessages.honeypot] }), sent: false },
			{ status: 400 },
		)
	}
	const { email } = submission.value
	const limit = await checkAuthRateLimit(context.clientAddress, 'forgot-password', email)
	if (!limit.allowed) {
		return tooManyRequests(
			{ result: submission.reply({ formErrors: [authMessages.rateLimited] }), sent: false },
			limit.retryAfterSeconds,
		)
	}
	// Counted on the address whether or not an account has it: the refusal reveals nothing.
	const caps = await checkRecoveryMailCaps(email)
	if (!caps.allowed) {
		return tooManyRequests(
			{ result: submission.reply({ formErrors: [authMessages.recoveryMailCapped] }), sent: false },
			caps.retryAfterSeconds,
		)
	}
	await requestPasswordReset(email)
	// The same answer whether or not the account exists.
	return data({ result: submission.reply({ resetForm: true }), sent: true })
}

export default function ForgotPasswordPage() {
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const [form, fields] = useForm({
		id: 'forgot-password',
		constraint: getZodConstraint(ForgotPasswordSchema),
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
		shouldRevalidate: 'onBlur',
	})
	const pending = navigation.state === 'submitting' && navigation.formAction === '/forgot-password'
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
			{actionData?.sent ? (
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
