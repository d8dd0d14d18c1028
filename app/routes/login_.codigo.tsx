import { getFormProps, getInputProps } from '@conform-to/react'
import {
	data,
	redirect,
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { z } from 'zod'
import { parseAuthForm } from '~/auth/auth-form.server'
import { pendingEmailCodeCookie, readPendingEmailCode } from '~/auth/email-code-cookies.server'
import { checkEmailCodeCaps, requestEmailCode, verifyEmailCode } from '~/auth/email-code.server'
import { requireAnonymous } from '~/auth/guards.server'
import { HoneypotField } from '~/auth/honeypot'
import { authMessages } from '~/auth/messages'
import { emailSchema, honeypotSchema, redirectToSchema } from '~/auth/password-policy'
import { checkAuthRateLimit, retryAfterHeaders } from '~/auth/rate-limit.server'
import { signIn } from '~/auth/sign-in.server'
import { AuthLayout, EmailField, linkClass } from '~/components/auth-layout'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Field, FormAlert, inputClass, SubmitButton } from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { readFormData } from '~/utils/form-data.server'
import { useIsPending } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'

const SendSchema = z.object({
	email: emailSchema,
	redirectTo: redirectToSchema,
	sitio_web_empresa: honeypotSchema,
})

const VerifySchema = z.object({
	// Typed or pasted any way ("123 456", "123-456"): only the digits count.
	code: z
		.string({ error: authMessages.required })
		.max(20, authMessages.emailCodeFormat)
		.transform((value) => value.replace(/[\s-]/g, ''))
		.pipe(z.string().regex(/^\d{6}$/, authMessages.emailCodeFormat)),
	sitio_web_empresa: honeypotSchema,
})

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Recibir un código por correo',
		description: 'Inicia sesión en Frasea con un código que te enviamos por correo electrónico.',
		path: '/login/codigo',
		noindex: true,
	})

export const handle = { breadcrumb: 'Código por correo' } satisfies BreadcrumbHandle

export const headers: HeadersFunction = retryAfterHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAnonymous(request)
	const pending = await readPendingEmailCode(request)
	// `?otro` shows the address form again (for another code or another address).
	const askAgain = new URL(request.url).searchParams.has('otro')
	return {
		step: pending && !askAgain ? ('code' as const) : ('email' as const),
		email: pending?.email ?? null,
		redirectTo: pending?.redirectTo ?? null,
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	await requireAnonymous(request)
	const formData = await readFormData(request)
	return formData.get('intent') === 'verify'
		? verify(request, formData, context.clientAddress)
		: send(formData, context.clientAddress)
}

async function send(formData: FormData, clientAddress: string) {
	const form = await parseAuthForm(formData, {
		schema: SendSchema,
		rateLimit: ({ email }) => checkAuthRateLimit(clientAddress, 'email-code', email),
	})
	if (form.refusal) return withIntent('send', form.refusal)
	const { email, redirectTo } = form.submission.value
	const caps = await checkEmailCodeCaps(clientAddress, email)
	if (!caps.allowed) {
		return withIntent(
			'send',
			form.reply({
				formError:
					caps.reason === 'client'
						? authMessages.emailCodeClientCapped
						: authMessages.emailCodeAddressCapped,
				retryAfterSeconds: caps.retryAfterSeconds,
			}),
		)
	}
	await requestEmailCode(email)
	// The same answer whether or not the address has an account: the code page. A redirect,
	// so reloading it sends nothing again.
	return redirect('/login/codigo', {
		headers: {
			'set-cookie': await pendingEmailCodeCookie().serialize({
				email,
				redirectTo: redirectTo ?? null,
			}),
		},
	})
}

async function verify(request: Request, formData: FormData, clientAddress: string) {
	const form = await parseAuthForm(formData, {
		schema: VerifySchema,
		// Per client address: each code also dies after five wrong tries, whoever makes them.
		rateLimit: () => checkAuthRateLimit(clientAddress, 'email-code-verify', null),
	})
	if (form.refusal) return withIntent('verify', form.refusal)
	const pending = await readPendingEmailCode(request)
	const account = pending ? await verifyEmailCode(pending.email, form.submission.value.code) : null
	if (!pending || !account) {
		return withIntent(
			'verify',
			form.reply({ fieldErrors: { code: [authMessages.emailCodeInvalid] } }),
		)
	}
	const headers = new Headers({
		'set-cookie': await pendingEmailCodeCookie().serialize('', { maxAge: 0 }),
	})
	return signIn(request, account, {
		redirectTo: pending.redirectTo,
		toast: { type: 'success', message: authMessages.loginSuccess },
		headers,
		method: 'email_code',
	})
}

