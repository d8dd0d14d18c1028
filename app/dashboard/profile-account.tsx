import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, useActionData, useLocation } from '@remix-run/react'
import { type ReactNode } from 'react'
import { NewPasswordFields } from '~/components/auth-layout'
import {
	dangerButtonClass,
	Field,
	FormAlert,
	inputClass,
	secondaryButtonClass,
	SubmitButton,
	Toggle,
} from '~/components/forms'
import { ResendVerificationForm } from '~/components/resend-verification-form'
import { useGoogleEnabled } from '~/components/google-button'
import { useSchemaForm } from '~/components/schema-form'
import { useIsPending, usePendingIntent } from '~/utils/misc'
import { ConfirmStep } from './confirm-step'
import { formatDate } from './dates'
import { LINK_GOOGLE_INTENT, passwordSchema, PROFILE_INTENT, PROFILE_TABS } from './profile-forms'
import { identityMessages, profileMessages as messages } from './profile-messages'
import { type ProfilePageData } from './profile-page'

/** The profile's 'Cuenta' tab: the account's facts and its password form. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
	return (
		<>
			<dt className="text-sm font-medium text-gray-500 dark:text-gray-400">{term}</dt>
			<dd className="break-all text-gray-900 dark:text-gray-100">{children}</dd>
		</>
	)
}

export function AccountTab({
	data,
	lastResult,
	basePath,
}: {
	data: ProfilePageData
	lastResult: SubmissionResult<string[]> | null | undefined
	basePath: string
}) {
	const { profile } = data
	const location = useLocation()
	const methods = [
		data.hasPassword ? identityMessages.methodPassword : null,
		data.hasGoogle ? identityMessages.methodGoogle : null,
	].filter(Boolean)
	const accountHref = `${basePath}?tab=${PROFILE_TABS.account}`
	return (
		<>
			<h2 className="text-lg font-semibold text-gray-900 dark:text-white">{messages.accountTab}</h2>
			<dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]" data-testid="cuenta">
				<Fact term="Tipo de cuenta">{data.isAdmin ? messages.admin : messages.standardUser}</Fact>
				<Fact term="ID de usuario">
					<code>{profile.id}</code>
				</Fact>
				<Fact term="Fecha de registro">
					{profile.createdAt ? formatDate(profile.createdAt) : messages.notAvailable}
				</Fact>
				<Fact term="Correo electrónico">{profile.email}</Fact>
				<Fact term="Formas de iniciar sesión">
					{methods.length ? methods.join(' · ') : messages.notAvailable}
				</Fact>
			</dl>
			<SignInMethods data={data} action={accountHref} />
			<PasswordForm
				// A new page (the redirect after a change) starts with empty fields.
				key={location.key}
				hasPassword={data.hasPassword}
				email={profile.email}
				lastResult={lastResult}
				action={accountHref}
			/>
			<p className="mt-6 text-sm text-gray-600 dark:text-gray-400">{messages.emailReadOnly}</p>
		</>
	)
}

/** What the profile action answers to 'Desvincular Google' short of doing it. */
type IdentityActionData = { identity?: { error?: string; confirmUnlink?: boolean } } | undefined

/**
 * The account's ways in, with 'Vincular Google' (a POST to /auth/google, which starts the
 * Google flow as a link) and 'Desvincular Google' (a POST here, confirmed in a second step).
 */
