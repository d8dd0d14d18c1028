import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	redirect,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { authMessages } from '~/auth/messages'
import { passwordFieldSchema, refineNewPassword } from '~/auth/password-policy'
import { findPasswordReset, resetPassword } from '~/auth/password-reset.server'
import { reclaimedMessage } from '~/auth/reclaim.server'
import { readTokenCookie, resetTokenCookie } from '~/auth/token-cookies.server'
import { tokenPageHeaders, tokenUrlHeaders } from '~/auth/token-pages.server'
import { signIn } from '~/auth/sign-in.server'
import { prisma } from '~/utils/db.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AuthLayout, linkClass, NewPasswordFields } from '~/components/auth-layout'
import { useSchemaForm } from '~/components/schema-form'
import { FormAlert, primaryButtonClass, SubmitButton } from '~/components/forms'
import { cx, useIsPending } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'
import { readFormData } from '~/utils/form-data.server'

/** The account's e-mail is only known on the server; the browser checks the rest. */
function resetPasswordSchema(email?: string) {
	return z
		.object({ password: passwordFieldSchema, confirmPassword: passwordFieldSchema })
		.superRefine((value, ctx) => refineNewPassword(value, email, ctx), { when: () => true })
}

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Nueva contraseña',
		description: 'Elige una contraseña nueva para tu cuenta de Frasea.',
		path: '/reset-password',
		noindex: true,
	})

export const handle = { breadcrumb: 'Nueva contraseña' } satisfies BreadcrumbHandle

// Never let the address (which carries the token on the first request) leak to other sites.
export const headers = () => tokenPageHeaders

const tokenFromCookie = (request: Request) => readTokenCookie(resetTokenCookie(), request)

export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token')
	if (token) {
		// Move the token from the address bar (history, screenshots) into a cookie and show
		// the clean URL. Nothing is spent here: mail scanners open links before the person
		// does, and only the form's POST uses the token up.
		const live = (await findPasswordReset(token)) !== null
		return redirect('/reset-password', {
			headers: {
				...tokenUrlHeaders,
				'set-cookie': live
					? await resetTokenCookie().serialize(token)
					: await resetTokenCookie().serialize('', { maxAge: 0 }),
			},
		})
	}
	const stored = await tokenFromCookie(request)
	const reset = stored ? await findPasswordReset(stored) : null
	return { valid: reset !== null }
}

const hideFields = ['password', 'confirmPassword']

export async function action({ request }: ActionFunctionArgs) {
	const token = await tokenFromCookie(request)
	const reset = token ? await findPasswordReset(token) : null
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: resetPasswordSchema(reset?.user.email) })
	if (!token || !reset) {
		return data(
			{ result: submission.reply({ formErrors: [authMessages.resetLinkInvalid], hideFields }) },
			{ status: 400 },
		)
	}
	if (submission.status !== 'success') {
		return data({ result: submission.reply({ hideFields }) }, { status: 400 })
	}
	const outcome = await resetPassword(token, submission.value.password)
	if (!outcome) {
		return data(
			{ result: submission.reply({ formErrors: [authMessages.resetLinkInvalid], hideFields }) },
			{ status: 400 },
		)
	}
	const account = await prisma.profile.findUniqueOrThrow({
		where: { id: outcome.userId },
		select: { id: true, name: true, email: true, role: true, emailVerifiedAt: true },
	})
	const headers = new Headers({
		'set-cookie': await resetTokenCookie().serialize('', { maxAge: 0 }),
	})
	const message = outcome.reclaimed
		? `${authMessages.passwordUpdated}. ${reclaimedMessage(outcome.reclaimed)}`
		: authMessages.passwordUpdated
	return signIn(request, account, {
		redirectTo: null,
		toast: { type: outcome.reclaimed ? 'info' : 'success', message },
		// The password is changed even if the code never comes: the code page says so.
		toastIsDone: true,
		headers,
	})
}

export default function ResetPasswordPage() {
	const { valid } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const schema = resetPasswordSchema()
	const [form, fields] = useSchemaForm({
		id: 'reset-password',
		schema: schema,
		lastResult: actionData?.result,
	})
	const pending = useIsPending({ state: 'submitting' })
	if (!valid) {
		return (
			<AuthLayout title="Enlace no válido">
				<p role="alert" className="text-sm text-gray-700 dark:text-gray-300">
					{authMessages.resetLinkInvalid}
				</p>
				<Link to="/forgot-password" className={cx(primaryButtonClass, 'mt-6 w-full')}>
					Pedir un enlace nuevo
				</Link>
			</AuthLayout>
		)
	}
	return (
		<AuthLayout
			title="Nueva contraseña"
			subtitle="Elige una contraseña nueva. Al guardarla se cerrará la sesión en todos tus dispositivos."
			footer={
				<Link to="/login" className={linkClass}>
					Volver a Iniciar Sesión
				</Link>
			}
		>
			<Form method="post" {...getFormProps(form)} className="space-y-5">
				<FormAlert id={form.errorId} errors={form.errors} />
				<NewPasswordFields
					label="Nueva contraseña"
					password={fields.password}
					confirmPassword={fields.confirmPassword}
				/>
				<SubmitButton pending={pending} pendingLabel="Guardando...">
					Guardar contraseña
				</SubmitButton>
			</Form>
		</AuthLayout>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
