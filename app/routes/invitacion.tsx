import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	redirect,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { type ReactNode } from 'react'
import { getUser } from '~/auth/guards.server'
import { authMessages } from '~/auth/messages'
import { signIn } from '~/auth/sign-in.server'
import { tokenPageHeaders, tokenUrlHeaders } from '~/auth/token-pages.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AuthLayout, linkClass, NewPasswordFields } from '~/components/auth-layout'
import { useSchemaForm } from '~/components/schema-form'
import { Field, FormAlert, inputClass, primaryButtonClass, SubmitButton } from '~/components/forms'
import {
	acceptInvitation,
	accountExists,
	findPendingInvitation,
} from '~/invitations/invitations.server'
import { invitationMessages as m } from '~/invitations/messages'
import { INVITATION_PATH } from '~/invitations/path'
import { acceptInvitationSchema } from '~/invitations/schema'
import { invitationTokenCookie, invitationTokenFrom } from '~/invitations/token-cookie.server'
import { readFormData } from '~/utils/form-data.server'
import { cx, useIsPending } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'

/**
 * Where an invitation's link leads: the invited person chooses a name and a password and
 * is signed in to a new, already confirmed account for the invited address.
 */

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.pageTitle,
		description: m.pageDescription,
		path: INVITATION_PATH,
		noindex: true,
	})

export const handle = { breadcrumb: 'Invitación' } satisfies BreadcrumbHandle

// Never let the address (which carries the token on the first request) leak to other sites.
export const headers = () => tokenPageHeaders

type PageState =
	| { state: 'invalid' }
	| { state: 'exists' }
	| { state: 'signed-in'; email: string }
	| { state: 'ready'; email: string }

export async function loader({ request }: LoaderFunctionArgs): Promise<PageState> {
	const token = new URL(request.url).searchParams.get('token')
	if (token) {
		// Move the token from the address bar into a cookie and show the clean URL. Nothing
		// is spent here: mail scanners open links before the person does.
		const live = (await findPendingInvitation(token)) !== null
		throw redirect(INVITATION_PATH, {
			headers: {
				...tokenUrlHeaders,
				'set-cookie': await invitationTokenCookie().serialize(live ? token : '', {
					maxAge: live ? undefined : 0,
				}),
			},
		})
	}
	const stored = await invitationTokenFrom(request)
	const invitation = stored ? await findPendingInvitation(stored) : null
	if (!invitation) return { state: 'invalid' }
	if (await accountExists(invitation.email)) return { state: 'exists' }
	if (await getUser(request)) return { state: 'signed-in', email: invitation.email }
	return { state: 'ready', email: invitation.email }
}

const hideFields = ['password', 'confirmPassword']

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	const token = await invitationTokenFrom(request)
	const invitation = token ? await findPendingInvitation(token) : null
	const submission = parseWithZod(formData, { schema: acceptInvitationSchema(invitation?.email) })
	const refuse = (status: number, message?: string) =>
		data(
			{ result: submission.reply({ hideFields, ...(message ? { formErrors: [message] } : {}) }) },
			{ status },
		)
	if (!token || !invitation) return refuse(400, m.invalid)
	// Someone signed in would be switched to the new account without noticing.
	if (await getUser(request)) return refuse(403, m.signedIn(invitation.email))
	if (submission.status !== 'success') return refuse(400)

	const result = await acceptInvitation(token, submission.value)
	if (result.status === 'invalid') return refuse(400, m.invalid)
	if (result.status === 'account_exists') return refuse(409, m.exists)
	const headers = new Headers({
		'set-cookie': await invitationTokenCookie().serialize('', { maxAge: 0 }),
	})
	return signIn(request, result.account, {
		redirectTo: null,
		toast: { type: 'success', message: authMessages.registerSuccess },
		headers,
	})
}

function Notice({ title, text, children }: { title: string; text: string; children: ReactNode }) {
	return (
		<AuthLayout title={title}>
			<p role="alert" className="text-sm text-gray-700 dark:text-gray-300">
				{text}
			</p>
			<div className="mt-6">{children}</div>
		</AuthLayout>
	)
}

export default function InvitationPage() {
	const page = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const email = page.state === 'ready' ? page.email : undefined
	const [form, fields] = useSchemaForm({
		id: 'invitacion',
		schema: acceptInvitationSchema(email),
		lastResult: actionData?.result,
	})
	const pending = useIsPending({ state: 'submitting' })

	if (page.state === 'invalid') {
		return (
			<Notice title={m.invalidTitle} text={m.invalid}>
				<Link to="/" className={cx(primaryButtonClass, 'w-full')}>
					{m.goHome}
				</Link>
			</Notice>
		)
	}
	if (page.state === 'exists') {
		return (
			<Notice title={m.existsTitle} text={m.exists}>
				<Link to="/login" className={cx(primaryButtonClass, 'w-full')}>
					{m.goToLogin}
				</Link>
			</Notice>
		)
	}
	if (page.state === 'signed-in') {
		return (
			<Notice title={m.signedInTitle} text={m.signedIn(page.email)}>
				{/* Back here once signed out: the invitation waits in its cookie. */}
				<Form method="post" action="/logout">
					<input type="hidden" name="redirectTo" value={INVITATION_PATH} />
					<button type="submit" className={cx(primaryButtonClass, 'w-full')}>
						{m.logout}
					</button>
				</Form>
			</Notice>
		)
	}
	return (
		<AuthLayout
			title={m.pageTitle}
			subtitle={m.pageIntro(page.email)}
			footer={
				<Link to="/login" className={linkClass}>
					{m.goToLogin}
				</Link>
			}
		>
			<Form method="post" {...getFormProps(form)} className="space-y-5">
				<FormAlert id={form.errorId} errors={form.errors} />
				<Field id="invitacion-correo" label={m.emailLabel}>
					<input
						id="invitacion-correo"
						type="email"
						value={page.email}
						readOnly
						className={cx(inputClass, 'bg-gray-50 dark:bg-gray-800')}
					/>
				</Field>
				<Field id={fields.name.id} label={m.nameLabel} errors={fields.name.errors}>
					<input
						{...getInputProps(fields.name, { type: 'text' })}
						autoComplete="name"
						className={inputClass}
					/>
				</Field>
				<NewPasswordFields
					label={m.passwordLabel}
					password={fields.password}
					confirmPassword={fields.confirmPassword}
				/>
				<SubmitButton pending={pending} pendingLabel={m.creating}>
					{m.create}
				</SubmitButton>
			</Form>
		</AuthLayout>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