/** Says which of the page's two forms an answer belongs to. */
function withIntent<T extends object>(
	intent: 'send' | 'verify',
	answer: { data: T; init: ResponseInit | null },
) {
	return data({ intent, ...answer.data }, answer.init ?? undefined)
}

export default function EmailCodePage() {
	const { step, email, redirectTo } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	// After a refused code the page stays on the code form, whatever the loader said.
	const showCode = actionData?.intent === 'verify' || (step === 'code' && !actionData)
	return (
		<AuthLayout
			title="Recibir un código por correo"
			subtitle={
				showCode
					? undefined
					: 'Escribe el correo electrónico de tu cuenta y te enviaremos un código de 6 cifras y un enlace para entrar, sin contraseña.'
			}
			footer={
				<Link to="/login" className={linkClass}>
					Volver a Iniciar Sesión
				</Link>
			}
		>
			{showCode ? (
				<CodeForm
					email={email}
					result={actionData?.intent === 'verify' ? actionData.result : null}
				/>
			) : (
				<SendForm
					email={email}
					redirectTo={searchParams.get('redirectTo') ?? redirectTo}
					result={actionData?.intent === 'send' ? actionData.result : null}
				/>
			)}
		</AuthLayout>
	)
}

type Result = NonNullable<ReturnType<typeof useActionData<typeof action>>>['result']

function SendForm({
	email,
	redirectTo,
	result,
}: {
	email: string | null
	redirectTo: string | null
	result: Result | null
}) {
	const [form, fields] = useSchemaForm({
		id: 'email-code-send',
		schema: SendSchema,
		lastResult: result,
		defaultValue: { email, redirectTo },
	})
	const pending = useIsPending({ state: 'submitting' })
	return (
		<Form
			method="post"
			action="/login/codigo"
			{...getFormProps(form)}
			className="relative space-y-5"
		>
			<FormAlert id={form.errorId} errors={form.errors} />
			<HoneypotField />
			<input type="hidden" name="intent" value="send" />
			<input {...getInputProps(fields.redirectTo, { type: 'hidden' })} />
			<EmailField field={fields.email} />
			<SubmitButton pending={pending} pendingLabel="Enviando...">
				Enviar código
			</SubmitButton>
		</Form>
	)
}

function CodeForm({ email, result }: { email: string | null; result: Result | null }) {
	const [form, fields] = useSchemaForm({
		id: 'email-code-verify',
		schema: VerifySchema,
		lastResult: result,
	})
	const pending = useIsPending({ state: 'submitting' })
	return (
		<>
			<p
				role="status"
				className="mb-5 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-500/40 dark:bg-emerald-950 dark:text-emerald-100"
			>
				{authMessages.emailCodeSent}
				{email ? <span className="mt-1 block font-medium">{email}</span> : null}
			</p>
			<Form
				method="post"
				action="/login/codigo"
				{...getFormProps(form)}
				className="relative space-y-5"
			>
				<FormAlert id={form.errorId} errors={form.errors} />
				<HoneypotField />
				<input type="hidden" name="intent" value="verify" />
				<Field id={fields.code.id} label="Código" errors={fields.code.errors}>
					<input
						{...getInputProps(fields.code, { type: 'text' })}
						autoComplete="one-time-code"
						inputMode="numeric"
						className={inputClass}
					/>
				</Field>
				<SubmitButton pending={pending} pendingLabel="Comprobando...">
					Iniciar sesión
				</SubmitButton>
			</Form>
			<p className="mt-5 text-center text-sm text-gray-600 dark:text-gray-400">
				¿No te ha llegado?{' '}
				<Link to="/login/codigo?otro" className={linkClass}>
					Pedir otro código
				</Link>
			</p>
		</>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