function SignInMethods({ data, action }: { data: ProfilePageData; action: string }) {
	const googleEnabled = useGoogleEnabled()
	const answer = useActionData<IdentityActionData>()?.identity
	const linking = useIsPending({ formAction: '/auth/google' })
	const unlinking = usePendingIntent() === PROFILE_INTENT.unlinkGoogle
	const errorId = 'google-error'
	const rowClass = 'flex flex-wrap items-center justify-between gap-3 py-3'
	return (
		<section
			aria-labelledby="formas-titulo"
			className="mt-8 border-t border-gray-200 pt-6 dark:border-white/10"
		>
			<h3 id="formas-titulo" className="font-semibold text-gray-900 dark:text-white">
				{identityMessages.methodsTitle}
			</h3>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
				{identityMessages.methodsIntro}
			</p>
			<ul className="mt-2 divide-y divide-gray-200 dark:divide-white/10" data-testid="formas">
				{data.hasPassword ? (
					<li className={rowClass}>
						<span className="text-gray-900 dark:text-gray-100">
							{identityMessages.methodPassword}
						</span>
						<span className="text-sm text-gray-600 dark:text-gray-400">
							{identityMessages.linked}
						</span>
					</li>
				) : null}
				{data.hasGoogle || googleEnabled ? (
					<li className={rowClass} data-testid="metodo-google">
						<span className="text-gray-900 dark:text-gray-100">
							{identityMessages.methodGoogle}{' '}
							<span className="text-sm text-gray-600 dark:text-gray-400">
								({data.hasGoogle ? identityMessages.linked : identityMessages.notLinked})
							</span>
						</span>
						{data.hasGoogle ? (
							<Form method="post" action={action}>
								<input type="hidden" name="intent" value={PROFILE_INTENT.unlinkGoogle} />
								<button
									type="submit"
									className={dangerButtonClass}
									aria-disabled={unlinking || undefined}
									aria-describedby={answer?.error ? errorId : undefined}
								>
									{identityMessages.unlinkGoogle}
								</button>
							</Form>
						) : !data.emailVerified ? (
							<div className="w-full space-y-2">
								<p className="text-sm text-gray-600 dark:text-gray-400">
									{identityMessages.unconfirmed}
								</p>
								<ResendVerificationForm redirectTo={action}>
									{identityMessages.resendConfirmation}
								</ResendVerificationForm>
							</div>
						) : (
							<Form method="post" action="/auth/google">
								<input type="hidden" name="intent" value={LINK_GOOGLE_INTENT} />
								<button
									type="submit"
									className={secondaryButtonClass}
									aria-disabled={linking || undefined}
								>
									{linking ? identityMessages.linkGooglePending : identityMessages.linkGoogle}
								</button>
							</Form>
						)}
						{answer?.error ? (
							<p
								id={errorId}
								role="alert"
								className="w-full text-sm text-red-700 dark:text-red-400"
							>
								{answer.error}
							</p>
						) : null}
					</li>
				) : null}
			</ul>
			{answer?.confirmUnlink ? (
				<ConfirmStep
					title={identityMessages.confirmUnlinkTitle}
					confirmLabel={identityMessages.unlinkGoogle}
					cancelHref={action}
					fields={[['intent', PROFILE_INTENT.unlinkGoogle]]}
				>
					<p>{identityMessages.confirmUnlinkBody}</p>
				</ConfirmStep>
			) : null}
		</section>
	)
}

function PasswordForm({
	hasPassword,
	email,
	lastResult,
	action,
}: {
	hasPassword: boolean
	email: string
	lastResult: SubmissionResult<string[]> | null | undefined
	action: string
}) {
	const [form, fields] = useSchemaForm({
		id: 'contrasena',
		schema: passwordSchema(email),
		lastResult,
	})
	const intent = hasPassword ? PROFILE_INTENT.changePassword : PROFILE_INTENT.setPassword
	const pending = usePendingIntent() === intent
	const title = hasPassword ? 'Cambiar contraseña' : 'Crear una contraseña'
	return (
		<section
			aria-labelledby="contrasena-titulo"
			className="mt-8 border-t border-gray-200 pt-6 dark:border-white/10"
		>
			<h3 id="contrasena-titulo" className="font-semibold text-gray-900 dark:text-white">
				{title}
			</h3>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
				{hasPassword
					? 'Si alguien más pudiera conocer tu contraseña, cierra también la sesión en tus otros dispositivos; en este seguirás dentro.'
					: 'Ahora entras con Google. Con una contraseña podrás iniciar sesión también con tu correo electrónico.'}
			</p>
			<Form
				method="post"
				action={action}
				{...getFormProps(form)}
				className="mt-4 max-w-md space-y-5"
			>
				<input type="hidden" name="intent" value={intent} />
				<FormAlert id={form.errorId} errors={form.errors} />
				{hasPassword ? (
					<Field
						id={fields.currentPassword.id}
						label="Contraseña actual"
						errors={fields.currentPassword.errors}
					>
						<input
							{...getInputProps(fields.currentPassword, { type: 'password' })}
							required
							autoComplete="current-password"
							className={inputClass}
						/>
					</Field>
				) : null}
				<NewPasswordFields
					label="Nueva contraseña"
					password={fields.password}
					confirmPassword={fields.confirmPassword}
				/>
				<Toggle name="closeOtherSessions" label={messages.closeOtherSessions} defaultChecked />
				<SubmitButton pending={pending} pendingLabel="Guardando..." className="sm:w-auto">
					{hasPassword ? 'Cambiar contraseña' : 'Crear contraseña'}
				</SubmitButton>
			</Form>
		</section>
	)
}
