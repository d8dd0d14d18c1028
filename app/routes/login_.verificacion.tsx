import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { authMessages } from '~/auth/messages'
import {
	accountCodeLimitReached,
	clearPendingCookie,
	completePendingSignIn,
	findPendingSignIn,
	readPendingToken,
	recordWrongCode,
} from '~/auth/pending-sign-in.server'
import { checkAuthRateLimit, retryAfterHeaders, tooManyRequests } from '~/auth/rate-limit.server'
import { finishSignIn } from '~/auth/sign-in.server'
import { twoFactorMessages as messages } from '~/auth/two-factor-messages'
import { spendRecoveryCode, verifyTwoFactorCode } from '~/auth/two-factor.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AuthLayout, linkClass } from '~/components/auth-layout'
import { Field, FormAlert, inputClass, SubmitButton } from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { prisma } from '~/utils/db.server'
import { readFormData } from '~/utils/form-data.server'
import { useIsPending } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'
import { redirectWithToast } from '~/utils/toast.server'

/**
 * The second step of a sign-in for an account with two-factor on (see sign-in.server.ts):
 * a code from the authenticator app, or (`?recuperacion=1`) one of the recovery codes.
 */

const VerifySchema = z.discriminatedUnion('mode', [
	z.object({
		mode: z.literal('app'),
		code: z
			.string({ error: messages.codeRequired })
			.trim()
			.transform((value) => value.replace(/\s/g, ''))
			.pipe(z.string().regex(/^\d{6}$/, messages.codeFormat)),
	}),
	z.object({
		mode: z.literal('recovery'),
		code: z.string({ error: messages.recoveryCodeRequired }).trim().max(40),
	}),
])

export const meta: MetaFunction = () =>
	pageMeta({
		title: messages.verifyTitle,
		description: messages.verifySubtitle,
		path: '/login/verificacion',
		noindex: true,
	})

export const handle = { breadcrumb: messages.verifyTitle } satisfies BreadcrumbHandle

export const headers: HeadersFunction = retryAfterHeaders

/** Back to /login with the reason, forgetting the pending sign-in's cookie. */
async function startOver(message: string) {
	return redirectWithToast(
		'/login',
		{ type: 'error', message },
		{ headers: { 'set-cookie': await clearPendingCookie() } },
	)
}

async function livePendingSignIn(request: Request) {
	const token = await readPendingToken(request)
	return token ? findPendingSignIn(token) : null
}

export async function loader({ request }: LoaderFunctionArgs) {
	if (!(await livePendingSignIn(request))) throw await startOver(messages.pendingExpired)
	const recovery = new URL(request.url).searchParams.get('recuperacion') === '1'
	return { mode: recovery ? ('recovery' as const) : ('app' as const) }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const pending = await livePendingSignIn(request)
	if (!pending) return startOver(messages.pendingExpired)
	const submission = parseWithZod(await readFormData(request), { schema: VerifySchema })
	const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
		submission.reply({ ...options, hideFields: ['code'] })
	if (submission.status !== 'success') return data({ result: reply() }, { status: 400 })
	const limit = await checkAuthRateLimit(context.clientAddress, 'two-factor', null)
	if (!limit.allowed) {
		return tooManyRequests(
			{ result: reply({ formErrors: [authMessages.rateLimited] }) },
			limit.retryAfterSeconds,
		)
	}
	if (await accountCodeLimitReached(pending.userId)) {
		return tooManyRequests({ result: reply({ formErrors: [messages.accountLimited] }) }, 15 * 60)
	}
	const { mode, code } = submission.value
	const accepted =
		mode === 'app'
			? await verifyTwoFactorCode(pending.userId, code)
			: await spendRecoveryCode(pending.userId, code)
	if (!accepted) {
		const attemptsLeft = await recordWrongCode(pending.id, pending.userId)
		if (attemptsLeft === 0) return startOver(messages.tooManyWrongCodes)
		const error = mode === 'app' ? messages.wrongCode : messages.wrongRecoveryCode
		return data(
			{ result: reply({ fieldErrors: { code: [error, messages.attemptsLeft(attemptsLeft)] } }) },
			{ status: 400 },
		)
	}
	// Spent once: a second post racing this one finds nothing to finish.
	if (!(await completePendingSignIn(pending.id))) return startOver(messages.pendingExpired)
	const account = await prisma.profile.findUnique({
		where: { id: pending.userId },
		select: { id: true, name: true, email: true, role: true, emailVerifiedAt: true },
	})
	if (!account) return startOver(messages.pendingExpired)
	const left =
		mode === 'recovery'
			? await prisma.recoveryCode.count({ where: { userId: account.id, usedAt: null } })
			: null
	return finishSignIn(request, account, {
		redirectTo: pending.redirectTo,
		toast:
			left === null
				? { type: 'success', message: authMessages.loginSuccess }
				: { type: 'info', message: messages.recoveryCodeUsed(left) },
		headers: new Headers({ 'set-cookie': await clearPendingCookie() }),
	})
}

export default function TwoFactorVerifyPage() {
	const { mode } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const recovery = mode === 'recovery'
	const [form, fields] = useSchemaForm({
		id: `two-factor-${mode}`,
		schema: VerifySchema.options[recovery ? 1 : 0],
		lastResult: actionData?.result,
	})
	const pending = useIsPending({ state: 'submitting' })
	return (
		<AuthLayout
			title={messages.verifyTitle}
			subtitle={recovery ? messages.verifyRecoverySubtitle : messages.verifySubtitle}
			footer={
				<Link to="/login" className={linkClass}>
					{messages.backToLogin}
				</Link>
			}
		>
			<Form method="post" {...getFormProps(form)} className="space-y-5">
				<FormAlert id={form.errorId} title={messages.verifyError} errors={form.errors} />
				<input type="hidden" name="mode" value={mode} />
				<Field
					id={fields.code.id}
					label={recovery ? messages.recoveryCodeLabel : messages.codeLabel}
					errors={fields.code.errors}
				>
					<input
						{...getInputProps(fields.code, { type: 'text' })}
						key={fields.code.key}
						autoComplete="one-time-code"
						inputMode={recovery ? 'text' : 'numeric'}
						autoCapitalize="none"
						spellCheck={false}
						className={inputClass}
					/>
				</Field>
				<SubmitButton pending={pending} pendingLabel={messages.verifyPending}>
					{messages.verifyButton}
				</SubmitButton>
			</Form>
			<p className="mt-6 text-center text-sm">
				<Link
					to={recovery ? '/login/verificacion' : '/login/verificacion?recuperacion=1'}
					className={linkClass}
				>
					{recovery ? messages.useAppCode : messages.spendRecoveryCode}
				</Link>
			</p>
		</AuthLayout>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
